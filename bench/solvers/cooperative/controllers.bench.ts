/**
 * Timing of the cooperative controllers (core/solvers/cooperative), in Silver's setup (seed
 * Silver 2005, "Experimental Results": 10 maps of 32x32, 4-connected, 20% obstacles,
 * pockets filled, 100 agents with unique random starts and goals, 100 turns) and the stretch case
 * (1,000 agents on den520d). Prints per solver: success rate, initial planning time (mean and
 * worst map) and the slowest turn (median over maps and worst).
 *
 * Targets: WHCA*(16), 100 agents: init <= 5 ms, max turn <= 2 ms; stretch: 1,000 agents
 * on den520d, max turn < 16 ms.
 *
 *   npx tsx bench/solvers/cooperative/controllers.bench.ts [--quick] [--no-den] [--record] [--only NAME]
 *
 * --record attaches a plan-window recorder (core/contract/planWindows.ts) to every controller,
 * as the app's solves do, so its cost shows against a run without it; the windows recorded are
 * counted. --only keeps one solver row (e.g. 'WHCA*(16)').
 *
 * A local loop applies each joint move directly (the controllers guarantee them conflict-free;
 * the loop counts any vertex/swap clash it sees, which should stay 0).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseMap } from '../../../core/formats/movingAiMap.ts';
import { parseScenario } from '../../../core/formats/movingAiScenario.ts';
import type { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED, OCTILE_CUT, type Movement } from '../../../core/grid/movement.ts';
import type { AgentTask } from '../../../core/mapf/instance.ts';
import { randomMap } from '../../../core/mapgen/randomMap.ts';
import { randomTasks } from '../../../core/mapgen/placement.ts';
import type { ControllerFactory, WorldView } from '../../../core/contract/controller.ts';
import { createCaController, createHcaController, createWhcaController } from '../../../core/solvers/cooperative/cooperativeController.ts';
import { createLraController } from '../../../core/solvers/cooperative/localRepairAStar.ts';
import { PlanWindowRecorder } from '../../../core/contract/planWindows.ts';

const record = process.argv.includes('--record');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
/**
 * Windows and cells recorded over the whole run of the script (with --record), the controllers'
 * CPU time (init + turns) and the recording's own CPU time: the same plan() calls made again
 * into a fresh recorder and timed together (subarray views included, so an upper bound), since
 * on a shared machine the difference of two runs' totals is lost in the noise.
 */
const recorded = { windows: 0, cells: 0, controllerMs: 0, recordMs: 0 };

interface Run {
  initMs: number;
  maxTurnMs: number;
  /** The same in process CPU time: on a shared machine wall time also counts other processes. */
  initCpuMs: number;
  maxTurnCpuMs: number;
  meanTurnMs: number;
  arrived: number;
  agents: number;
  clashes: number;
}

