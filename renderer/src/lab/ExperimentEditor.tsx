/**
 * The experiment's JSON in Monaco, validated against the experiment schema (zod's JSON Schema
 * export, core/experiments/schema.ts) with hover docs. Loaded on first open of the lab (Monaco
 * is large). The scenario editor's schema stays registered beside it.
 */
import { useEffect, useRef } from 'react';
import Editor from '@monaco-editor/react';
import { getWorker, jsonDefaults } from 'monaco-editor/languages/features/json/register';
import { monaco, SCENARIO_MODEL_URI } from '../json/monacoSetup.ts';
import { scenarioJsonSchema } from '../../../core/scenario/schema.ts';
import { experimentJsonSchema } from '../../../core/experiments/schema.ts';

export const EXPERIMENT_MODEL_URI = 'inmemory://mapf-lab/experiment.json';

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
 * Loads Monaco's JSON mode; call before the first editor mounts. The mode (otherwise loaded
 * lazily by the first JSON model) registers editor contributions and their services (code
 * lens, drag and drop …); services registered after the first editor started Monaco's services
 * are missing for every later editor, which then throws "depends on UNKNOWN service
 * ICodeLensCache" or "treeViewsDndService". getWorker imports the mode; its answer (a worker or
 * "not registered yet") does not matter.
 */
export function loadJsonMode(): Promise<void> {
  return getWorker().then(() => undefined, () => undefined);
}

type CodeEditor = ReturnType<typeof monaco.editor.create>;

/** Quiet time after typing before the text is read. */
const TYPING_DELAY_MS = 400;

export default function ExperimentEditor({ text, readOnly, onChange }: { text: string; readOnly: boolean; onChange: (text: string) => void }) {
  const editorRef = useRef<CodeEditor | null>(null);
  const timer = useRef(0);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // Text from the form (or a resumed definition) replaces the editor's when it differs.
  useEffect(() => {
    const editor = editorRef.current;
    if (editor && editor.getValue() !== text) {
      window.clearTimeout(timer.current);
      editor.setValue(text);
    }
  }, [text]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onMount = (editor: CodeEditor) => {
    editorRef.current = editor;
    editor.onDidChangeModelContent(() => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        const value = editor.getValue();
        onChangeRef.current(value);
      }, TYPING_DELAY_MS);
    });
  };

  return (
    <div className="lab-editor" data-testid="lab-editor">
      <Editor
        path={EXPERIMENT_MODEL_URI}
        defaultLanguage="json"
        defaultValue={text}
        theme="vs-dark"
        onMount={onMount}
        options={{ minimap: { enabled: false }, fontSize: 12, scrollBeyondLastLine: false, automaticLayout: true, tabSize: 2, readOnly }}
      />
    </div>
  );
}
