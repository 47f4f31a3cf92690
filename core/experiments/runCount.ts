/**
 * How many runs an experiment plans, counted arithmetically from its definition without
 * building any run, and the refusal of one past the lab's limit (MAX_RUNS, core/util/limits.ts).
 * The experiment schema, the command line, the app's lab and main all refuse by this count, so a
 * definition of 1e9 runs is refused at once instead of after planning them.
 */
import { type Experiment, countRuns, runCountProblem } from './schema.ts';
import { ExperimentError } from './experimentError.ts';
import { MAX_RUNS } from '../util/limits.ts';

export { MAX_RUNS, countRuns, runCountProblem };

/** Refuses an experiment of more than MAX_RUNS runs; returns its run count. */
export function checkRunCount(experiment: Experiment): number {
  const problem = runCountProblem(experiment);
  if (problem !== null) throw new ExperimentError([problem]);
  return countRuns(experiment);
}
