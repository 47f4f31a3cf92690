/**
 * Runs one or more seeds of Standley's experiment (bench/standleyInstance.ts) with one solver and
 * prints status, CPU time, expansions and expansions per CPU second: the profiling harness of
 * bench:optimal (e.g. `node --cpu-prof --import tsx bench/solvers/optimal/one.ts --seeds 17,42`).
 *
 * Usage: tsx bench/solvers/optimal/one.ts --seeds 1,2,3 [--solver id+od] [--limit-ms 10000] [--full] [--no-dependencies] [--cost-model away|rest]
 */
import { type CostModel, sumOfCosts } from '../../../core/mapf/plan.ts';
import { validatePlan } from '../../../core/mapf/validator.ts';
import { findSolver, paramsWithCostModel } from '../../../core/registry/registry.ts';
import { standleyInstance } from './standleyInstance.ts';
import { createCpuClock } from '../../../cli/solverWorker/threadCpuClock.ts';

const args = process.argv.slice(2);
function arg(name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
}
const seeds = arg('seeds', '1').split(',').map(Number);
const solverName = arg('solver', 'id+od');
const limitMs = Number(arg('limit-ms', '10000'));
/** --full: OD without partial expansion; --no-dependencies: without the dependency bonus (params.dependencies); for before/after comparisons. */
const costModel = arg('cost-model', 'away') as CostModel;
const optimalParams = { ...(args.includes('--full') ? { partialExpansion: false } : {}), ...(args.includes('--no-dependencies') ? { dependencies: false } : {}) };
const cpuClock = createCpuClock();
/** This thread's CPU time in ms (the solver's cpu clock: threadCpuClock.ts), or wall time where there is none. */
const cpuMs: () => number = cpuClock.source === 'thread' ? cpuClock.clock : () => performance.now();

const solver = findSolver(solverName);
if (solver === undefined) throw new Error(`no solver ${solverName}`);
// Only the optimal solvers take the cost model and the search switches (HCA* refuses unknown params).
const params = paramsWithCostModel(solver, solver.optimal ? optimalParams : {}, costModel);
let totalExpanded = 0;
let totalMs = 0;
for (const seed of seeds) {
  const instance = standleyInstance(seed);
  const started = cpuMs();
  const result = solver.solve(instance, { seed: 1, timeLimitMs: limitMs * 6, shouldStop: () => cpuMs() - started > limitMs, params });
  const ms = cpuMs() - started;
  const s = result.stats;
  let cost = NaN;
  if (result.status === 'solved') {
    const check = validatePlan(instance, result.paths);
    if (!check.valid) throw new Error(`seed ${seed}: invalid plan`);
    cost = sumOfCosts(result.paths, instance.agents.map((a) => a.goal), costModel);
  }
  const expanded = s.expanded ?? 0;
  totalExpanded += expanded;
  totalMs += ms;
  console.log(`seed ${seed} agents ${instance.agents.length}: ${result.status} cost ${cost} in ${ms.toFixed(0)} ms CPU, expanded ${expanded}, generated ${s.generated ?? 0}, largest group ${s.largestGroup ?? 0}, replan expansions ${s.replanExpanded ?? 0}, ${(expanded / ms / 1000).toFixed(3)} M exp/s`);
}
console.log(`total: ${totalExpanded} expansions in ${totalMs.toFixed(0)} ms CPU = ${(totalExpanded / totalMs / 1000).toFixed(3)} M exp/s`);
