/**
 * Which units cannot reach their goals at all, found before solving (a failure read like
 * a crash; the designer should be told which unit, at once). Moves are symmetric, so a unit can
 * reach its goal exactly when both lie in one connected component of the cells its footprint may
 * stand on (grid/footprint.ts clearance for units larger than one cell): one labelling pass per
 * unit size, O(cells x directions), whatever the number of units.
 */
import type { Grid } from '../grid/grid.ts';
import { computeClearance } from '../grid/footprint.ts';
import { type Movement, directionCount, stepCell } from '../grid/movement.ts';
import type { AgentTask } from './instance.ts';

/** Component labels (0: cannot stand there) of the cells a size-`size` unit may stand on. */
export function components(grid: Grid, movement: Movement, size: number, clearance: Uint16Array | null): Int32Array {
  const label = new Int32Array(grid.cells);
  const stand = new Uint8Array(grid.cells);
  for (let c = 0; c < grid.cells; c++) stand[c] = (size === 1 ? grid.passable[c] === 1 : clearance![c] >= size) ? 1 : 0;
  const queue = new Int32Array(grid.cells);
  const dirs = directionCount(movement);
  let next = 0;
  for (let seed = 0; seed < grid.cells; seed++) {
    if (label[seed] !== 0 || stand[seed] === 0) continue;
    next++;
    let head = 0;
    let tail = 0;
    label[seed] = next;
    queue[tail++] = seed;
    while (head < tail) {
      const c = queue[head++];
      for (let d = 0; d < dirs; d++) {
        const n = stepCell(grid, movement, c, d);
        if (n < 0 || label[n] !== 0 || stand[n] === 0) continue;
        label[n] = next;
        queue[tail++] = n;
      }
    }
  }
  return label;
}

/** The indexes of the units whose goal lies outside the component of their start, in unit order. */
export function unreachableUnits(grid: Grid, movement: Movement, agents: readonly AgentTask[]): number[] {
  const bySize = new Map<number, Int32Array>();
  let clearance: Uint16Array | null = null;
  const out: number[] = [];
  for (let i = 0; i < agents.length; i++) {
    const size = agents[i].size ?? 1;
    let label = bySize.get(size);
    if (label === undefined) {
      if (size > 1) clearance ??= computeClearance(grid);
      label = components(grid, movement, size, clearance);
      bySize.set(size, label);
    }
    const a = label[agents[i].start];
    if (a === 0 || a !== label[agents[i].goal]) out.push(i);
  }
  return out;
}
