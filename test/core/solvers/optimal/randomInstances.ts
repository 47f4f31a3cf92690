/** Seeded random tiny instances for the optimal solvers' tests. */
import { Grid } from '../../../../core/grid/grid.ts';
import type { Movement } from '../../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../../core/mapf/instance.ts';
import { Random } from '../../../../core/util/random.ts';

/** A width x height map with about `obstacles` of its cells blocked and `agents` distinct starts and goals. */
export function randomInstance(seed: number, width: number, height: number, obstacles: number, agents: number, movement: Movement): MapfInstance {
  const random = new Random(seed);
  const grid = new Grid(width, height);
  for (let c = 0; c < grid.cells; c++) if (random.next() < obstacles) grid.passable[c] = 0;
  const free: number[] = [];
  for (let c = 0; c < grid.cells; c++) if (grid.passable[c] === 1) free.push(c);
  while (free.length < agents) {
    const c = random.int(grid.cells);
    if (grid.passable[c] === 0) {
      grid.passable[c] = 1;
      free.push(c);
    }
  }
  const starts = random.shuffle(free.slice()).slice(0, agents);
  const goals = random.shuffle(free.slice()).slice(0, agents);
  return { grid, movement, agents: starts.map((start, i) => ({ start, goal: goals[i] })) };
}
