/**
 * A recorded lifelong run as paths: each robot's cell and heading at every step, replayed from
 * its start (facing east) through its recorded actions, for the plan validator, the replay and
 * the League's output file.
 */
import { ACTION_CLOCKWISE, ACTION_COUNTER, ACTION_FORWARD } from '../../grid/headings.ts';
import type { Grid } from '../../grid/grid.ts';
import { TURNING } from '../../grid/movement.ts';
import { type ValidationResult, validatePlan } from '../../mapf/validator.ts';
import type { LifelongRecord } from './lifelongRun.ts';

export interface TurningPaths {
  paths: number[][];
  headings: number[][];
}

export function pathsFromRecord(starts: Int32Array, record: LifelongRecord, steps: number, width: number): TurningPaths {
  return pathsFromActions(starts, record.actions, record.timeouts, steps, width);
}

/** The same from the actions alone (actions[t * robots + r]; a timeout step is everyone waiting), as a lifelong run's answer carries them. */
export function pathsFromActions(starts: Int32Array, actions: Uint8Array, timeouts: Uint8Array, steps: number, width: number): TurningPaths {
  const robots = starts.length;
  const paths: number[][] = [];
  const headings: number[][] = [];
  for (let r = 0; r < robots; r++) {
    let cell = starts[r];
    let heading = 0;
    const path = [cell];
    const facing = [heading];
    for (let t = 0; t < steps; t++) {
      const a = timeouts[t] === 1 ? 0 : actions[t * robots + r];
      if (a === ACTION_FORWARD) cell = heading === 0 ? cell + 1 : heading === 1 ? cell + width : heading === 2 ? cell - 1 : cell - width;
      else if (a === ACTION_CLOCKWISE) heading = (heading + 1) & 3;
      else if (a === ACTION_COUNTER) heading = (heading + 3) & 3;
      path.push(cell);
      facing.push(heading);
    }
    paths.push(path);
    headings.push(facing);
  }
  return { paths, headings };
}

/** The recorded run's revealed tasks with their errand cells, for the League's output file. */
export function revealedTasks(record: LifelongRecord): { id: number; step: number; errands: Int32Array }[] {
  const pool = record.pool;
  const revealed = pool.revealed ?? [];
  const out: { id: number; step: number; errands: Int32Array }[] = [];
  for (let i = 0; i + 2 < revealed.length; i += 3) {
    const source = revealed[i + 2];
    out.push({ id: revealed[i], step: revealed[i + 1], errands: pool.tasks.errands.subarray(pool.tasks.offsets[source], pool.tasks.offsets[source + 1]) });
  }
  return out;
}

/** A recorded run as paths, checked by the plan validator under the League's rules (turning moves; goals not required, tasks keep changing). */
export function validateLifelongRecord(grid: Grid, starts: Int32Array, record: LifelongRecord, steps: number, maxViolations?: number): TurningPaths & { verdict: ValidationResult } {
  const { paths, headings } = pathsFromRecord(starts, record, steps, grid.width);
  const instance = { grid, movement: TURNING, agents: paths.map((path) => ({ start: path[0], goal: path[path.length - 1] })) };
  return { paths, headings, verdict: validatePlan(instance, paths, { headings, requireGoals: false, maxViolations }) };
}
