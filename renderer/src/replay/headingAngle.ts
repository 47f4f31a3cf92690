/**
 * Where a turning unit faces during the replay (LoRR's MAPF_T robots, core/grid/headings.ts:
 * 0 east, 1 south, 2 west, 3 north): the angle in radians on the screen, whose y axis points
 * down, so clockwise is +90 degrees as the League's heading numbers go. Between two steps the
 * angle turns smoothly through the 90 degrees the robot turned, as positions glide between cells.
 */
const QUARTER = Math.PI / 2;

export function headingAngleAt(headings: ArrayLike<number>, t: number): number {
  const n = headings.length;
  if (n === 0) return 0;
  const k = Math.max(0, Math.min(Math.floor(t), n - 1));
  const from = headings[k];
  if (k >= n - 1 || t <= k) return from * QUARTER;
  const turn = (headings[k + 1] - from + 4) & 3;
  // 1: clockwise, 3: counter-clockwise; 2 (a half turn) never happens in one MAPF_T step.
  const step = turn === 1 ? 1 : turn === 3 ? -1 : turn === 2 ? 2 : 0;
  return (from + step * (t - k)) * QUARTER;
}
