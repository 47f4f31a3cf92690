/**
 * Conflicts of large and slow units, for the plan validator (Silver 2006,
 * "action footprints": an action reserves every cell it touches over its whole duration).
 *
 * - A unit of size k covers the k x k square whose top-left cell is its position (its anchor);
 *   every covered cell must be on the map and free, and no two units' squares may overlap.
 * - A unit of speed s takes s turns per move: its position shows the old cell until the move
 *   completes, and during the s - 1 turns before that it also holds the destination square.
 *   Moves closer together than s turns are too fast.
 *
 * Runs only when some unit is larger or slower than 1x1 at speed 1; 1x1 units keep the fast path.
 */
import type { MapfInstance } from './instance.ts';
import { type Path, cellAt } from './plan.ts';

export type FootprintRule = 'footprint' | 'speed' | 'wall' | 'off-map';
type Report = (rule: FootprintRule, agents: number[], t: number, cell: number, message: string) => void;

export function hasLargeOrSlowUnits(instance: MapfInstance): boolean {
  return instance.agents.some((a) => (a.size ?? 1) > 1 || (a.speed ?? 1) > 1);
}

export function checkFootprints(instance: MapfInstance, paths: readonly Path[], report: Report): void {
  const { grid, agents } = instance;
  const where = (cell: number) => `(${grid.x(cell)}, ${grid.y(cell)})`;
  const n = paths.length;
  let horizon = 0;
  for (const path of paths) horizon = Math.max(horizon, path.length);

  // For slow units: at each time, the destination anchor of a move in progress (or -1).
  const holding: (Int32Array | null)[] = paths.map((path, a) => {
    const speed = agents[a].speed ?? 1;
    if (speed === 1) return null;
    const held = new Int32Array(horizon).fill(-1);
    let lastChange = -1; // the step (t -> t+1) of the previous move
    for (let t = 0; t + 1 < path.length; t++) {
      if (path[t + 1] === path[t]) continue;
      // The move completing at t+1 began at t+1-s, which must be no earlier than time 0 and the
      // completion of the previous move (lastChange + 1).
      const earliestStart = lastChange < 0 ? 0 : lastChange + 1;
      if (t + 1 - speed < earliestStart) {
        const since = lastChange < 0 ? `${t + 1} turn(s) after the start` : `${t - lastChange} turn(s) after its previous move`;
        report('speed', [a], t, path[t + 1], `agent ${a + 1} (speed ${speed}) completes a move at t=${t + 1}, ${since}; each move takes ${speed} turns`);
      }
      // In transit (after the start turn, before arrival) it holds the destination too.
      for (let u = Math.max(0, t - speed + 2); u <= t; u++) held[u] = path[t + 1];
      lastChange = t;
    }
    return held;
  });

  const occupant = new Int32Array(grid.cells).fill(-1);
  const touched: number[] = [];
  const reportedPairs = new Set<number>();
  const offMapReported = new Uint8Array(n);

  for (let t = 0; t < horizon; t++) {
    reportedPairs.clear();
    for (let a = 0; a < n; a++) {
      const size = agents[a].size ?? 1;
      const big = size > 1 || holding[a] !== null;
      cover(a, cellAt(paths[a], t), size, big, t);
      const destination = holding[a]?.[t] ?? -1;
      if (destination >= 0) cover(a, destination, size, true, t);
    }
    for (const cell of touched) occupant[cell] = -1;
    touched.length = 0;
  }

  function cover(a: number, anchor: number, size: number, big: boolean, t: number): void {
    const ax = grid.x(anchor);
    const ay = grid.y(anchor);
    if (ax + size > grid.width || ay + size > grid.height) {
      if (!offMapReported[a]) report('off-map', [a], t, anchor, `agent ${a + 1}'s ${size}x${size} square at ${where(anchor)} leaves the map at t=${t}`);
      offMapReported[a] = 1;
      return;
    }
    for (let dy = 0; dy < size; dy++) {
      for (let dx = 0; dx < size; dx++) {
        const cell = anchor + dy * grid.width + dx;
        if (size > 1 && !grid.isFree(cell)) report('wall', [a], t, cell, `agent ${a + 1}'s ${size}x${size} square covers a wall at ${where(cell)} at t=${t}`);
        const other = occupant[cell];
        if (other === -1) {
          occupant[cell] = a;
          touched.push(cell);
        } else if (other !== a && (big || (agents[other].size ?? 1) > 1 || holding[other] !== null)) {
          const key = Math.min(a, other) * n + Math.max(a, other);
          if (!reportedPairs.has(key)) {
            reportedPairs.add(key);
            report('footprint', [Math.min(a, other), Math.max(a, other)], t, cell, `agents ${Math.min(a, other) + 1} and ${Math.max(a, other) + 1} both cover ${where(cell)} at t=${t}`);
          }
        }
      }
    }
  }
}
