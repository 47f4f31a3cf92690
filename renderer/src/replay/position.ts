/**
 * Where a unit is at a fractional replay turn, in cells: the one interpolation shared by the
 * dynamic layer (units, their planned paths and the tips of their trails) and follow mode (the
 * view's centre), so the followed unit cannot drift from the disc drawn for it. Pure; no DOM.
 *
 * Positions are the centre of the unit's footprint. A unit of size k covers the k x k square whose
 * top-left cell is its anchor (core/grid/footprint.ts), and plans list anchors, so the
 * centre is anchor + k/2: (x + 0.5, y + 0.5) for one cell, the shared corner of four for size 2.
 */
import { cellAtTurn } from './analysis.ts';
import { ABSENT } from '../../../core/mapf/plan.ts';

/** Is a unit on the map at turn t (its path's cell there is not ABSENT)? A batch's units always are. */
export function onMapAt(path: readonly number[] | undefined, t: number): boolean {
  return path === undefined || path.length === 0 || cellAtTurn(path, Math.floor(t)) !== ABSENT;
}

/**
 * Does a unit of `size` anchored at (ax, ay) cover cell (x, y)? The one footprint test for
 * picking a unit by a cell, in a replay (unitShownAt) and in the editor (toolController's unitAt).
 */
export function covers(ax: number, ay: number, size: number, x: number, y: number): boolean {
  return x >= ax && x < ax + size && y >= ay && y < ay + size;
}

const scratch = new Float64Array(2);

/**
 * A unit's position at fractional turn t in cells, the centre of its footprint: moving linearly
 * between turns, held on the first anchor before the path and on the last after it. [0, 0] for
 * an empty path (callers draw such a unit at its start instead: unitPosition).
 */
export function positionAt(path: readonly number[], t: number, width: number, size: number): [number, number] {
  positionInto(path, t, width, size, scratch, 0);
  return [scratch[0], scratch[1]];
}

/**
 * positionAt written into out[at], out[at + 1] (no array made: the dynamic layer asks it for
 * 10,000 units a frame).
 */
export function positionInto(path: readonly number[], t: number, width: number, size: number, out: Float64Array, at: number): void {
  if (path.length === 0) {
    out[at] = 0;
    out[at + 1] = 0;
    return;
  }
  const last = path.length - 1;
  const k = Math.max(0, Math.min(last, Math.floor(t)));
  const next = Math.min(last, k + 1);
  const f = Math.max(0, Math.min(1, t - k));
  const half = size / 2;
  // A stream's unit that appears or leaves (ABSENT, -1, on one side) does not glide to or from
  // off the map: it holds its cell on the map (callers do not draw it while it is ABSENT at k).
  const from = path[k] === ABSENT ? path[next] : path[k];
  const to = path[next] === ABSENT ? from : path[next];
  const x0 = from % width;
  const y0 = Math.floor(from / width);
  const x1 = to % width;
  const y1 = Math.floor(to / width);
  out[at] = x0 + half + (x1 - x0) * f;
  out[at + 1] = y0 + half + (y1 - y0) * f;
}

/**
 * Where a unit is drawn and followed: on its plan at turn t, or without one (no plan, or an
 * empty path) on its start, the same footprint centre either way so a disc does not jump when a
 * plan arrives.
 */
export function unitPosition(unit: { readonly start: readonly [number, number]; readonly size: number }, path: readonly number[] | undefined, t: number, width: number): [number, number] {
  if (path && path.length > 0) return positionAt(path, t, width, unit.size);
  return [unit.start[0] + unit.size / 2, unit.start[1] + unit.size / 2];
}

/**
 * The unit shown on cell (x, y) at whole turn `turn` (topmost, i.e. last drawn, first), or null:
 * the one whose footprint there covers the cell, so a large unit can be clicked anywhere on its
 * disc, not only on its anchor.
 */
export function unitShownAt(paths: readonly (readonly number[])[], agents: readonly { readonly id: string; readonly size: number }[], width: number, x: number, y: number, turn: number): string | null {
  for (let i = Math.min(paths.length, agents.length) - 1; i >= 0; i--) {
    const path = paths[i];
    if (path.length === 0) continue;
    const anchor = cellAtTurn(path, turn);
    if (anchor === ABSENT) continue;
    if (covers(anchor % width, Math.floor(anchor / width), agents[i].size, x, y)) return agents[i].id;
  }
  return null;
}

/**
 * The unit shown on (x, y) at `turn`, else the nearest one within `reach` cells (by rings of
 * growing Chebyshev distance): far out, a disc drawn at its minimum size covers the cells round
 * its own, and a click on it should pick it.
 */
export function nearestUnitShownAt(paths: readonly (readonly number[])[], agents: readonly { readonly id: string; readonly size: number }[], width: number, height: number, x: number, y: number, turn: number, reach: number): string | null {
  for (let d = 0; d <= reach; d++) {
    for (let dy = -d; dy <= d; dy++) {
      for (let dx = -d; dx <= d; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== d) continue;
        const cx = x + dx;
        const cy = y + dy;
        if (cx < 0 || cy < 0 || cx >= width || cy >= height) continue;
        const id = unitShownAt(paths, agents, width, cx, cy, turn);
        if (id !== null) return id;
      }
    }
  }
  return null;
}

/**
 * A unit's real position at fractional turn t in a continuous run's track (the engine crowd
 * models, core/contract/crowdTrack.ts), in cells: linear between the recorded turns, held on the
 * last turn after the run's end. The track records turns only; the steps between are not kept.
 */
export function crowdPositionAt(track: { readonly agents: number; readonly turns: number; readonly positions: Float32Array }, a: number, t: number): [number, number] {
  const k = Math.max(0, Math.min(track.turns, Math.floor(t)));
  const next = Math.min(track.turns, k + 1);
  const f = Math.max(0, Math.min(1, t - k));
  const i = (k * track.agents + a) * 2;
  const j = (next * track.agents + a) * 2;
  const p = track.positions;
  return [p[i] + (p[j] - p[i]) * f, p[i + 1] + (p[j + 1] - p[i + 1]) * f];
}
