/**
 * Random agent placement, Silver's setup (Silver 2005, "Experimental Results"): "randomly selected
 * start positions and destinations, subject to the constraint that no two agents shared the same
 * start position or destination". All cells are drawn from the largest connected region, so every
 * agent can reach its goal; an agent's start and goal differ (a zero-length task would divide the
 * path-length ratio by zero).
 */
import type { Grid } from '../grid/grid.ts';
import type { AgentTask } from '../mapf/instance.ts';
import { Random } from '../util/random.ts';
import { findRegions, regionCells } from './regions.ts';

export function randomTasks(grid: Grid, count: number, seed: number): AgentTask[] {
  const regions = findRegions(grid);
  const cells = regions.largest < 0 ? [] : regionCells(regions, regions.largest);
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`agent count must be a whole number >= 0, got ${count}`);
  if (count > 0 && (cells.length < 2 || count > cells.length)) {
    throw new RangeError(`cannot place ${count} agents: the largest region of the ${grid.width}x${grid.height} map has ${cells.length} free cells`);
  }
  const random = new Random(seed);
  const starts = random.shuffle(cells.slice()).slice(0, count);
  const goals = random.shuffle(cells.slice()).slice(0, count);
  // A start that equals its own goal swaps goals with the next agent (or, for the last, the first);
  // goals stay distinct, and with two or more cells the swap cannot make a new clash of both.
  for (let a = 0; a < count; a++) {
    if (starts[a] !== goals[a]) continue;
    if (count === 1) {
      goals[a] = cells.find((c) => c !== starts[a])!;
      continue;
    }
    const b = (a + 1) % count;
    const tmp = goals[a];
    goals[a] = goals[b];
    goals[b] = tmp;
  }
  return starts.map((start, a) => ({ start, goal: goals[a] }));
}
