/** Edits started from buttons and shortcuts, each one model command (and one undo step). */
import type { EditorCommand } from '../model/commandTypes.ts';
import { editorStore } from './editorState.ts';
import { notify } from '../solve/solveState.ts';
import { model } from './session.ts';

/** Runs a command and reports a refusal; true when it applied. */
export function dispatch(command: EditorCommand): boolean {
  const result = model.dispatch(command);
  if (!result.ok) notify('error', result.message);
  return result.ok;
}

export function undo(): void {
  model.undo();
  pruneSelection();
}

export function redo(): void {
  model.redo();
  pruneSelection();
}

export function deleteSelection(): void {
  const ids = editorStore.get().selection;
  if (ids.length === 0) return;
  if (dispatch({ type: 'removeAgents', ids })) editorStore.set({ selection: [] });
}

export function placeRandomUnits(count: number, seed: number): void {
  const result = model.dispatch({ type: 'placeRandomAgents', count, seed });
  if (!result.ok) notify('error', result.message);
  else editorStore.set({ selection: [] });
}

/** Drops selected ids that no longer exist (after undo, redo or a JSON edit). */
export function pruneSelection(): void {
  const selection = editorStore.get().selection;
  if (selection.length === 0) return;
  const ids = new Set(model.document.agents.map((a) => a.id));
  const kept = selection.filter((id) => ids.has(id));
  if (kept.length !== selection.length) editorStore.set({ selection: kept });
}
