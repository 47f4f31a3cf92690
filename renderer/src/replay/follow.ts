/**
 * Follow a unit: while on, the view keeps the selected unit (the first selected) at its centre,
 * at the unit's interpolated position, so playback pans as smoothly as the unit moves. The zoom
 * stays the user's; a manual pan ends following (MapView), as in games. Without a plan the unit
 * is followed at its start; a large unit at the centre of its footprint.
 */
import { centreOn } from '../canvas/viewport.ts';
import { viewStore } from '../canvas/viewState.ts';
import { editorStore } from '../state/editorState.ts';
import { solveStore, notify } from '../solve/solveState.ts';
import { modelStore } from '../state/modelStore.ts';
import { currentOutcome } from '../solve/plan.ts';
import { replayStore } from '../state/replayState.ts';
import { model } from '../state/session.ts';
import { crowdPositionAt, onMapAt, unitPosition } from './position.ts';

/** The followed unit's position in cells at the replay's turn, or null when there is none. */
function followedPosition(): [number, number] | null {
  const id = editorStore.get().selection[0];
  if (id === undefined) return null;
  const outcome = currentOutcome();
  // A stream's spawned units follow the scenario's own in the plan.
  const agents = outcome?.streamUnits ? [...model.document.agents, ...outcome.streamUnits] : model.document.agents;
  const index = agents.findIndex((a) => a.id === id);
  if (index < 0) return null;
  const path = outcome?.paths[index];
  const t = replayStore.get().t;
  // A continuous run's real position (the engine crowd models).
  if (outcome?.crowd && index < outcome.crowd.agents) return crowdPositionAt(outcome.crowd, index, t);
  // Off the map (before it appears, after it leaves) the view stays where it is.
  if (!onMapAt(path, t)) return null;
  // The disc's own position (drawDynamic): the centre of the unit's footprint, plan or not.
  return unitPosition(agents[index], path, t, model.document.grid.width);
}

function recentre(): void {
  if (!replayStore.get().follow) return;
  const { view, width, height } = viewStore.get();
  const position = followedPosition();
  if (!view || width === 0 || !position) return;
  const next = centreOn(view, width, height, position[0], position[1]);
  // Setting the same view again would loop through viewStore's own subscription.
  if (Math.abs(next.offsetX - view.offsetX) < 0.01 && Math.abs(next.offsetY - view.offsetY) < 0.01) return;
  viewStore.set({ view: next, fitted: false });
}

/** Turns following on or off; on needs a selected unit. */
export function setFollow(on: boolean): void {
  if (on && editorStore.get().selection.length === 0) {
    notify('info', 'Select a unit first (Select tool V, click the unit), then press C to follow it.');
    return;
  }
  replayStore.set({ follow: on });
}

/** Installs the subscriptions once (App); returns the uninstaller. */
export function installFollow(): () => void {
  const unsubscribers = [replayStore.subscribe(recentre), editorStore.subscribe(recentre), solveStore.subscribe(recentre), modelStore.subscribe(recentre), viewStore.subscribe(recentre)];
  return () => unsubscribers.forEach((u) => u());
}
