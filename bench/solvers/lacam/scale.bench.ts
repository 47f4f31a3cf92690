/**
 * bench:scale — PIBT and LaCAM at scale. First, one PIBT timestep for 1,000 units on den520d and
 * Berlin_1_256 (target: mean <= 2 ms, max < 16 ms) and for 10,000 units on a 256x256 map (target
 * < 100 ms), measured on this process's CPU time per step (process.cpuUsage: the bench is one
 * thread, so it is the solver's time plus the garbage collector's), with wall time and the load.
 * Units start and aim at the first K entries of the map's random-1 scenario (10,000: random
 * distinct cells of the largest region). Each row runs STEPS steps, twice, each run from scratch;
 * the first 5 steps of a run are reported apart (the first builds the distance tables, lazily).
 *
 * Then LaCAM's first solution on random-32-32-20 with 400 units (target <= 1.5 s; C++ 0.50 s,
 * sum of costs / lower bound 4.24), den520d with 1,000 (<= 4 s), warehouse-10-20-10-2-1 with
 * 1,000 (solved within 30 s), and LaCAM* for 10 s on random-32-32-20 with 400 (sum of loss / lower
 * bound <= 2.25), each on the process's CPU time (process.cpuUsage: V8's compiler and collector threads count too), the first K
 * units of the map's random-1 scenario.
 *
 * The LaCAM* row is a 10 s anytime run on the wall clock, so its figure moves with the machine's
 * load; it runs --repeat times (default 1), and once more on a fixed work budget (param
 * workLimit: PIBT calls plus refinement expansions, about 10 s of CPU on an idle machine here),
 * whose figure does not depend on the load (its CPU time does).
 *
 * Usage: tsx bench/solvers/lacam/scale.bench.ts [--steps 200] [--only pibt|lacam|lacam-star] [--repeat 1]
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseMap } from '../../../core/formats/movingAiMap.ts';
import { parseScenario } from '../../../core/formats/movingAiScenario.ts';
import type { Grid } from '../../../core/grid/grid.ts';
import { randomTasks } from '../../../core/mapgen/placement.ts';
import { Pibt } from '../../../core/planning/pibt.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { findSolver } from '../../../core/registry/registry.ts';

const args = process.argv.slice(2);
const STEPS = args.includes('--steps') ? Number(args[args.indexOf('--steps') + 1]) : 200;
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const REPEAT = args.includes('--repeat') ? Number(args[args.indexOf('--repeat') + 1]) : 1;
/** The LaCAM* row's fixed budget: about 10 s of CPU on this machine when idle. */
const STAR_WORK = 30_000_000;
const BENCH = fileURLToPath(new URL('../../../../shared/benchmarks/movingai/', import.meta.url));

function load(name: string): Grid {
  return parseMap(readFileSync(`${BENCH}maps/${name}.map`, 'utf8'), `${name}.map`).grid;
}

function fromScenario(grid: Grid, name: string, k: number): { starts: number[]; goals: number[] } {
  const entries = parseScenario(readFileSync(`${BENCH}scen/${name}-random-1.scen`, 'utf8'), name).entries.slice(0, k);
  if (entries.length < k) throw new Error(`${name}-random-1.scen has ${entries.length} entries, ${k} asked`);
  return { starts: entries.map((e) => grid.cell(e.startX, e.startY)), goals: entries.map((e) => grid.cell(e.goalX, e.goalY)) };
}

interface StepFigures {
  meanCpu: number;
  maxCpu: number;
  meanWall: number;
  maxWall: number;
  arrived: number;
  /** The first step's CPU time: it builds the distance tables the units ask for (lazily). */
  firstCpu: number;
  initCpu: number;
}

function measure(grid: Grid, starts: number[], goals: number[], warm: number): StepFigures {
  const setup = process.cpuUsage();
  const pibt = new Pibt(grid, starts, goals, 1);
  const setupUsed = process.cpuUsage(setup);
  const initCpu = (setupUsed.user + setupUsed.system) / 1000;
  let positions = Int32Array.from(starts);
  let next = new Int32Array(starts.length);
  let cpuTotal = 0;
  let wallTotal = 0;
  let maxCpu = 0;
  let maxWall = 0;
  let counted = 0;
  let firstCpu = 0;
  for (let s = 0; s < STEPS; s++) {
    const cpu = process.cpuUsage();
    const wall = performance.now();
    pibt.step(positions, next);
    const wallMs = performance.now() - wall;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    [positions, next] = [next, positions];
    if (s === 0) firstCpu = cpuMs;
    if (s < warm) continue;
    counted++;
    cpuTotal += cpuMs;
    wallTotal += wallMs;
    maxCpu = Math.max(maxCpu, cpuMs);
    maxWall = Math.max(maxWall, wallMs);
  }
  let arrived = 0;
  for (let i = 0; i < goals.length; i++) if (positions[i] === goals[i]) arrived++;
  return { meanCpu: cpuTotal / counted, maxCpu, meanWall: wallTotal / counted, maxWall, arrived, firstCpu, initCpu };
}

