/**
 * `mapf-lab solve --scenario FILE.json` for a scenario with streams (spawners, exits, errands:
 * scenario version 4): the named turn controller runs it in the simulator until the turn limit
 * (default 1,000) or until nothing more will come or move, and the run's stream measures are
 * printed: goals reached and exits per 10 turns (delivered throughput), time in the system, each
 * spawner's backlog, units on the map. Solvers that plan once for a fixed set of units refuse,
 * saying why.
 */
import { UsageError } from '../command.ts';
import { CONTROLLERS } from '../../core/registry/registry.ts';
import { ABSENT } from '../../core/mapf/plan.ts';
import { runController } from '../../core/simulation/simulator.ts';
import { splitParams } from '../../core/simulation/controllerSolvers.ts';
import { gridlockJson, placeGridlock } from '../../core/simulation/gridlock.ts';
import { realRate } from '../../core/experiments/rateUnits.ts';
import type { loadAppScenario } from './solveScenario.ts';
import { DEFAULT_STREAM_TURNS, noStreamMessage } from '../../core/protocol/streamSolve.ts';

export interface StreamSolveOptions {
  file: string;
  solver: string;
  params: Record<string, unknown>;
  turnLimit?: number;
  timeLimitMs?: number;
  seed: number;
  json: boolean;
}


export function solveStream(loaded: ReturnType<typeof loadAppScenario>, options: StreamSolveOptions, io: { out(text: string): void }): number {
  const { scenario, instance, units, obstacles, streams, mapEvents } = loaded;
  const spec = CONTROLLERS.find((c) => c.name === options.solver);
  if (!spec) throw new UsageError(`--solver ${options.solver}: ${noStreamMessage(options.solver)}`);
  const split = splitParams(options.params);
  const turnLimit = options.turnLimit ?? split.turnLimit ?? DEFAULT_STREAM_TURNS;
  let result;
  try {
    result = runController(instance, spec.factory, { seed: options.seed, params: split.controller }, {
      turnLimit, timeLimitMs: options.timeLimitMs, mapEvents, obstacles, streams, streamSeed: options.seed,
    });
  } catch (error) {
    throw new UsageError(`${options.file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const s = result.streams!;
  const valid = result.validation?.valid ?? true;
  // A gridlock is placed by the scenario's measured regions: "gridlock at bridge from turn 41: …".
  const placed = placeGridlock(result.message, result.gridlock, instance.grid, scenario.regions);
  result.message = placed.message;
  const { grid } = instance;
  const xy = (cell: number): [number, number] | null => (cell === ABSENT ? null : [grid.x(cell), grid.y(cell)]);
  const unitName = (a: number) => (a < units.length ? units[a].id : `spawned ${a + 1 - units.length}`);
  const metrics = { turns: result.run.turns, initMs: result.run.initMs, meanTurnMs: result.run.meanTurnMs, maxTurnMs: result.run.maxTurnMs, expanded: result.run.expanded, collisions: result.collisions.length };
  if (options.json) {
    io.out(JSON.stringify({
      scenario: scenario.name, solver: options.solver, status: result.status, ...(result.message ? { message: result.message } : {}), valid,
      ...(result.gridlock ? { gridlock: gridlockJson(result.gridlock, grid, placed.region) } : {}),
      units: s.appeared, metrics,
      streams: {
        throughput: s.throughput, exitThroughput: s.exitThroughput, goalsPer10: s.goalsPer10, exitsPer10: s.exitsPer10,
        goalsReached: s.goalsReached, exits: s.exits, onMap: s.onMap, appeared: s.appeared, left: s.left, timeInSystem: s.timeInSystem,
        spawners: s.spawners, appearTurn: s.appearTurn, leaveTurn: s.leaveTurn,
      },
      unitIds: Array.from({ length: s.appeared }, (_, a) => unitName(a)),
      paths: result.paths.map((p) => p.map(xy)),
    }));
  } else {
    const tis = s.timeInSystem;
    io.out([
      `scenario: ${scenario.name}, a stream: ${streams.spawners.length} spawners, ${streams.exits.length} exits; solver ${options.solver}`,
      `status: ${result.status}${result.message ? ` (${result.message})` : ''}; plan ${valid ? 'valid' : `INVALID: ${result.validation!.violations[0].message}`}; ${result.run.turns} turns`,
      `units: ${s.appeared} appeared, ${s.left} left by an exit, ${s.onMap.length > 0 ? s.onMap[s.onMap.length - 1] : 0} on the map at the end`,
      `throughput: ${s.throughput.toFixed(2)} goals reached per 10 turns${realRate(s.throughput, scenario.scale, false)}, ${s.exitThroughput.toFixed(2)} exits per 10 turns${realRate(s.exitThroughput, scenario.scale, false)}`,
      tis === null ? 'time in system: no unit left' : `time in system (appearance to exit): mean ${tis.mean.toFixed(1)}, p95 ${tis.p95}, max ${tis.max} turns`,
      ...s.spawners.map((sp) => `spawner ${sp.name}: ${sp.sent} placed; backlog max ${sp.backlogMax}, at the end ${sp.backlogEnd}${sp.backlogEnd > 0 ? ' (it could not place every unit due: its area stayed taken)' : ''}`),
      `turn time: init ${metrics.initMs.toFixed(1)} ms, mean ${metrics.meanTurnMs.toFixed(2)} ms, max ${metrics.maxTurnMs.toFixed(2)} ms`,
    ].join('\n'));
  }
  return result.status === 'solved' && valid ? 0 : 1;
}
