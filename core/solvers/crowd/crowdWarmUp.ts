/**
 * The TypeScript crowd models' warm-up (A* + ORCA, flow field + separation), run by their
 * entries' prepare() once per process (core/contract/warmUp.ts): a small room with a door, units
 * crossing it both ways, stepped so that V8 optimises the avoidance, neighbour queries and wall
 * scans before a run's first step (in a fresh process step 1 otherwise runs in V8's interpreter:
 * 8-16 ms of thread CPU against 0.9 ms warm, 500 units on the bridge; docs/performance.md). The
 * warm-up is a run on its own world: it changes no run's result.
 */
import { Grid } from '../../grid/grid.ts';
import { OCTILE_NO_CUT } from '../../grid/movement.ts';
import type { MapfInstance } from '../../mapf/instance.ts';
import type { SolveOptions, SolveResult } from '../../contract/types.ts';
import { warmUpOnce } from '../../contract/warmUp.ts';
import type { CrowdRun } from './crowdWorld.ts';

/** A model's set-up (its run ready to step, or a result when set-up ended it). */
export type CrowdRunSetUp = (instance: MapfInstance, options: SolveOptions) => CrowdRun | SolveResult;

/**
 * The room: 20 x 8 cells, a wall at columns 9-10 with a door 4 cells wide at rows 2-5; left units
 * on even rows, right ones on odd rows, filling columns from the wall outward, each heading for
 * the mirror cell; within the warm-up's 24 steps units meet at the door and the first arrive.
 * Sized by measurement (bench:crowds, bridge, 500 units, fresh process, ORCA, thread CPU, load
 * 3.6-4): 48 units for 24 steps cost 36-43 ms (the scene's own Theta* paths included) and left
 * the first 8 steps at 1.5 ms on average (3-5 ms without); 32 units for 16 steps, 20-24 ms for
 * 1.7-3.2 ms; 64 units for 32 steps, 55-57 ms for 1.2 ms.
 */
const WIDTH = 20;
const HEIGHT = 8;
const UNITS = 48;
const STEPS = 24;

/** The warm-up's scene: half the units on each side of the door, each heading for the mirror cell. */
export function warmUpScene(): MapfInstance {
  const rows: string[] = [];
  for (let y = 0; y < HEIGHT; y++) {
    let row = '';
    for (let x = 0; x < WIDTH; x++) row += (x === 9 || x === 10) && (y < 2 || y > 5) ? '@' : '.';
    rows.push(row);
  }
  const grid = Grid.fromAscii(rows);
  const agents: MapfInstance['agents'] = [];
  for (let a = 0; a < UNITS; a++) {
    const left = (a & 1) === 0;
    const k = a >> 1;
    const y = 2 * (k % (HEIGHT / 2)) + (left ? 0 : 1);
    const x = left ? 8 - Math.floor(k / (HEIGHT / 2)) : 11 + Math.floor(k / (HEIGHT / 2));
    agents.push({ start: grid.cell(x, y), goal: grid.cell(WIDTH - 1 - x, y) });
  }
  return { grid, movement: OCTILE_NO_CUT, agents };
}

/** Sets model `solver` up on the warm-up scene with its default params and steps it, once per process. */
export function warmUpCrowd(solver: string, setUp: CrowdRunSetUp): void {
  warmUpOnce(solver, () => {
    const run = setUp(warmUpScene(), { params: {} });
    if ('status' in run) return undefined;
    try {
      const dt = 1 / run.world.settings.stepsPerTurn;
      for (let s = 0; s < STEPS; s++) run.step(run.world, dt);
      return run;
    } finally {
      run.dispose?.();
    }
  });
}
