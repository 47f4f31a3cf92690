/**
 * How many runs an experiment plans, counted arithmetically from its definition without
 * building any run, and the refusal of one past the lab's limit (MAX_RUNS, core/util/limits.ts).
 * The experiment schema, the command line, the app's lab and main all refuse by this count, so a
 * definition of 1e9 runs is refused at once instead of after planning them.
 */
import type { Experiment } from './schema.ts';
import { ExperimentError } from './experimentError.ts';
import { MAX_RUNS, formatCount } from '../util/limits.ts';

export { MAX_RUNS };

/**
 * How many runs `planRuns` would plan, counted without building them (as planRuns nests them:
 * per map its instances, each with its repeats, each with its agent counts, each with every solver).
 */
export function countRuns(experiment: Experiment): number {
  const counts = Array.isArray(experiment.agents) ? experiment.agents.length : experiment.agents.instances;
  const wantScenario = experiment.placement !== 'random';
  let total = 0;
  for (const spec of experiment.maps) {
    let instances: number;
    if (spec.kind === 'random') instances = spec.seeds.length * experiment.repeats;
    else if (spec.kind === 'movingai') instances = wantScenario && spec.scen.length > 0 ? spec.scen.length : experiment.repeats;
    else if (spec.kind === 'lorr') instances = experiment.repeats;
    else instances = wantScenario && spec.agents ? 1 : experiment.repeats;
    total += instances * (spec.kind === 'lorr' && spec.teamSizes ? spec.teamSizes.length : counts) * experiment.solvers.length;
  }
  return total;
}

/** The problem line of an experiment past MAX_RUNS (saying how many it asks for and what multiplies up), or null. */
export function runCountProblem(experiment: Experiment): string | null {
  const runs = countRuns(experiment);
  if (runs <= MAX_RUNS) return null;
  const counts = Array.isArray(experiment.agents) ? experiment.agents.length : experiment.agents.instances;
  return `(top level): this experiment asks for ${formatCount(runs)} runs (maps and their seeds or scenarios x repeats ${experiment.repeats} x agent counts ${counts} x solvers ${experiment.solvers.length}); at most ${formatCount(MAX_RUNS)} per experiment (the lab's run limit): lower repeats, seeds, agent counts or solvers, or split it into several experiments`;
}

/** Refuses an experiment of more than MAX_RUNS runs; returns its run count. */
export function checkRunCount(experiment: Experiment): number {
  const problem = runCountProblem(experiment);
  if (problem !== null) throw new ExperimentError([problem]);
  return countRuns(experiment);
}
