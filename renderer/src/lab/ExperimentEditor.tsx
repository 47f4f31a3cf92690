/**
 * The experiment's JSON in Monaco, validated against the experiment schema (zod's JSON Schema
 * export, core/experiments/schema.ts) with hover docs. Loaded on first open of the lab (Monaco
 * is large).
 */
import { type SyntheticEvent, useEffect, useMemo, useRef } from 'react';
import Editor from '@monaco-editor/react';
import { monacoTheme, themeStore } from '../state/themeState.ts';
import { useSlice } from '../state/store.ts';
import { EXPERIMENT_MODEL_URI, monaco } from '../json/monacoSetup.ts';

// Monaco's JSON mode and both schemas are set up once in monacoSetup.ts, shared with the
// scenario editor.
export { EXPERIMENT_MODEL_URI, loadJsonMode } from '../json/monacoSetup.ts';

type CodeEditor = ReturnType<typeof monaco.editor.create>;

/** Quiet time after typing before the text is read. */
const TYPING_DELAY_MS = 400;

export default function ExperimentEditor({ text, readOnly, onChange }: { text: string; readOnly: boolean; onChange: (text: string) => void }) {
  // Monaco's theme follows the app's (it stayed dark in the light theme).
  const theme = monacoTheme(useSlice(themeStore, (s) => s.effective));
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
  // updateOptions, which recomputes every option and re-renders the editor (5-10 ms of CPU, too
  // much for one task while the solver workers take the cores), on each render of the lab.
  const options = useMemo(() => ({ minimap: { enabled: false }, fontSize: 12, scrollBeyondLastLine: false, automaticLayout: true, tabSize: 2 }), []);

  useEffect(() => {
    // Locked while the editor has the focus (a click on Run moves it, a shortcut may not).
    if (readOnly && editorRef.current?.hasTextFocus() && document.activeElement instanceof HTMLElement) document.activeElement.blur();
  }, [readOnly]);

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

  // Read-only while a sweep runs (it keeps its definition): the editor may not take the focus
  // (so no typing, pasting or shortcuts), and drops and its context menu's edits are stopped
  // before Monaco sees them; scrolling and reading still work. Not Monaco's readOnly option,
  // whose change re-renders the editor (5-10 ms), nor `inert`, which restyles every element
  // in it (6 ms): either made a long task of starting a sweep on a busy machine.
  const block = (event: SyntheticEvent) => {
    if (!readOnly) return;
    event.preventDefault();
    event.stopPropagation();
  };
  return (
    <div
      className="lab-editor"
      data-testid="lab-editor"
      data-readonly={readOnly}
      onFocusCapture={(event) => readOnly && event.target instanceof HTMLElement && event.target.blur()}
      onKeyDownCapture={block}
      onPasteCapture={block}
      onCutCapture={block}
      onDropCapture={block}
      onDragOverCapture={block}
      onContextMenuCapture={block}
    >
      <Editor
        path={EXPERIMENT_MODEL_URI}
        defaultLanguage="json"
        defaultValue={text}
        theme={theme}
        onMount={onMount}
        options={options}
      />
    </div>
  );
}