function row(label: string, target: string, pass: (f: StepFigures) => boolean, grid: Grid, starts: number[], goals: number[]): void {
  const runs = [measure(grid, starts, goals, 5), measure(grid, starts, goals, 5)];
  for (const [i, f] of runs.entries()) {
    const load = loadavg()[0].toFixed(2);
    console.log(
      `${label.padEnd(40)} run ${i + 1}: set-up ${f.initCpu.toFixed(1)} ms, first step ${f.firstCpu.toFixed(1)} ms CPU; then CPU mean ${f.meanCpu.toFixed(3)} ms, max ${f.maxCpu.toFixed(2)} ms; wall mean ${f.meanWall.toFixed(3)} ms, max ${f.maxWall.toFixed(2)} ms; ` +
        `${f.arrived}/${goals.length} on their goals after ${STEPS} steps; load ${load}; target ${target}: ${pass(f) ? 'pass' : 'FAIL'}`,
    );
  }
}

function lacamRow(solver: 'lacam' | 'lacam-star', name: string, k: number, limitS: number, target: string, pass: (seconds: number, ratio: number) => boolean, workLimit?: number): void {
  const grid = load(name);
  const { starts, goals } = fromScenario(grid, name, k);
  const instance = { grid, movement: FOUR_CONNECTED, agents: starts.map((start, i) => ({ start, goal: goals[i] })) };
  const cpu = process.cpuUsage();
  const result = findSolver(solver)!.solve(instance, { seed: 0, timeLimitMs: limitS * 1000, params: workLimit === undefined ? {} : { workLimit } });
  const used = process.cpuUsage(cpu);
  const seconds = (used.user + used.system) / 1e6;
  const ratio = result.status === 'solved' ? result.stats.sumOfLoss / result.stats.costLowerBound : NaN;
  console.log(
    `${`${solver}, ${name}, ${k.toLocaleString('en-US')} units${workLimit === undefined ? '' : `, work ${workLimit / 1e6}M`}`.padEnd(48)} ${result.status} in ${seconds.toFixed(2)} s CPU` +
      `${result.status === 'solved' ? `, sum of loss / lower bound ${ratio.toFixed(2)}` : ''}; ${result.stats.highNodes} configurations; load ${loadavg()[0].toFixed(2)}; target ${target}: ${result.status === 'solved' && pass(seconds, ratio) ? 'pass' : 'FAIL'}`,
  );
}

if (ONLY === undefined || ONLY === 'pibt') {
console.log(`PIBT one timestep (core/planning/pibt.ts), ${STEPS} steps per run, Node ${process.version}`);
for (const name of ['den520d', 'Berlin_1_256']) {
  const grid = load(name);
  const { starts, goals } = fromScenario(grid, name, 1000);
  row(`${name}, 1,000 units`, 'mean <= 2 ms, max < 16 ms (CPU)', (f) => f.meanCpu <= 2 && f.maxCpu < 16, grid, starts, goals);
}
{
  const grid = load('Berlin_1_256');
  const tasks = randomTasks(grid, 10_000, 7);
  row('Berlin_1_256 (256x256), 10,000 units', 'max < 100 ms (CPU)', (f) => f.maxCpu < 100, grid, tasks.map((t) => t.start), tasks.map((t) => t.goal));
}
}

if (ONLY === undefined || ONLY.startsWith('lacam')) {
  console.log(`\nLaCAM / LaCAM* (core/solvers/lacam/lacam.ts), seed 0, first K units of the random-1 scenario`);
  if (ONLY !== 'lacam-star') {
    lacamRow('lacam', 'random-32-32-20', 400, 60, 'first solution <= 1.5 s', (s) => s <= 1.5);
    lacamRow('lacam', 'den520d', 1000, 60, 'first solution <= 4 s', (s) => s <= 4);
    lacamRow('lacam', 'warehouse-10-20-10-2-1', 1000, 30, 'solved within 30 s', (s) => s <= 30);
  }
  const starTarget = 'sum of loss / lower bound <= 2.25';
  for (let run = 0; run < REPEAT; run++) lacamRow('lacam-star', 'random-32-32-20', 400, 10, `${starTarget} after 10 s`, (_, ratio) => ratio <= 2.25);
  lacamRow('lacam-star', 'random-32-32-20', 400, 600, `${starTarget} (fixed budget)`, (_, ratio) => ratio <= 2.25, STAR_WORK);
}
