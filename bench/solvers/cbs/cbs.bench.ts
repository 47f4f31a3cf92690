/**
 * bench:cbs — CBS on the Moving AI map random-32-32-20: 40 agents of random-1 (target
 * < 0.3 s; C++ CBSH2-RTC 0.063 s), then the first K agents of the random scenarios for K = 10..50
 * (C++ EECBS w=1 within 60 s: all of K <= 40, 22 of 25 at K = 50), solved counts within the limit
 * and the expansions at both levels. Times are the process's CPU (process.cpuUsage: V8's compiler and collector threads count too),
 * with the load.
 *
 * Then EECBS w = 1.2 (targets: random-32-32-20 100 / 150 agents < 0.5 s / < 1 s, C++ 0.15 / 0.30 s;
 * warehouse-10-20-10-2-1 200 / 400 agents < 1.5 s / < 15 s, C++ 0.49 / 5.0 s), cost over its
 * proved lower bound.
 *
 * The K rows also run EECBS w = 1 on each instance with the same limit (the "optimum
 * equal": where both solve, both are optimal, so their costs must agree) and print the count of
 * such instances and any disagreement; --no-optimum-check skips it (it doubles the row's time).
 *
 * Usage: tsx bench/solvers/cbs/cbs.bench.ts [--scens 5] [--limit-s 10] [--no-improvements] [--only cbs|eecbs] [--no-optimum-check]
 *   [--ks 40,50] [--cpu-limit]
 *   --scens 25 --limit-s 60 is the full row. --ks runs only those K rows. --cpu-limit makes
 *   the K rows' limit the process's CPU time instead of wall time (on a shared machine a wall limit
 *   lets an instance fail with far less CPU than the limit); such a stop is reported as a timeout.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseMap } from '../../../core/formats/movingAiMap.ts';
import { parseScenario } from '../../../core/formats/movingAiScenario.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import { findSolver } from '../../../core/registry/registry.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number): number => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const SCENS = arg('scens', 5);
const LIMIT_S = arg('limit-s', 10);
const PARAMS = args.includes('--no-improvements') ? { prioritize: false, heuristic: 'none', bypass: false, targetReasoning: false, rectangle: false, corridor: false } : {};
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const OPTIMUM_CHECK = !args.includes('--no-optimum-check');
const KS = args.includes('--ks') ? args[args.indexOf('--ks') + 1].split(',').map(Number) : [10, 20, 30, 40, 50];
const CPU_LIMIT = args.includes('--cpu-limit');
const BENCH = fileURLToPath(new URL('../../../../shared/benchmarks/movingai/', import.meta.url));
function instance(scen: number, k: number, map = 'random-32-32-20'): MapfInstance {
  const grid = parseMap(readFileSync(`${BENCH}maps/${map}.map`, 'utf8'), `${map}.map`).grid;
  const entries = parseScenario(readFileSync(`${BENCH}scen/${map}-random-${scen}.scen`, 'utf8'), `random-${scen}`).entries.slice(0, k);
  return { grid, movement: FOUR_CONNECTED, agents: entries.map((e) => ({ start: grid.cell(e.startX, e.startY), goal: grid.cell(e.goalX, e.goalY) })) };
}

function run(inst: MapfInstance, limitS: number, solver = 'cbs', params: Record<string, unknown> = PARAMS, cpuLimit = false) {
  const cpu = process.cpuUsage();
  const spent = (): number => {
    const used = process.cpuUsage(cpu);
    return (used.user + used.system) / 1e6;
  };
  // A CPU limit is a cancel from outside: the solvers' own limit is wall time.
  const result = cpuLimit
    ? findSolver(solver)!.solve(inst, { params, shouldStop: () => spent() > limitS })
    : findSolver(solver)!.solve(inst, { timeLimitMs: limitS * 1000, params });
  if (cpuLimit && result.status === 'cancelled') result.status = 'timeout';
  return { result, seconds: spent() };
}

const sumOfCosts = (paths: readonly (readonly number[])[]): number => paths.reduce((sum, p) => sum + p.length - 1, 0);

if (ONLY !== 'eecbs') {
console.log(`CBS (core/solvers/cbs), params ${JSON.stringify(PARAMS)}, Node ${process.version}`);
for (let repeat = 1; repeat <= 2; repeat++) {
  const { result, seconds } = run(instance(1, 40), 60);
  console.log(
    `40 agents, random-1, run ${repeat}: ${result.status} in ${seconds.toFixed(3)} s CPU, cost ${result.stats.costLowerBound}, high-level ${result.stats.highExpanded} expanded / ${result.stats.highGenerated} generated, ` +
      `low-level ${result.stats.lowExpanded} expanded; load ${loadavg()[0].toFixed(2)}; target < 0.3 s: ${result.status === 'solved' && seconds < 0.3 ? 'pass' : 'FAIL'}`,
  );
}
const targets: Record<number, string> = { 10: 'all', 20: 'all', 30: 'all', 40: 'all', 50: '22/25 (of 25)' };
console.log(`\nfirst K agents of random-1..${SCENS}, ${LIMIT_S} s ${CPU_LIMIT ? 'CPU' : 'wall'} each (the issue's row: 25 scens, 60 s)`);
for (const k of KS) {
  let solved = 0;
  let cpu = 0;
  let high = 0;
  let low = 0;
  // EECBS w = 1 beside it: solved count, CPU, and where both solved, whether the costs agree.
  let eeSolved = 0;
  let eeCpu = 0;
  let both = 0;
  const disagreements: string[] = [];
  // Without --cpu-limit the limit is wall time: on a loaded machine an instance can time out with far less CPU.
  const unsolved: string[] = [];
  for (let scen = 1; scen <= SCENS; scen++) {
    const inst = instance(scen, k);
    const { result, seconds } = run(inst, LIMIT_S, 'cbs', PARAMS, CPU_LIMIT);
    if (result.status === 'solved') solved++;
    else unsolved.push(`random-${scen} (${result.status} after ${seconds.toFixed(1)} s CPU)`);
    cpu += seconds;
    high += result.stats.highExpanded;
    low += result.stats.lowExpanded;
    if (!OPTIMUM_CHECK) continue;
    const ee = run(inst, LIMIT_S, 'eecbs', { w: 1 }, CPU_LIMIT);
    eeCpu += ee.seconds;
    if (ee.result.status === 'solved') eeSolved++;
    if (result.status !== 'solved' || ee.result.status !== 'solved') continue;
    both++;
    const cost = sumOfCosts(result.paths);
    const eeCost = sumOfCosts(ee.result.paths);
    if (cost !== eeCost) disagreements.push(`random-${scen}: cbs ${cost}, eecbs w=1 ${eeCost}`);
  }
  console.log(`K = ${k}: ${solved}/${SCENS} solved, ${cpu.toFixed(1)} s CPU in all, ${high} high-level and ${low} low-level expansions; load ${loadavg()[0].toFixed(2)}; EECBS w=1 in 60 s: ${targets[k]}` + (unsolved.length > 0 ? `; unsolved: ${unsolved.join(', ')}` : ''));
  if (OPTIMUM_CHECK) {
    console.log(
      `  eecbs w=1: ${eeSolved}/${SCENS} solved, ${eeCpu.toFixed(1)} s CPU; both solved ${both}, costs equal on ${both - disagreements.length}` +
        (disagreements.length > 0 ? `; DISAGREE: ${disagreements.join('; ')}` : '; optimum equal: pass'),
    );
  }
}
}

if (ONLY !== 'cbs') {
  console.log(`\nEECBS w = 1.2 (core/solvers/cbs/eecbs.ts), first K agents of random-1, 60 s limit`);
  const rows: [string, number, number, string][] = [
    ['random-32-32-20', 100, 0.5, '< 0.5 s (C++ 0.15 s)'],
    ['random-32-32-20', 150, 1, '< 1 s (C++ 0.30 s)'],
    ['warehouse-10-20-10-2-1', 200, 1.5, '< 1.5 s (C++ 0.49 s)'],
    ['warehouse-10-20-10-2-1', 400, 15, '< 15 s (C++ 5.0 s)'],
  ];
  for (const [map, k, target, label] of rows) {
    const inst = instance(1, k, map);
    const cpu = process.cpuUsage();
    const result = findSolver('eecbs')!.solve(inst, { timeLimitMs: 60_000, params: { w: 1.2 } });
    const used = process.cpuUsage(cpu);
    const seconds = (used.user + used.system) / 1e6;
    const cost = result.paths.reduce((sum, p) => sum + p.length - 1, 0);
    console.log(
      `${map}, ${k} agents: ${result.status} in ${seconds.toFixed(2)} s CPU` +
        (result.status === 'solved' ? `, cost ${cost} / lower bound ${result.stats.costLowerBound} = ${(cost / result.stats.costLowerBound).toFixed(3)}` : `, lower bound ${result.stats.costLowerBound}`) +
        `; high-level ${result.stats.highExpanded} expanded, low-level ${result.stats.lowExpanded}; load ${loadavg()[0].toFixed(2)}; target ${label}: ${result.status === 'solved' && seconds < target ? 'pass' : 'FAIL'}`,
    );
  }
}
