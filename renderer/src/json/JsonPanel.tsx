/**
 * The docked JSON editor (Ctrl+J): the scenario as text, validated against the scenario schema
 * with hover docs. Loaded on first open only (Monaco is large). JsonSync does the syncing.
 */
import { useEffect, useRef, useState } from 'react';
import Editor from '@monaco-editor/react';
import { monacoTheme, themeStore } from '../state/themeState.ts';
import { useSlice } from '../state/store.ts';
import { monaco, SCENARIO_MODEL_URI } from './monacoSetup.ts';
import { JsonSync, refreshDelayMs } from './jsonSync.ts';
import { model } from '../state/session.ts';
import { solverNames } from '../../../core/registry/registry.ts';
import { serializeScenario } from '../../../core/scenario/serialize.ts';
import { pruneSelection } from '../state/editActions.ts';
import { editorStore } from '../state/editorState.ts';
import type { ScenarioProblem } from '../../../core/scenario/scenarioError.ts';

/** Quiet time after typing before the text is applied. */
const TYPING_DELAY_MS = 400;

type CodeEditor = ReturnType<typeof monaco.editor.create>;

export default function JsonPanel() {
  // Monaco's theme follows the app's (it stayed dark in the light theme).
  const theme = monacoTheme(useSlice(themeStore, (s) => s.effective));
  const syncRef = useRef<JsonSync | null>(null);
  const [problems, setProblems] = useState<ScenarioProblem[]>([]);
  const typingTimer = useRef(0);
  // The editor starts with the scenario's text, so mounting does not replace its whole content
  // at once (a replace right after mount raced Monaco's tokenizer: "Token length and text length
  // do not match", and an empty hover, seen once in CI).
  const [initialText] = useState(() => serializeScenario(model.toScenario()));

  useEffect(() => {
    let timer = 0;
    const unsubscribe = model.subscribe((event) => {
      if (event.cause === 'solution' || event.pending) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => syncRef.current?.refreshFromModel(), refreshDelayMs(model.document.grid.cells));
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
      window.clearTimeout(typingTimer.current);
    };
  }, []);

  const onMount = (editor: CodeEditor) => {
    let settingText = false;
    const sync = new JsonSync(
      model,
      {
        getText: () => editor.getValue(),
        setText: (text) => {
          settingText = true;
          editor.setValue(text);
          settingText = false;
        },
        setMarkers: (markers) => {
          const textModel = editor.getModel();
          if (textModel) monaco.editor.setModelMarkers(textModel, 'mapf-lab', markers.map((m) => ({ ...m, severity: monaco.MarkerSeverity.Error })));
        },
      },
      solverNames(),
    );
    syncRef.current = sync;
    sync.refreshFromModel(true);
    editor.onDidChangeModelContent(() => {
      if (settingText) return;
      window.clearTimeout(typingTimer.current);
      typingTimer.current = window.setTimeout(() => {
        if (sync.applyText()) pruneSelection();
        setProblems(sync.problems);
      }, TYPING_DELAY_MS);
    });
  };

  const revert = () => {
    syncRef.current?.refreshFromModel(true);
    setProblems([]);
  };

  return (
    <section className="json-panel" aria-label="Scenario JSON" data-testid="json-panel">
      <div className="json-head">
        <span>Scenario JSON (Ctrl+J hides)</span>
        {problems.length > 0 && (
          <button type="button" onClick={revert} title="Throw away the invalid text and show the scenario as it is" data-testid="json-revert">
            Revert to canvas
          </button>
        )}
        <button type="button" onClick={() => editorStore.set({ jsonOpen: false })} aria-label="Close the JSON editor">
          ×
        </button>
      </div>
      <div className="json-editor" data-testid="json-editor">
        <Editor
          path={SCENARIO_MODEL_URI}
          defaultLanguage="json"
          defaultValue={initialText}
          theme={theme}
          onMount={onMount}
          options={{ minimap: { enabled: false }, fontSize: 12, scrollBeyondLastLine: false, automaticLayout: true, tabSize: 2 }}
        />
      </div>
      {problems.length > 0 && (
        <ul className="json-problems" data-testid="json-problems" role="alert">
          {problems.slice(0, 20).map((p, i) => (
            <li key={i}>
              {p.line !== undefined ? `${p.line}:${p.column ?? 1} ` : ''}
              {p.path ? `${p.path}: ` : ''}
              {p.message} — the map keeps its last valid state.
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
