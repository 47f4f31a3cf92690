/**
 * "solved" means valid: a solver's claim that it solved is checked by the one plan validator
 * (core/mapf/validator.ts) before anyone is told so. A plan the validator rejects is reported as
 * 'failed', its message naming the first conflicts with units numbered from 1, as people read
 * them everywhere else (CLI, app). Every path to a user goes through here: the registry's
 * solveWith (solver processes: the app, `mapf-lab example`) and measureSolver (`mapf-lab solve`,
 * experiments).
 */
import type { Grid } from '../grid/grid.ts';
import type { MapfInstance } from '../mapf/instance.ts';
import { type ValidationResult, type Violation, validatePlan } from '../mapf/validator.ts';
import { validateReplay } from './replay.ts';
import type { SolveResult } from './types.ts';
import { crowdSolved, crowdStatusText, measureCrowd } from './crowdTrack.ts';

/** How many conflicts a message names. */
const NAMED = 3;

/** A violation in people's words: units numbered from 1, the cell as (x, y), the time. */
export function violationText(violation: Violation, grid: Grid): string {
  const units = violation.agents.map((a) => a + 1);
  const who = units.length === 0 ? 'the plan' : units.length === 1 ? `unit ${units[0]}` : `units ${units.slice(0, -1).join(', ')} and ${units[units.length - 1]}`;
  const where = violation.cell >= 0 && violation.cell < grid.cells ? ` at (${grid.x(violation.cell)}, ${grid.y(violation.cell)})` : '';
  return `${violation.rule} conflict: ${who}${where}, t=${violation.t}`;
}

/** "the plan validator found N conflicts; first: …" naming the first few. */
export function invalidPlanMessage(validation: ValidationResult, grid: Grid): string {
  const n = validation.violations.length;
  const first = validation.violations.slice(0, NAMED).map((v) => violationText(v, grid));
  return `the plan validator found ${n}${n >= 100 ? '+' : ''} conflict${n === 1 ? '' : 's'}; first: ${first.join('; ')}`;
}

/** The validator's verdict on a result's plan (its replay when it ran in the simulator). */
export function validateResult(instance: MapfInstance, result: Pick<SolveResult, 'paths' | 'replay'>): ValidationResult {
  const replay = result.replay && result.replay.agents === result.paths.length ? result.replay : undefined;
  return replay ? validateReplay(instance, replay, { requireGoals: true }) : validatePlan(instance, result.paths);
}

/**
 * `result` as it may be reported: unchanged unless it claims 'solved' for a plan the validator
 * rejects, which becomes 'failed' with the conflicts named (the paths stay, for the replay).
 */
export function checkedResult(instance: MapfInstance, result: SolveResult): SolveResult {
  if (result.status !== 'solved') return result;
  if (result.crowd) return checkedCrowd(instance, result);
  const validation = validateResult(instance, result);
  if (validation.valid) return result;
  return { ...result, status: 'failed', message: invalidPlanMessage(validation, instance.grid) };
}

/**
 * A continuous run (SolveResult.crowd) claiming 'solved': discs smaller than a cell may share one,
 * so the grid rules do not apply; it stays solved only if every unit arrived, no discs overlapped
 * (crowdTrack.ts) and no unit's cell was ever a wall.
 */
function checkedCrowd(instance: MapfInstance, result: SolveResult): SolveResult {
  const measures = measureCrowd(result.crowd!);
  if (!crowdSolved(measures)) return { ...result, status: 'failed', message: crowdStatusText(measures) };
  const { grid } = instance;
  for (let a = 0; a < result.paths.length; a++) {
    const path = result.paths[a];
    for (let t = 0; t < path.length; t++) {
      if (!grid.isFree(path[t])) return { ...result, status: 'failed', message: `unit ${a + 1} is in the wall at (${grid.x(path[t])}, ${grid.y(path[t])}), t=${t}` };
    }
  }
  return result;
}
