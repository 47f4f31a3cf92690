/**
 * Live mode: with it on, an edit to the map, units or settings re-solves automatically once the
 * edits pause (debounced; a brush stroke counts when it ends), cancelling the stale run, so a
 * designer sees the effect of moving a wall at once.
 */
import { solveStore } from './solveState.ts';
import { model } from '../state/session.ts';
import { solveCurrent } from './solveActions.ts';

export const LIVE_DELAY_MS = 350;

let timer = 0;

model.subscribe((event) => {
  if (!solveStore.get().live || event.pending || event.cause === 'solution') return;
  const { map, agents, settings, events } = event.parts;
  if (!(map || agents || settings || events)) return;
  window.clearTimeout(timer);
  timer = window.setTimeout(() => {
    if (solveStore.get().live && (model.document.agents.length > 0 || (model.document.spawners?.length ?? 0) > 0)) void solveCurrent({ restart: true });
  }, LIVE_DELAY_MS);
});

export function setLive(live: boolean): void {
  solveStore.set({ live });
  if (live && (model.document.agents.length > 0 || (model.document.spawners?.length ?? 0) > 0)) void solveCurrent({ restart: true });
}
