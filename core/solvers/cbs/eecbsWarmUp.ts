/**
 * EECBS's warm-up, run by its entry's prepare() once per process (core/contract/warmUp.ts): a
 * small solve whose children replan units under constraints, so that V8 compiles the focal low
 * level with every branch its real runs take (a constrained plan whose f_min rises and widens
 * FOCAL never happens in a root's plans: compiled from the roots alone, the search was thrown
 * away at the first child, twice a cold run; docs/performance.md).
 */
import { Grid } from '../../grid/grid.ts';
import { FOUR_CONNECTED } from '../../grid/movement.ts';
import type { MapfInstance } from '../../mapf/instance.ts';
import { warmUpOnce } from '../../contract/warmUp.ts';
import { solveEecbs } from './eecbsSolver.ts';

const SIDE = 12;

/**
 * Eight units crossing a 12 x 12 room both ways through a one-cell gap in a wall: their shortest
 * paths meet in the gap, so the search branches (21 high-level nodes, about 5,000 low-level
 * expansions) and replans units under constraints. Its cost: bench:peers reports prepareCpuS.
 */
export function eecbsWarmUpScene(): MapfInstance {
  const rows: string[] = [];
  for (let y = 0; y < SIDE; y++) rows.push(Array.from({ length: SIDE }, (_, x) => (x === 6 && y !== 5 ? '@' : '.')).join(''));
  const grid = Grid.fromAscii(rows);
  const agents: MapfInstance['agents'] = [];
  for (let y = 1; y < 9; y += 2) {
    agents.push({ start: grid.cell(1, y), goal: grid.cell(SIDE - 2, SIDE - 1 - y) });
    agents.push({ start: grid.cell(SIDE - 2, y), goal: grid.cell(1, SIDE - 1 - y) });
  }
  return { grid, movement: FOUR_CONNECTED, agents };
}

/** Solves the scene once per process; its result is not used. */
export function warmUpEecbs(): void {
  warmUpOnce('eecbs', () => {
    solveEecbs(eecbsWarmUpScene(), { params: {} });
    return undefined;
  });
}
