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
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';
import { loader } from '@monaco-editor/react';
import { scenarioJsonSchema } from '../../../core/scenario/schema.ts';
import { JSON_FILE_NAME } from './jsonSync.ts';

export const SCENARIO_MODEL_URI = `inmemory://mapf-lab/${JSON_FILE_NAME}`;

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
  }
}

self.MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};

// The scenario schema (zod's JSON Schema export): validation and the fields' hover documentation.
jsonDefaults.setDiagnosticsOptions({
  validate: true,
  allowComments: false,
  enableSchemaRequest: false,
  schemas: [{ uri: 'inmemory://mapf-lab/scenario.schema.json', fileMatch: [SCENARIO_MODEL_URI], schema: scenarioJsonSchema() }],
});

loader.config({ monaco });

export { monaco };
