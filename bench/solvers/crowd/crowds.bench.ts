/**
 * bench:crowds — the engine crowd models' step time: 500 units on the bridge template (two open
 * areas 40 columns wide joined by a 4-lane bridge 20 cells long, 250 units a side, each crossing
 * to the mirror cell) and 1,000 on Berlin_1_256 (the first 1,000 entries of its random-1
 * scenario). Target: a step (one update of every unit, 1/4 turn) under 16 ms, mean and max, for
 * each of A* + ORCA, flow field + separation and Detour crowd.
 *
 * Each row sets the model up (paths, flow fields or navmesh: its CPU time printed apart), then
 * runs --steps steps (default 400 = 100 turns), timing each on two CPU clocks: the stepping
 * thread's (WASI's clock_gettime(CLOCK_THREAD_CPUTIME_ID), to the microsecond: the model's own
 * work and the garbage collection done on its thread, as a game's frame budget counts its main
 * thread) and the process's (process.cpuUsage: adds V8's compiler and GC helper threads, which
 * run on other cores, so a fresh process's first steps show their compiling). The verdict is on
 * the thread's clock; the process's is printed beside it, with wall time and the load average.
 * --repeat runs each row again from scratch (default 2). The set-up ends with a full garbage
 * collection (with --expose-gc), timed in the set-up. Each model's entry is prepared once before
 * its first row (SolverEntry.prepare: Detour's WebAssembly; the warm-ups of core/contract/warmUp.ts),
 * as every host does; that is timed and printed on its own line, apart from the set-up and steps.
 *
 * Usage: tsx bench/solvers/crowd/crowds.bench.ts [--steps 400] [--repeat 2] [--only orca|flow-field|detour] [--map bridge|berlin]
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseMap } from '../../../core/formats/movingAiMap.ts';
import { parseScenario } from '../../../core/formats/movingAiScenario.ts';
import { Grid } from '../../../core/grid/grid.ts';
import { OCTILE_NO_CUT } from '../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import type { CrowdRun } from '../../../core/solvers/crowd/crowdWorld.ts';
import { orcaRun } from '../../../core/solvers/crowd/orcaSolver.ts';
import { flowFieldRun } from '../../../core/solvers/crowd/flowSolver.ts';
import { detourRun } from '../../../core/solvers/crowd/detourSolver.ts';
import { findSolver } from '../../../core/registry/registry.ts';
import { createWasiThreadCpuMs } from '../../../cli/solverWorker/wasiThreadClock.ts';
import type { SolveOptions, SolveResult } from '../../../core/contract/types.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const STEPS = Number(option('--steps') ?? 400);
const REPEAT = Number(option('--repeat') ?? 2);
const ONLY = option('--only');
const MAP = option('--map');
const TARGET_MS = 16;
const BENCH = fileURLToPath(new URL('../../../../shared/benchmarks/movingai/', import.meta.url));

const MODELS: Record<string, (instance: MapfInstance, options: SolveOptions) => CrowdRun | SolveResult> = {
  orca: orcaRun,
  'flow-field': flowFieldRun,
  detour: detourRun,
};

/**
 * The app's bridge template (renderer/src/templates/chokepoints.ts, which Node-side code may not
 * import) at 100 x 50: a band 20 columns wide at x 40-59, crossed by a 4-lane bridge at rows
 * 23-26; units fill the columns from each outer edge inward (left ones on even rows, right ones on
 * odd rows), each heading for the mirror cell on the other side.
 */
function bridge(): MapfInstance {
  const width = 100;
  const height = 50;
  const x0 = 40;
  const x1 = 59;
  const y0 = 23;
  const lanes = 4;
  const rows: string[] = [];
  for (let y = 0; y < height; y++) {
    let row = '';
    for (let x = 0; x < width; x++) row += x >= x0 && x <= x1 && (y < y0 || y >= y0 + lanes) ? '@' : '.';
    rows.push(row);
  }
  const grid = Grid.fromAscii(rows);
  const agents: MapfInstance['agents'] = [];
  for (const parity of [0, 1]) {
    let placed = 0;
    for (let column = 0; column < x0 && placed < 250; column++) {
      for (let y = parity; y < height && placed < 250; y += 2) {
        const x = parity === 0 ? column : width - 1 - column;
        agents.push({ start: grid.cell(x, y), goal: grid.cell(width - 1 - x, y) });
        placed++;
      }
    }
  }
  return { grid, movement: OCTILE_NO_CUT, agents };
}

function berlin(k: number): MapfInstance {
  const grid = parseMap(readFileSync(`${BENCH}maps/Berlin_1_256.map`, 'utf8'), 'Berlin_1_256.map').grid;
  const entries = parseScenario(readFileSync(`${BENCH}scen/Berlin_1_256-random-1.scen`, 'utf8'), 'Berlin_1_256').entries.slice(0, k);
  return { grid, movement: OCTILE_NO_CUT, agents: entries.map((e) => ({ start: grid.cell(e.startX, e.startY), goal: grid.cell(e.goalX, e.goalY) })) };
}

const processCpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const threadCpuMs = createWasiThreadCpuMs();
if (threadCpuMs === null) console.log('(no thread CPU clock here: the verdict falls back to process CPU)');
/** The clock of the verdict: the stepping thread's CPU time, or the process's where there is none. */
const cpuMs = threadCpuMs ?? processCpuMs;

