/**
 * Monaco, bundled locally (no CDN: the app has no network and its CSP forbids remote scripts).
 * Monaco 0.56+ entry points: 'monaco-editor/editor' is the bare editor API; features and the
 * JSON language service are opted into one by one, which keeps the bundle small. Workers are
 * separate files built by Vite (?worker), allowed by the CSP's worker-src 'self'.
 */
import * as monaco from 'monaco-editor/editor';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/suggest/register';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/contextmenu/register';
import { getWorker, jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
import { loader } from '@monaco-editor/react';
import { scenarioJsonSchema } from '../../../core/scenario/schema.ts';
import { experimentJsonSchema } from '../../../core/experiments/schema.ts';
import { JSON_FILE_NAME } from './jsonSync.ts';

export const SCENARIO_MODEL_URI = `inmemory://mapf-lab/${JSON_FILE_NAME}`;
export const EXPERIMENT_MODEL_URI = 'inmemory://mapf-lab/experiment.json';

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
  }
}

self.MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};

// Both file formats' schemas (zod's JSON Schema exports), registered once for every editor:
// validation and the fields' hover documentation.
jsonDefaults.setDiagnosticsOptions({
  validate: true,
  allowComments: false,
  enableSchemaRequest: false,
  schemas: [
    { uri: 'inmemory://mapf-lab/scenario.schema.json', fileMatch: [SCENARIO_MODEL_URI], schema: scenarioJsonSchema() },
    { uri: 'inmemory://mapf-lab/experiment.schema.json', fileMatch: [EXPERIMENT_MODEL_URI], schema: experimentJsonSchema() },
  ],
});

/**
 * Loads Monaco's JSON mode; every editor (scenario or experiment) must wait for it before it
 * mounts. The mode, otherwise loaded lazily by the first JSON model, registers editor
 * contributions and their services (code lens, drag and drop …); services registered after the
 * first editor started Monaco's services are missing for every later editor, which then throws
 * "depends on UNKNOWN service ICodeLensCache". getWorker imports the mode; its answer (a worker
 * or "not registered yet") does not matter.
 */
export function loadJsonMode(): Promise<void> {
  return getWorker().then(
    () => undefined,
    () => undefined,
  );
}

loader.config({ monaco });

export { monaco };