function run(grid: Grid, movement: Movement, agents: AgentTask[], factory: ControllerFactory, params: Record<string, unknown>, turns: number): Run {
  const positions = Int32Array.from(agents, (a) => a.start);
  const next = new Int32Array(agents.length);
  const world = { t: 0, grid, movement, agents, positions };
  const occupied = new Int32Array(grid.cells).fill(-1);
  let started = performance.now();
  let cpuStarted = cpuMs();
  const controller = factory({ grid, movement, agents }, { seed: 1, params });
  const recorder = record && controller.recordPlans ? new PlanWindowRecorder(agents.length, controller.window ?? 0) : null;
  if (recorder) controller.recordPlans!(recorder);
  controller.init(world as WorldView);
  const initMs = performance.now() - started;
  const initCpuMs = cpuMs() - cpuStarted;
  let maxTurnMs = 0;
  let maxTurnCpuMs = 0;
  let totalMs = 0;
  let totalCpuMs = 0;
  let clashes = 0;
  const arrivedAt = new Int32Array(agents.length).fill(-1);
  let t = 0;
  for (; t < turns; t++) {
    world.t = t;
    started = performance.now();
    cpuStarted = cpuMs();
    controller.step(world as WorldView, next, () => {});
    const ms = performance.now() - started;
    const turnCpuMs = cpuMs() - cpuStarted;
    maxTurnCpuMs = Math.max(maxTurnCpuMs, turnCpuMs);
    totalCpuMs += turnCpuMs;
    totalMs += ms;
    if (ms > maxTurnMs) maxTurnMs = ms;
    for (let i = 0; i < agents.length; i++) {
      if (occupied[next[i]] >= 0) clashes++;
      occupied[next[i]] = i;
    }
    for (let i = 0; i < agents.length; i++) {
      occupied[next[i]] = -1;
      positions[i] = next[i];
      // Silver's success: at the goal within the turn limit (first arrival counts).
      if (arrivedAt[i] < 0 && positions[i] === agents[i].goal) arrivedAt[i] = t + 1;
    }
  }
  if (recorder) {
    const windows = recorder.finish();
    recorded.windows += windows.agent.length;
    recorded.cells += windows.cells.length;
    recorded.controllerMs += initCpuMs + totalCpuMs;
    // The controller hands over its extra array (slow moves) with every plan: so does the replay.
    const extra = windows.extra ?? new Int32Array(windows.cells.length).fill(-1);
    const again = new PlanWindowRecorder(agents.length, windows.window);
    const replayStarted = cpuMs();
    for (let k = 0; k < windows.agent.length; k++) {
      const from = windows.offsets[k];
      const to = windows.offsets[k + 1];
      again.plan(windows.agent[k], windows.t0[k], windows.cells.subarray(from, to), to - from, extra.subarray(from, to));
    }
    again.finish();
    recorded.recordMs += cpuMs() - replayStarted;
  }
  let arrived = 0;
  for (let i = 0; i < agents.length; i++) if (arrivedAt[i] >= 0) arrived++;
  return { initMs, maxTurnMs, initCpuMs, maxTurnCpuMs, meanTurnMs: totalMs / t, arrived, agents: agents.length, clashes };
}

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

