/**
 * Benchmark of the optimal solvers (npm run bench:optimal). Standley 2010
 * (Standley 2010), section "Experiments":
 *
 * - standley: 32x32 maps with 20% random obstacles, 8-connected with corner cutting, 2..60
 *   agents chosen uniformly, random unique starts and goals in one connected component, 1 s per
 *   instance. Prints the share solved by id+od, id+astar (and hca when registered) and the mean gap
 *   between the solution cost and the heuristic lower bound (sum of distances at the start) on
 *   instances with more than 40 agents solved by id+od (and by both id+od and hca).
 * - movingai: the Moving AI map random-32-32-20, 4-connected, first K agents of a sample of its
 *   random scenario files for K = 10, 20, 30, 40; share solved by id+od within 1 s and 60 s and
 *   the median time.
 *
 * Time limits are on this thread's CPU time by default (--clock thread, the solver's cpu clock,
 * cli/solverWorker/threadCpuClock.ts, enforced through shouldStop): the machine is shared, and a
 * wall-clock second there is often a third of a CPU second. --clock wall uses timeLimitMs alone.
 *
 * The standley suite also lists the seeds each solver did not solve; bench/one.ts reruns chosen
 * seeds alone (CPU time, expansions per CPU second), e.g. under `node --cpu-prof`.
 *
 * - experiment: the standley measures on the instances of an experiment file, built as
 *   `mapf-lab experiment` builds them (--experiment, default experiments/standley2010.json: 100
 *   maps x 10 instances, a different draw from the standley suite's 1,000 maps).
 *
 * With two solvers or more, the first two are also printed side by side by agent count
 * (sideBySide.ts: where each wins; equal optimum when both are optimal). The row:
 *   --suite experiment --experiment experiments/standley2010-4c.json --solvers id+od,cbs --cost-model rest
 * and Standley's own, 8-connected with corners cut (CBS plans there too):
 *   --suite experiment --experiment experiments/standley2010.json --solvers id+od,cbs --cost-model rest
 *
 * Usage: tsx bench/solvers/optimal/optimal.bench.ts [--suite standley|experiment|movingai|all]
 *   [--experiment experiments/standley2010.json]
 *   [--instances 1000] [--seed 1] [--limit-ms 1000] [--scen-files 5] [--long-limit-ms 60000]
 *   [--solvers id+od,id+astar,hca] [--clock thread|wall] [--memory-mb 4096 (movingai runs)]
 *   [--cost-model away|rest] [--no-dependencies]
 *
 * --cost-model (default away, the seed's: an agent's steps not waiting on its goal) is what the
 * optimal solvers minimise and how every solver's solution cost is counted; rest = the time
 * until each agent rests on its goal for good (core/mapf/plan.ts CostModel). --no-dependencies runs the
 * optimal solvers without the dependency bonus (params.dependencies: false; core/solvers/optimal/
 * pairDependency.ts, illegalDependency.ts), i.e. with the seed's heuristic alone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import { COST_MODELS, type CostModel, sumOfCosts } from '../../../core/mapf/plan.ts';
import { validatePlan } from '../../../core/mapf/validator.ts';
import { findSolver, paramsWithCostModel, solverNames } from '../../../core/registry/registry.ts';
import type { SolveResult } from '../../../core/contract/types.ts';
import { buildStepTable, buildUnitDistance } from '../../../core/search/stepTable.ts';
import { experimentInstances, type NamedInstance } from './experimentInstances.ts';
import { standleyInstance } from './standleyInstance.ts';
import { printSideBySide } from './sideBySide.ts';
import { createCpuClock } from '../../../cli/solverWorker/threadCpuClock.ts';

const args = process.argv.slice(2);
function arg(name: string, fallback: string): string {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
}
const suite = arg('suite', 'all');
const experimentFile = arg('experiment', fileURLToPath(new URL('../../../experiments/standley2010.json', import.meta.url)));
const instanceCount = Number(arg('instances', '1000'));
const baseSeed = Number(arg('seed', '1'));
const limitMs = Number(arg('limit-ms', '1000'));
const scenFiles = Number(arg('scen-files', '5'));
const longLimitMs = Number(arg('long-limit-ms', '60000'));
const requested = arg('solvers', 'id+od,id+astar,hca').split(',');
const clock = arg('clock', 'thread');
const memoryMb = Number(arg('memory-mb', '4096'));
const costModel = arg('cost-model', 'away') as CostModel;
/** Params every optimal solver run gets besides the cost model. */
const optimalParams: Record<string, unknown> = args.includes('--no-dependencies') ? { dependencies: false } : {};
if (!COST_MODELS.includes(costModel)) throw new Error(`--cost-model must be ${COST_MODELS.join(' or ')}, got ${costModel}`);
const BENCH_DIR = fileURLToPath(new URL('../../../../shared/benchmarks/movingai', import.meta.url));
const threadClock = clock === 'thread' ? createCpuClock() : null;
const useThreadClock = threadClock?.source === 'thread';

