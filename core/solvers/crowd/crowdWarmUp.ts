/**
 * The TypeScript crowd models (A* + ORCA, flow field + separation) warmed up once per process,
 * before a run's first step, as detourWarmUp.ts does for Detour's WebAssembly. V8 compiles a
 * function to bytecode on its first call, runs it in its interpreter, and compiles it with its
 * optimising tier (TurboFan, on a helper thread) only once it has run hot, so a fresh process's
 * first step ran ORCA's program, neighbour queries and wall scans in the interpreter:
 * bench:crowds, 500 units on the bridge, step 1 took 8-16 ms of the stepping thread's CPU against
 * 0.9 ms for the same step (same state, same work) in the process's second run; V8's --trace-opt
 * showed solveUnit, linearProgram1/2, nearbyWallPoints and the neighbour query reaching TurboFan
 * only during steps 1-4. A game ships its crowd already warmed by its first frames; the
 * designer here sees set-up time instead of a hitch. A small room with a door, units crossing it
 * both ways (neighbours, walls, blocked units and arrivals all met), is stepped once per process
 * at the start of the model's first set-up, so V8's helper thread finishes optimising while the
 * run's own paths or fields are planned (at the end of set-up, the flow field's first 3 steps on
 * Berlin_1_256 still ran unoptimised: 5 ms against 1.1); bench:crowds prints its CPU time apart.
 * The warm-up is a separate run on its own world: it changes no run's result, only how fast V8
 * runs the code.
 */
import { Grid } from '../../grid/grid.ts';
import { OCTILE_NO_CUT } from '../../grid/movement.ts';
import type { MapfInstance } from '../../mapf/instance.ts';
import type { SolveOptions, SolveResult } from '../types.ts';
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

const warmed = new Set<string>();
/**
 * The warm-up runs, kept for the process's life (a few kilobytes). V8's optimised code refers
 * weakly to the hidden classes (maps) of the objects it ran on, and a major collection that finds
 * no object of a class left drops its maps and throws the code away: bench:crowds, ORCA on
 * Berlin_1_256 after the flow field and Detour rows (no ORCA object alive between), step 1 took
 * 4-12 ms of thread CPU again (--trace-deopt: "marking dependent code ... reason: weak objects"
 * for solveUnit, addNeighbour, linearProgram3 ...); with these runs alive, 1.1 ms.
 */
const kept: CrowdRun[] = [];

/** Whether model `solver`'s code has been warmed up in this process. */
export function crowdWarmedUp(solver: string): boolean {
  return warmed.has(solver);
}

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

/**
 * Sets model `solver` up on the warm-up scene with its default params and steps it, once per
 * process (later calls return at once; the flag is set first, so a set-up that calls this is not
 * entered twice). The run is kept alive afterwards (see `kept`).
 */
export function warmUpCrowd(solver: string, setUp: CrowdRunSetUp): void {
  if (warmed.has(solver)) return;
  warmed.add(solver);
  const run = setUp(warmUpScene(), { params: {} });
  if ('status' in run) return;
  try {
    const dt = 1 / run.world.settings.stepsPerTurn;
    for (let s = 0; s < STEPS; s++) run.step(run.world, dt);
    kept.push(run);
  } finally {
    run.dispose?.();
  }
}