interface Row {
  setupCpu: number;
  meanCpu: number;
  maxCpu: number;
  meanWall: number;
  maxWall: number;
  meanProcessCpu: number;
  maxProcessCpu: number;
  arrivedNear: number;
  /** The slowest step's index (from 0), and the mean of the first 8 steps (path requests, first corridors). */
  maxAt: number;
  firstMean: number;
  /** Step 1 alone: a fresh process's cold code shows here first. */
  first: number;
  /** Steps over the target. */
  over: number;
}

function measure(model: string, instance: MapfInstance): Row {
  const setupStart = cpuMs();
  const run = MODELS[model](instance, { params: {} });
  // The garbage of the set-up (and of the rows before) collected here, in the set-up's time, not
  // in the first steps: Detour's first step after the ORCA and flow-field rows took 26 ms of CPU
  // (28 ms of wall time) and 12 ms a row later (needs node's --expose-gc, as npm run bench:crowds runs).
  (globalThis as { gc?: () => void }).gc?.();
  const setupCpu = cpuMs() - setupStart;
  if ('status' in run) throw new Error(`${model}: set-up ended the run: ${run.status} ${run.message ?? ''}`);
  const dt = 1 / run.world.settings.stepsPerTurn;
  let sumCpu = 0;
  let maxCpu = 0;
  let sumWall = 0;
  let maxWall = 0;
  let sumProcess = 0;
  let maxProcess = 0;
  let maxAt = 0;
  let firstSum = 0;
  let first = 0;
  let over = 0;
  try {
    for (let s = 0; s < STEPS; s++) {
      const p0 = processCpuMs();
      const c0 = cpuMs();
      const w0 = performance.now();
      run.step(run.world, dt);
      const wall = performance.now() - w0;
      const cpu = cpuMs() - c0;
      const processCpu = processCpuMs() - p0;
      sumProcess += processCpu;
      if (processCpu > maxProcess) maxProcess = processCpu;
      sumCpu += cpu;
      sumWall += wall;
      if (s < 8) firstSum += cpu;
      if (s === 0) first = cpu;
      if (cpu >= TARGET_MS) over++;
      if (cpu > maxCpu) {
        maxCpu = cpu;
        maxAt = s;
      }
      if (wall > maxWall) maxWall = wall;
    }
  } finally {
    run.dispose?.();
  }
  const { world } = run;
  let near = 0;
  for (let a = 0; a < world.n; a++) if (world.cellOf(a) === world.goal[a]) near++;
  return { setupCpu, meanCpu: sumCpu / STEPS, maxCpu, meanWall: sumWall / STEPS, maxWall, meanProcessCpu: sumProcess / STEPS, maxProcessCpu: maxProcess, arrivedNear: near, maxAt, firstMean: firstSum / Math.min(8, STEPS), first, over };
}

const load = (): string => loadavg().map((l) => l.toFixed(2)).join(' ');

const prepared = new Set<string>();
const maps: [string, () => MapfInstance][] = [
  ['bridge (100x50, 4 lanes x 20), 500 units', bridge],
  ['Berlin_1_256, 1,000 units (random-1)', () => berlin(1000)],
];
console.log(`bench:crowds — ${STEPS} steps (1/4 turn each) per run, ${REPEAT} runs per row; CPU time per step (${threadCpuMs ? "the stepping thread's, WASI clock_gettime; process CPU beside" : 'process.cpuUsage'}), target < ${TARGET_MS} ms mean and max`);
for (const [label, make] of maps) {
  if (MAP === 'bridge' && !label.startsWith('bridge')) continue;
  if (MAP === 'berlin' && !label.startsWith('Berlin')) continue;
  const instance = make();
  console.log(`\n${label}`);
  for (const model of Object.keys(MODELS)) {
    if (ONLY && ONLY !== model) continue;
    if (!prepared.has(model)) {
      // The model's once-per-process set-up (its entry's prepare(): Detour's WebAssembly loaded
      // and warmed up; ORCA's and the flow field's TypeScript warmed up), timed apart here.
      prepared.add(model);
      const c0 = cpuMs();
      const p0 = processCpuMs();
      await findSolver(model)!.prepare?.();
      console.log(`  ${model.padEnd(10)} prepare() (once per process, before any run): ${threadCpuMs ? 'thread ' : ''}CPU ${(cpuMs() - c0).toFixed(0)} ms, process CPU ${(processCpuMs() - p0).toFixed(0)} ms; load ${load()}`);
    }
    for (let r = 0; r < REPEAT; r++) {
      const row = measure(model, instance);
      const ok = row.meanCpu < TARGET_MS && row.maxCpu < TARGET_MS ? 'meets' : 'MISSES';
      console.log(
        `  ${model.padEnd(10)} run ${r + 1}: step ${threadCpuMs ? 'thread ' : ''}CPU mean ${row.meanCpu.toFixed(2)} ms, max ${row.maxCpu.toFixed(2)} ms at step ${row.maxAt + 1} (${ok} < ${TARGET_MS} ms; ${row.over} of ${STEPS} steps over; step 1 ${row.first.toFixed(2)} ms, first 8 steps mean ${row.firstMean.toFixed(2)} ms); process CPU mean ${row.meanProcessCpu.toFixed(2)} ms, max ${row.maxProcessCpu.toFixed(2)} ms; wall mean ${row.meanWall.toFixed(2)} ms, max ${row.maxWall.toFixed(2)} ms; set-up CPU ${row.setupCpu.toFixed(0)} ms; on goal after ${STEPS / 4} turns: ${row.arrivedNear} of ${instance.agents.length}; load ${load()}`,
      );
    }
  }
}