/** CPU time of this thread in ms (the solver's cpu clock: threadCpuClock.ts), or wall time. */
const nowMs: () => number = useThreadClock ? threadClock!.clock : () => performance.now();


/** Sum over agents of the unit-step distance from start to goal: the heuristic lower bound. */
function heuristicBound(instance: MapfInstance): number {
  const steps = buildStepTable(instance.grid, instance.movement);
  let sum = 0;
  for (const a of instance.agents) sum += buildUnitDistance(steps, a.goal)[a.start];
  return sum;
}

interface Run {
  status: string;
  ms: number;
  cost: number;
  largestGroup: number;
}

function run(name: string, instance: MapfInstance, timeLimitMs: number, params?: Record<string, unknown>): Run {
  const solver = findSolver(name)!;
  const started = nowMs();
  // With the thread clock the budget is enforced by shouldStop (polled every few hundred
  // expansions); the wall-clock limit is only a backstop.
  const shouldStop = useThreadClock ? () => nowMs() - started > timeLimitMs : undefined;
  const wallLimit = useThreadClock ? timeLimitMs * 6 : timeLimitMs;
  let result: SolveResult;
  try {
    result = solver.solve(instance, { seed: 1, timeLimitMs: wallLimit, shouldStop, params: paramsWithCostModel(solver, solver.optimal ? { ...optimalParams, ...params } : (params ?? {}), costModel) });
  } catch (error) {
    return { status: `error: ${(error as Error).message}`, ms: nowMs() - started, cost: NaN, largestGroup: 0 };
  }
  const ms = nowMs() - started;
  let status: string = result.status;
  let cost = NaN;
  if (status === 'solved') {
    const check = validatePlan(instance, result.paths);
    if (!check.valid) status = 'failed';
    else cost = sumOfCosts(result.paths, instance.agents.map((a) => a.goal), costModel);
  }
  // A solve that overran its budget (HCA* may finish just after it) does not count as solved in time.
  if (status === 'solved' && ms > timeLimitMs * 1.02 + 5) status = 'late';
  if (status === 'cancelled' || (status === 'timeout' && useThreadClock)) status = 'over budget';
  return { status, ms, cost, largestGroup: result.stats.largestGroup ?? 0 };
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Standley's measures over `instances` (labels name them in the lists of failures). */
function standley(title: string, instances: Iterable<NamedInstance>, instanceCount: number): void {
  const names = requested.filter((n) => findSolver(n) !== undefined);
  const missing = requested.filter((n) => findSolver(n) === undefined);
  console.log(`clock: ${useThreadClock ? 'this thread\'s CPU time' : 'wall'}; cost model: ${costModel}`);
  console.log(`${title}, ${limitMs} ms limit`);
  if (missing.length > 0) console.log(`not registered (skipped): ${missing.join(', ')}; registry has ${solverNames().join(', ')}`);
  const runs = new Map<string, Run[]>(names.map((n) => [n, []]));
  const bounds: number[] = [];
  const agentCounts: number[] = [];
  const labels: string[] = [];
  const started = performance.now();
  let i = 0;
  for (const { label, instance } of instances) {
    labels.push(label);
    bounds.push(heuristicBound(instance));
    agentCounts.push(instance.agents.length);
    for (const name of names) runs.get(name)!.push(run(name, instance, limitMs));
    if ((i + 1) % 100 === 0 || i + 1 === instanceCount) {
      const summary = names.map((n) => `${n} ${(100 * runs.get(n)!.filter((r) => r.status === 'solved').length / (i + 1)).toFixed(1)}%`).join(', ');
      console.log(`  ${i + 1} instances (${((performance.now() - started) / 1000).toFixed(0)} s): ${summary}`);
    }
    i++;
  }
  console.log('\nsolver      solved   share    median ms  p90 ms   statuses');
  for (const name of names) {
    const list = runs.get(name)!;
    const solved = list.filter((r) => r.status === 'solved');
    const times = solved.map((r) => r.ms).sort((a, b) => a - b);
    const statuses = new Map<string, number>();
    for (const r of list) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    console.log(`${name.padEnd(10)} ${String(solved.length).padStart(6)}  ${(100 * solved.length / list.length).toFixed(2).padStart(6)}%  ${percentile(times, 0.5).toFixed(1).padStart(9)}  ${percentile(times, 0.9).toFixed(1).padStart(7)}   ${[...statuses].map(([s, c]) => `${s} ${c}`).join(', ')}`);
  }
  console.log('(paper, 10,000 instances: OD+ID 90.45% in under 1 s; target here >= 95%)');
  for (const name of names) {
    const failed = runs.get(name)!.flatMap((r, i) => (r.status === 'solved' ? [] : [`${labels[i]}(${agentCounts[i]})`]));
    // The first 30 name enough to rerun one; a whole suite's list ran to thousands of characters.
    const shown = failed.slice(0, 30).join(' ') + (failed.length > 30 ? ` and ${failed.length - 30} more` : '');
    if (failed.length > 0) console.log(`${name} not solved (${failed.length}), instance(agents): ${shown}`);
  }

  const many = (i: number) => agentCounts[i] > 40;
  const gap = (name: string, filter: (i: number) => boolean) => {
    const list = runs.get(name);
    if (!list) return null;
    let sum = 0;
    let count = 0;
    for (let i = 0; i < list.length; i++) {
      if (!filter(i) || list[i].status !== 'solved') continue;
      sum += list[i].cost - bounds[i];
      count++;
    }
    return count === 0 ? null : { mean: sum / count, count };
  };
  const show = (label: string, g: { mean: number; count: number } | null) =>
    console.log(`${label}: ${g === null ? 'no instances' : `${g.mean.toFixed(2)} moves over ${g.count} instances`}`);
  console.log('\nmean gap between solution cost and heuristic lower bound, instances with > 40 agents:');
  show('  id+od, all it solved', gap('id+od', many));
  if (runs.has('id+astar')) show('  id+astar, all it solved', gap('id+astar', many));
  if (runs.has('hca')) {
    const both = (i: number) => many(i) && runs.get('id+od')![i].status === 'solved' && runs.get('hca')![i].status === 'solved';
    show('  id+od, solved by both id+od and hca', gap('id+od', both));
    show('  hca, solved by both id+od and hca', gap('hca', both));
    const odList = runs.get('id+od')!;
    const hcaList = runs.get('hca')!;
    let neither = 0;
    let hcaFailed = 0;
    let rescued = 0;
    for (let i = 0; i < odList.length; i++) {
      const od = odList[i].status === 'solved';
      const hca = hcaList[i].status === 'solved';
      if (!od && !hca) neither++;
      if (!hca) {
        hcaFailed++;
        if (od) rescued++;
      }
    }
    console.log(`  solved by neither id+od nor hca: ${neither}; id+od solved ${rescued} of the ${hcaFailed} hca did not`);
  } else {
    console.log('  hca: not registered, no comparison');
  }
  console.log('(paper, > 40 agents solved by both: OD+ID 4.4 moves, HCA* 12.8 moves)');
  if (names.length >= 2) {
    const [a, b] = names;
    printSideBySide(a, b, runs.get(a)!, runs.get(b)!, agentCounts, labels, findSolver(a)!.optimal && findSolver(b)!.optimal);
  }
  const groups = runs.get('id+od')?.filter((r) => r.status === 'solved').map((r) => r.largestGroup).sort((a, b) => a - b);
  if (groups && groups.length > 0) console.log(`id+od largest group when solved: median ${percentile(groups, 0.5)}, p90 ${percentile(groups, 0.9)}, max ${groups[groups.length - 1]}`);
}

function readMap(file: string): Grid {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  const start = lines.indexOf('map') + 1;
  const height = Number(lines.find((l) => l.startsWith('height'))!.split(/\s+/)[1]);
  return Grid.fromAscii(lines.slice(start, start + height), '@TOW');
}

function readScen(file: string, grid: Grid): { start: number; goal: number }[] {
  return readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter((l) => l.trim().length > 0)
    .map((l) => {
      const f = l.split('\t');
      return { start: grid.cell(Number(f[4]), Number(f[5])), goal: grid.cell(Number(f[6]), Number(f[7])) };
    });
}

function movingAi(): void {
  const grid = readMap(join(BENCH_DIR, 'maps', 'random-32-32-20.map'));
  console.log(`\nMoving AI random-32-32-20, 4-connected, id+od, first K agents of random scenario files 1..${scenFiles} (a sample of the 25: ${scenFiles} files x 4 counts at up to ${longLimitMs / 1000} s each fits the shared 2 cores)`);
  console.log('agents  files  solved<=1s  solved<=60s  median ms');
  for (const k of [10, 20, 30, 40]) {
    const times: number[] = [];
    let within1 = 0;
    let withinLong = 0;
    for (let f = 1; f <= scenFiles; f++) {
      const tasks = readScen(join(BENCH_DIR, 'scen', `random-32-32-20-random-${f}.scen`), grid).slice(0, k);
      // A minute of search can outgrow the default 1 GB node store; the machine has room for 4 GB.
      const r = run('id+od', { grid, movement: FOUR_CONNECTED, agents: tasks }, longLimitMs, { memoryMb: memoryMb });
      const solved = r.status === 'solved';
      if (solved && r.ms <= 1000) within1++;
      if (solved) withinLong++;
      times.push(solved ? r.ms : Infinity);
      console.log(`    K=${k} file ${f}: ${r.status} in ${r.ms.toFixed(0)} ms (largest group ${r.largestGroup})`);
    }
    times.sort((a, b) => a - b);
    const median = percentile(times, 0.5);
    console.log(`${String(k).padStart(6)}  ${String(scenFiles).padStart(5)}  ${`${within1}/${scenFiles}`.padStart(10)}  ${`${withinLong}/${scenFiles}`.padStart(11)}  ${Number.isFinite(median) ? median.toFixed(1) : `>${longLimitMs}`}`);
  }
}

/** The standley suite's instances, drawn one per seed (bench/one.ts reruns one by its seed). */
function* standleySeeds(): Generator<NamedInstance> {
  for (let i = 0; i < instanceCount; i++) yield { label: String(baseSeed + i), instance: standleyInstance(baseSeed + i) };
}

if (suite === 'standley' || suite === 'all') {
  standley(`Standley 2010 experiment: ${instanceCount} instances, 32x32, 20% obstacles, 8-connected (corners cut), 2..60 agents, seeds ${baseSeed}..${baseSeed + instanceCount - 1}`, standleySeeds(), instanceCount);
}
if (suite === 'experiment' || suite === 'all') {
  // --instances N takes the file's first N instances (all by default).
  const instances = experimentInstances(experimentFile).slice(0, args.includes('--instances') ? instanceCount : undefined);
  console.log('');
  standley(`${experimentFile}: its ${instances.length} instances`, instances, instances.length);
}
if (suite === 'movingai' || suite === 'all') movingAi();
