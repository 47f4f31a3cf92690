/**
 * What every load of a new document does (a scenario, a map, a LoRR problem, a lab run opened
 * in the editor): ask before unsaved changes are dropped, then forget the selection, the last
 * result and the map file the grid came from.
 */
import type { MovingAiMap } from '../../../core/formats/movingAiMap.ts';
import { lorrStore } from '../lorr/lorrState.ts';
import { isDirty, markClean } from '../autosave/autosave.ts';
import { editorStore } from '../state/editorState.ts';
import { model } from '../state/session.ts';
import { solveStore } from '../solve/solveState.ts';

/**
 * The Moving AI map the grid was read from, so saving writes each cell's original character
 * (trees stay 'T', not '@') while the map is unedited; the grid version tells.
 */
export const openedMap: { current: { file: MovingAiMap; version: number } | null } = { current: null };

export function afterLoad(): void {
  markClean();
  openedMap.current = null;
  editorStore.set({ selection: [] });
  solveStore.set({ outcome: null });
  lorrStore.set({ problem: null, pending: null });
}

/** Asks before a load replaces unsaved changes (called after the new file parsed: a bad file never asks). */
export function confirmDiscard(): boolean {
  return !isDirty() || window.confirm(`Discard the unsaved changes to “${model.document.name}”?`);
}
