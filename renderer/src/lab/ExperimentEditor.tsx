/**
 * The experiment's JSON in Monaco, validated against the experiment schema (zod's JSON Schema
 * export, core/experiments/schema.ts) with hover docs. Loaded on first open of the lab (Monaco
 * is large).
 */
import { useEffect, useMemo, useRef } from 'react';
import Editor from '@monaco-editor/react';
import { EXPERIMENT_MODEL_URI, monaco } from '../json/monacoSetup.ts';

// Monaco's JSON mode and both schemas are set up once in monacoSetup.ts, shared with the
// scenario editor.
export { EXPERIMENT_MODEL_URI, loadJsonMode } from '../json/monacoSetup.ts';

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

  // One options object for the editor's life: the wrapper hands a new one to Monaco's
  // updateOptions, which recomputes every option, on each render of the lab. readOnly changes
  // when a sweep starts and ends: it is applied in a task of its own, not in Run's click.
  const readOnlyRef = useRef(readOnly);
  readOnlyRef.current = readOnly;
  const options = useMemo(() => ({ minimap: { enabled: false }, fontSize: 12, scrollBeyondLastLine: false, automaticLayout: true, tabSize: 2, readOnly: readOnlyRef.current }), []);
  useEffect(() => {
    const timeout = window.setTimeout(() => editorRef.current?.updateOptions({ readOnly }), 0);
    return () => window.clearTimeout(timeout);
  }, [readOnly]);

  const onMount = (editor: CodeEditor) => {
    editorRef.current = editor;
    // readOnly may have changed while Monaco loaded.
    if (editor.getRawOptions().readOnly !== readOnlyRef.current) editor.updateOptions({ readOnly: readOnlyRef.current });
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
        options={options}
      />
    </div>
  );
}