function median(values: number[]): number {
  const s = values.slice().sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

const quick = process.argv.includes('--quick');
const SOLVERS: [string, ControllerFactory, Record<string, unknown>][] = [
  ['LRA*', createLraController, {}],
  ['CA*', createCaController, {}],
  ['HCA*', createHcaController, {}],
  ['WHCA*(8)', createWhcaController, { window: 8 }],
  ['WHCA*(16)', createWhcaController, { window: 16 }],
  ['WHCA*(32)', createWhcaController, { window: 32 }],
];

function silver(movement: Movement, agentsCount: number): void {
  const maps = quick ? 3 : 10;
  console.log(`\n32x32, 20% obstacles, ${movement.connectivity}-connected, ${agentsCount} agents, 100 turns, ${maps} maps`);
  console.log('solver        success   init mean / worst (ms)   max turn median / worst (ms)   mean turn (ms)   clashes   CPU: init median, max turn median / worst (ms)');
  for (const [name, factory, params] of SOLVERS) {
    if (quick && name === 'WHCA*(32)') continue;
    if (only !== undefined && name !== only) continue;
    // Warm-up: the JIT compiles the hot loops before anything is timed.
    for (let w = 0; w < 3; w++) {
      const grid = randomMap({ width: 32, height: 32, density: 0.2, seed: 900 + w });
      run(grid, movement, randomTasks(grid, agentsCount, 900 + w), factory, params, 100);
    }
    const runs: Run[] = [];
    for (let m = 0; m < maps; m++) {
      const grid = randomMap({ width: 32, height: 32, density: 0.2, seed: m + 1 });
      runs.push(run(grid, movement, randomTasks(grid, agentsCount, m + 1), factory, params, 100));
    }
    const success = runs.reduce((s, r) => s + r.arrived, 0) / runs.reduce((s, r) => s + r.agents, 0);
    const init = runs.map((r) => r.initMs);
    const maxTurn = runs.map((r) => r.maxTurnMs);
    const cpuInit = runs.map((r) => r.initCpuMs);
    const cpuTurn = runs.map((r) => r.maxTurnCpuMs);
    console.log(
      `${name.padEnd(12)} ${(success * 100).toFixed(1).padStart(6)}%   ${(init.reduce((a, b) => a + b, 0) / init.length).toFixed(2).padStart(8)} / ${Math.max(...init).toFixed(2).padStart(7)}` +
        `          ${median(maxTurn).toFixed(2).padStart(8)} / ${Math.max(...maxTurn).toFixed(2).padStart(7)}               ${(runs.reduce((s, r) => s + r.meanTurnMs, 0) / runs.length).toFixed(3).padStart(7)}   ${String(runs.reduce((s, r) => s + r.clashes, 0)).padStart(7)}` +
        `   ${median(cpuInit).toFixed(2).padStart(7)}, ${median(cpuTurn).toFixed(2).padStart(6)} / ${Math.max(...cpuTurn).toFixed(2)}`,
    );
  }
}

function den(movement: Movement, count: number, turns: number): void {
  const base = fileURLToPath(new URL('../../../../shared/benchmarks/movingai/', import.meta.url));
  const grid = parseMap(readFileSync(`${base}maps/den520d.map`, 'utf8'), 'den520d.map').grid;
  const scen = parseScenario(readFileSync(`${base}scen/den520d-random-1.scen`, 'utf8'), 'den520d-random-1.scen');
  const starts = new Set<number>();
  const goals = new Set<number>();
  const agents: AgentTask[] = [];
  for (const e of scen.entries) {
    const start = grid.cell(e.startX, e.startY);
    const goal = grid.cell(e.goalX, e.goalY);
    if (starts.has(start) || goals.has(goal) || start === goal) continue;
    starts.add(start);
    goals.add(goal);
    agents.push({ start, goal });
    if (agents.length === count) break;
  }
  // More agents than one scenario file holds: fill with random tasks from the map.
  if (agents.length < count) {
    for (const task of randomTasks(grid, count * 2, 7)) {
      if (agents.length === count) break;
      if (starts.has(task.start) || goals.has(task.goal)) continue;
      starts.add(task.start);
      goals.add(task.goal);
      agents.push(task);
    }
  }
  console.log(`\nden520d (${grid.width}x${grid.height}), ${movement.connectivity}-connected, ${agents.length} agents, ${turns} turns`);
  for (const window of [16]) {
    run(grid, movement, agents.slice(0, 100), createWhcaController, { window }, 20); // warm-up
    const r = run(grid, movement, agents, createWhcaController, { window }, turns);
    console.log(
      `WHCA*(${window}): init ${r.initMs.toFixed(1)} ms (CPU ${r.initCpuMs.toFixed(1)}), max turn ${r.maxTurnMs.toFixed(2)} ms (CPU ${r.maxTurnCpuMs.toFixed(2)}), ` +
        `mean turn ${r.meanTurnMs.toFixed(2)} ms, arrived ${r.arrived}/${r.agents}, clashes ${r.clashes}`,
    );
  }
}

console.log(`plan windows recorded: ${record ? 'yes' : 'no'}`);
silver(FOUR_CONNECTED, 100);
if (!quick) silver(OCTILE_CUT, 100);
if (!process.argv.includes('--no-den')) den(FOUR_CONNECTED, 1000, quick ? 50 : 200);
if (record) {
  console.log(`\nrecorded ${recorded.windows} windows, ${recorded.cells} cells (${((recorded.cells * 4 + recorded.windows * 12) / 1e6).toFixed(1)} MB of Int32Arrays over all runs)`);
  console.log(
    `recording itself: ${recorded.recordMs.toFixed(2)} ms of ${recorded.controllerMs.toFixed(0)} ms controller CPU time (${((100 * recorded.recordMs) / recorded.controllerMs).toFixed(2)}%), ` +
      `${((1e6 * recorded.recordMs) / Math.max(1, recorded.windows)).toFixed(0)} ns per window`,
  );
}
