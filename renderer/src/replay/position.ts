/**
 * Where a unit is at a fractional replay turn, in cells: the one interpolation shared by the
 * dynamic layer (units and the tips of their trails) and follow mode (the view's centre), so the
 * followed unit cannot drift from the disc drawn for it. Pure; no DOM.
 */

/**
 * A unit's position at fractional turn t in cells, the centre of its cell being (x + 0.5,
 * y + 0.5): moving linearly between turns, held on the first cell before the path and on the last
 * after it. [0, 0] for an empty path (callers draw such a unit at its start instead).
 */
export function positionAt(path: readonly number[], t: number, width: number): [number, number] {
  if (path.length === 0) return [0, 0];
  const last = path.length - 1;
  const k = Math.max(0, Math.min(last, Math.floor(t)));
  const next = Math.min(last, k + 1);
  const f = Math.max(0, Math.min(1, t - k));
  const x0 = path[k] % width;
  const y0 = Math.floor(path[k] / width);
  const x1 = path[next] % width;
  const y1 = Math.floor(path[next] / width);
  return [x0 + 0.5 + (x1 - x0) * f, y0 + 0.5 + (y1 - y0) * f];
}
