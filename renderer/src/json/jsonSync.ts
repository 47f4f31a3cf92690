/**
 * Keeps the JSON editor and the model in step, both ways, without Monaco (so it is tested with
 * a fake editor in test/renderer/json):
 * - a model change (a canvas edit, undo, a load) rewrites the text, debounced by the caller for
 *   large maps, unless the text holds an invalid edit of the user's: that is never overwritten;
 * - a text edit that parses applies as ONE replaceFromJson command (one undo step); the text is
 *   left as typed (no reformat under the cursor);
 * - a text edit that does not parse changes nothing in the model and shows its problems as
 *   markers, so the canvas stays at the last valid state.
 */
import { parseScenarioJson } from '../../../core/scenario/parse.ts';
import { serializeScenario } from '../../../core/scenario/serialize.ts';
import { ScenarioError, type ScenarioProblem } from '../../../core/scenario/scenarioError.ts';
import type { EditorModel } from '../model/editorModel.ts';

export const JSON_FILE_NAME = 'scenario.json';

export interface JsonMarker {
  startLineNumber: number;
  startColumn: number;
  endLineNumber: number;
  endColumn: number;
  message: string;
}

export interface JsonEditorPort {
  getText(): string;
  setText(text: string): void;
  setMarkers(markers: JsonMarker[]): void;
}

/** Problems from the loader as editor markers; a problem without a place marks the first line. */
export function problemsToMarkers(problems: readonly ScenarioProblem[], text: string): JsonMarker[] {
  const lines = text.split('\n');
  return problems.map((p) => {
    const line = Math.max(1, Math.min(lines.length, p.line ?? 1));
    const column = Math.max(1, p.column ?? 1);
    const end = (lines[line - 1] ?? '').length + 1;
    return {
      startLineNumber: line,
      startColumn: column,
      endLineNumber: line,
      endColumn: Math.max(column + 1, end),
      message: p.path ? `${p.path}: ${p.message}` : p.message,
    };
  });
}

/** How long to wait after a model change before rewriting the text: longer for large maps. */
export function refreshDelayMs(cells: number): number {
  return cells > 512 * 512 ? 1500 : cells > 128 * 128 ? 500 : 120;
}

export class JsonSync {
  /** The problems of the text on screen; empty when it matches the model. */
  problems: ScenarioProblem[] = [];
  private applying = false;
  private readonly model: EditorModel;
  private readonly port: JsonEditorPort;
  private readonly solverNames: readonly string[];

  constructor(model: EditorModel, port: JsonEditorPort, solverNames: readonly string[]) {
    this.model = model;
    this.port = port;
    this.solverNames = solverNames;
  }

  /** The model's scenario as text. */
  modelText(): string {
    return serializeScenario(this.model.toScenario());
  }

  /** After a model change: show it, unless the user's own edit is pending (invalid) or it came from the text. */
  refreshFromModel(force = false): void {
    if (this.applying) return;
    if (!force && this.problems.length > 0) return;
    const text = this.modelText();
    if (text !== this.port.getText()) this.port.setText(text);
    this.setProblems([]);
  }

  /** After the user edited the text: apply it if valid, else mark it. Returns whether the model changed. */
  applyText(): boolean {
    const text = this.port.getText();
    const doc = this.model.document;
    const mapGrid = doc.mapSource.kind === 'file' ? doc.grid : undefined;
    try {
      parseScenarioJson(text, JSON_FILE_NAME, { solverNames: this.solverNames, mapGrid });
    } catch (error) {
      if (error instanceof ScenarioError) {
        this.setProblems([...error.problems]);
        return false;
      }
      throw error;
    }
    const before = this.model.revision;
    this.applying = true;
    let result;
    try {
      result = this.model.dispatch({ type: 'replaceFromJson', text, fileName: JSON_FILE_NAME, solverNames: this.solverNames });
    } finally {
      this.applying = false;
    }
    if (!result.ok) {
      this.setProblems([{ path: '', message: result.message, line: 1, column: 1 }]);
      return false;
    }
    this.setProblems([]);
    return this.model.revision !== before;
  }

  private setProblems(problems: ScenarioProblem[]): void {
    this.problems = problems;
    this.port.setMarkers(problemsToMarkers(problems, this.port.getText()));
  }
}
