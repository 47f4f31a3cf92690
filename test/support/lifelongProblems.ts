/** Small LoRR problems for the lifelong tests: random tasks on the connected part of a random map. */
import { Grid } from '../../core/grid/grid.ts';
import type { LorrProblem } from '../../core/formats/lorrProblem.ts';
import { randomMap } from '../../core/mapgen/randomMap.ts';
import { Random } from '../../core/util/random.ts';
import { MapGraph } from '../../core/solvers/lifelong/mapGraph.ts';
import type { LifelongWorld } from '../../core/solvers/lifelong/types.ts';

/** A problem on `grid` with `robots` robots and `tasks` two-errand tasks at random free cells. */
export function problem(grid: Grid, robots: number, tasks: number, seed: number): LorrProblem {
  const free: number[] = [];
  for (let c = 0; c < grid.cells; c++) if (grid.isFree(c)) free.push(c);
  const random = new Random(seed);
  const starts = random.shuffle([...free]).slice(0, robots);
  const errands: number[] = [];
  const offsets = [0];
  for (let k = 0; k < tasks; k++) {
    errands.push(free[random.int(free.length)], free[random.int(free.length)]);
    offsets.push(errands.length);
  }
  return {
    file: 'test.json', version: '2024 LoRR', grid, terrain: new Uint8Array(grid.cells), mapFile: '', agentFile: '', taskFile: '', teamSize: robots,
    numTasksReveal: 1.5, revealedTasks: Math.floor(1.5 * robots), starts: Int32Array.from(starts),
    tasks: { count: tasks, offsets: Int32Array.from(offsets), errands: Int32Array.from(errands) },
  };
}

/** The largest 4-connected region of a random map, everything else walled, so every task is reachable. */
export function connectedRandomGrid(size: number, seed: number): Grid {
  const grid = randomMap({ width: size, height: size, density: 0.2, seed });
  const graph = new MapGraph(grid);
  const seen = new Int32Array(grid.cells).fill(-1);
  let best = -1;
  let bestSize = 0;
  for (const start of graph.freeCells) {
    if (seen[start] !== -1) continue;
    const stack = [start];
    seen[start] = start;
    let count = 0;
    while (stack.length > 0) {
      const c = stack.pop()!;
      count++;
      for (let k = graph.start[c]; k < graph.start[c + 1]; k++) if (seen[graph.neighbours[k]] === -1) { seen[graph.neighbours[k]] = start; stack.push(graph.neighbours[k]); }
    }
    if (count > bestSize) { bestSize = count; best = start; }
  }
  for (let c = 0; c < grid.cells; c++) if (seen[c] !== best) grid.passable[c] = 0;
  return grid;
}

/** One step's world: `robots` robots at distinct random free cells, random headings, goals at other distinct free cells. */
export function randomWorld(graph: MapGraph, robots: number, seed: number): LifelongWorld {
  const random = new Random(seed);
  const cells = random.shuffle(Array.from(graph.freeCells));
  return {
    step: 0,
    locations: Int32Array.from(cells.slice(0, robots)),
    headings: Uint8Array.from({ length: robots }, () => random.int(4)),
    goals: Int32Array.from(cells.slice(robots, 2 * robots)),
  };
}
