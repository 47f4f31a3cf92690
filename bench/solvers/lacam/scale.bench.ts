/**
 * bench:scale — PIBT at scale (issue 13): one PIBT timestep for 1,000 units on den520d and
 * Berlin_1_256 (target: mean <= 2 ms, max < 16 ms) and for 10,000 units on a 256x256 map (target
 * < 100 ms), measured on this process's CPU time per step (process.cpuUsage: the bench is one
 * thread, so it is the solver's time plus the garbage collector's), with wall time and the load.
 * Units start and aim at the first K entries of the map's random-1 scenario (10,000: random
 * distinct cells of the largest region). Each row runs STEPS steps, twice, each run from scratch;
 * the first 5 steps of a run are reported apart (the first builds the distance tables, lazily).
 *
 * Usage: tsx bench/solvers/lacam/scale.bench.ts [--steps 200]
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseMap } from '../../../core/formats/movingAiMap.ts';
import { parseScenario } from '../../../core/formats/movingAiScenario.ts';
import type { Grid } from '../../../core/grid/grid.ts';
import { randomTasks } from '../../../core/mapgen/placement.ts';
import { Pibt } from '../../../core/solvers/lacam/pibt.ts';

const args = process.argv.slice(2);
const STEPS = args.includes('--steps') ? Number(args[args.indexOf('--steps') + 1]) : 200;
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
}

function measure(grid: Grid, starts: number[], goals: number[], warm: number): StepFigures {
  const pibt = new Pibt(grid, starts, goals, 1);
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
  return { meanCpu: cpuTotal / counted, maxCpu, meanWall: wallTotal / counted, maxWall, arrived, firstCpu };
}

function row(label: string, target: string, pass: (f: StepFigures) => boolean, grid: Grid, starts: number[], goals: number[]): void {
  const runs = [measure(grid, starts, goals, 5), measure(grid, starts, goals, 5)];
  for (const [i, f] of runs.entries()) {
    const load = loadavg()[0].toFixed(2);
    console.log(
      `${label.padEnd(40)} run ${i + 1}: first step ${f.firstCpu.toFixed(1)} ms CPU; then CPU mean ${f.meanCpu.toFixed(3)} ms, max ${f.maxCpu.toFixed(2)} ms; wall mean ${f.meanWall.toFixed(3)} ms, max ${f.maxWall.toFixed(2)} ms; ` +
        `${f.arrived}/${goals.length} on their goals after ${STEPS} steps; load ${load}; target ${target}: ${pass(f) ? 'pass' : 'FAIL'}`,
    );
  }
}

console.log(`PIBT one timestep (core/solvers/lacam/pibt.ts), ${STEPS} steps per run, Node ${process.version}`);
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
