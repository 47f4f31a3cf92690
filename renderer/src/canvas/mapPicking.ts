/**
 * What the map's pointer acts on: the unit under the pointer on the replay's current turn, and the
 * ToolController that turns gestures into model commands (one for the window).
 */
import { model } from '../state/session.ts';
import { editorStore } from '../state/editorState.ts';
import { replayStore } from '../state/replayState.ts';
import { notify } from '../solve/solveState.ts';
import { currentOutcome } from '../solve/plan.ts';
import { MIN_UNIT_RADIUS_PX } from './drawDynamic.ts';
import { ToolController } from './toolController.ts';
import { viewStore } from './viewState.ts';
import { nearestUnitShownAt } from '../replay/position.ts';

/** The unit on cell (x, y) at the replay's current turn (any cell of its footprint), if a plan is on screen. */
export function unitOnReplay(x: number, y: number): string | null {
  const outcome = currentOutcome();
  if (!outcome) return null;
  const grid = model.document.grid;
  if (!grid.inBounds(x, y)) return null;
  // Zoomed far out, a unit's disc (kept at MIN_UNIT_RADIUS_PX) covers cells round its own: a
  // click on the disc picks the nearest unit within that reach.
  const cellSize = viewStore.get().view?.cellSize ?? 0;
  const reach = cellSize > 0 ? Math.min(4, Math.ceil(MIN_UNIT_RADIUS_PX / cellSize) - 1) : 0;
  return nearestUnitShownAt(outcome.paths, outcome.streamUnits ? [...model.document.agents, ...outcome.streamUnits] : model.document.agents, grid.width, grid.height, x, y, Math.round(replayStore.get().t), reach);
}

/** The replay's turn when a plan is on screen (a door added then closes at that turn), else 0. */
const replayTurn = () => (currentOutcome() ? Math.round(replayStore.get().t) : 0);

export const toolController = new ToolController(model, editorStore, (message) => notify('error', message), unitOnReplay, replayTurn);

