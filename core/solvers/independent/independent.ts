/**
 * Independent shortest paths: each agent follows its own shortest path as if alone, ignoring the
 * others. Not a cooperative solver (its plans may collide, and the validator will say where); it
 * gives the lower bound every cooperative solver is measured against, and it is the simplest
 * real solver the whole app pipeline can run.
 */
import type { MapfInstance } from '../../mapf/instance.ts';
import { checkInstance } from '../../mapf/instance.ts';
import { directionCount, stepCell, STEP_LENGTH } from '../../grid/movement.ts';
import { buildDistanceTable, UNREACHABLE } from '../../search/distanceTable.ts';
import type { SolveOptions, SolveResult } from '../../contract/types.ts';
import { deadlineOf } from '../../util/clock.ts';

export function solveIndependent(instance: MapfInstance, options: SolveOptions = {}): SolveResult {
  checkInstance(instance);
  const deadline = deadlineOf(options);
  const { grid, movement, agents } = instance;
  const paths: number[][] = [];
  let expanded = 0;
  const dirs = directionCount(movement);
  for (let i = 0; i < agents.length; i++) {
    if (options.shouldStop?.()) {
      return { solver: 'independent', status: 'cancelled', paths, message: `cancelled after ${i} of ${agents.length} agents`, stats: { expanded, generated: expanded, elapsedMs: deadline.elapsedMs() } };
    }
    // Checked per agent: the overrun is at most one agent's distance table.
    if (deadline.passed()) {
      return { solver: 'independent', status: 'timeout', paths, message: `${deadline.words()} reached after ${i} of ${agents.length} agents`, stats: { expanded, generated: expanded, elapsedMs: deadline.elapsedMs() } };
    }
    const { start, goal } = agents[i];
    const table = buildDistanceTable(grid, movement, goal);
    expanded += grid.cells;
    if (table.distance[start] === UNREACHABLE) {
      return {
        solver: 'independent',
        status: 'unsolvable',
        paths: [],
        message: `agent ${i + 1} cannot reach its goal (${grid.x(goal)}, ${grid.y(goal)}) from (${grid.x(start)}, ${grid.y(start)})`,
        stats: { expanded, generated: expanded, elapsedMs: deadline.elapsedMs() },
      };
    }
    // Descend the distance table: each step goes to a neighbour whose distance plus the step's
    // cost equals ours, which is a shortest path by construction.
    const path = [start];
    let cell = start;
    while (cell !== goal) {
      let best = -1;
      let bestValue = Infinity;
      for (let d = 0; d < dirs; d++) {
        const n = stepCell(grid, movement, cell, d);
        if (n < 0) continue;
        const value = table.distance[n] + STEP_LENGTH[d] * grid.weightOf(n);
        if (value < bestValue - 1e-9) {
          bestValue = value;
          best = n;
        }
      }
      cell = best;
      path.push(cell);
    }
    paths.push(path);
    options.onProgress?.({ fraction: (i + 1) / agents.length, message: `planned ${i + 1} of ${agents.length} agents` });
  }
  return { solver: 'independent', status: 'solved', paths, stats: { expanded, generated: expanded, elapsedMs: deadline.elapsedMs() } };
}
