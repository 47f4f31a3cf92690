/**
 * The checks of a solver's answer that cost time in proportion to the plan (the plan validator,
 * the simulator replay's validation, the obstacles' rules), pure so they run alike on the UI
 * thread (tests, the lab) and in the checks worker (checksWorker.ts) while the editor stays
 * responsive: on 1,000 units they were most of a 200 ms task when a result arrived.
 */
import { Grid } from '../../../core/grid/grid.ts';
import { validatePlan, type Violation } from '../../../core/mapf/validator.ts';
import { obstacleViolations } from '../../../core/mapf/obstacles.ts';
import { validateReplay } from '../../../core/contract/replay.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import type { SolveResultBody } from '../../../core/protocol/messages.ts';

/** What the checks read of the answer: the parts the validators look at. */
export type CheckedResult = Pick<SolveResultBody, 'status' | 'replay' | 'crowd' | 'streams'>;

/**
 * The conflicts of `paths` (already decoded) on `instance` (the stream's instance of every unit
 * that appeared, for a stream), and of the units with the moving obstacles' paths.
 */
export function planViolations(instance: MapfInstance, paths: readonly (readonly number[])[], result: CheckedResult, obstaclePaths: readonly (readonly number[])[] | undefined, obstacleSizes: readonly number[]): Violation[] {
  let violations: Violation[] = [];
  // A continuous run is judged by its track (stuck units, overlapping discs: verdict.ts), not
  // by the grid's one-unit-per-cell rules, which discs smaller than a cell do not follow.
  if (paths.length > 0 && !result.crowd) {
    const options = { requireGoals: result.status === 'solved' && !result.streams, maxViolations: 200 };
    violations = (result.replay ? validateReplay(instance, result.replay, options) : validatePlan(instance, paths, options)).violations;
  }
  // Units among obstacles: never on an obstacle's cell, never swapping with one.
  if (obstaclePaths) {
    for (const v of obstacleViolations(paths, obstaclePaths, obstacleSizes, instance.grid.width, instance.agents.map((a) => a.size ?? 1))) {
      violations.push({ rule: 'obstacle', agents: [v.unit], t: v.t, cell: v.cell, message: `unit ${v.unit + 1} ${v.kind === 'swap' ? 'swaps cells with' : 'shares a cell with'} obstacle ${v.obstacle + 1}` });
    }
  }
  return violations;
}

/** An instance as a worker message carries it (a Grid is a class; its arrays are what travel). */
export interface PlainInstance {
  width: number;
  height: number;
  passable: Uint8Array;
  weight: Float32Array | null;
  movement: MapfInstance['movement'];
  agents: MapfInstance['agents'];
}

export function plainInstance(instance: MapfInstance): PlainInstance {
  const { grid } = instance;
  // Copies: the painter edits the grid in place while the worker reads its copy.
  return { width: grid.width, height: grid.height, passable: grid.passable.slice(), weight: grid.weight ? grid.weight.slice() : null, movement: instance.movement, agents: instance.agents };
}

export function instanceOf(plain: PlainInstance): MapfInstance {
  return { grid: new Grid(plain.width, plain.height, plain.passable, plain.weight), movement: plain.movement, agents: plain.agents };
}
