/**
 * A solve request whose instance has streams (wire version 4: spawners, exits, errands): the
 * named turn controller runs it in the simulator as `mapf-lab solve --scenario` does
 * (cli/commands/solveStream.ts), until the turn limit or until nothing more will come or move.
 * The answer holds every unit that appeared (ABSENT, -1, while off the map), the replay and the
 * stream's measures. Solvers that plan once for a fixed set of units get a failed result that
 * says why and names those that take a stream.
 */
import type { MapfInstance } from '../mapf/instance.ts';
import type { MapEvent } from '../mapf/mapEvents.ts';
import type { MovingObstacle } from '../mapf/obstacles.ts';
import { DEFAULT_STREAM_TURNS, type Streams } from '../mapf/streams.ts';
import { CONTROLLERS, findStreamController } from '../registry/registry.ts';
import { runController } from '../simulation/simulator.ts';
import type { SimulationResult } from '../simulation/simulationResult.ts';
import { simulationStats, splitParams } from '../simulation/controllerSolvers.ts';
import type { SolveResultBody } from './messages.ts';
import { encodePaths } from './wire.ts';
import { encodeReplay } from './turnEventWire.ts';

export { DEFAULT_STREAM_TURNS } from '../mapf/streams.ts';

/** Why `solver` does not run a stream, naming those that do. */
export function noStreamMessage(solver: string): string {
  return `${solver} plans once for a fixed set of units, which a stream (units that appear, leave or get a new goal) does not give; solvers that take a stream: ${CONTROLLERS.map((c) => c.name).join(', ')}`;
}

export interface StreamSolveOptions {
  seed?: number;
  timeLimitMs?: number;
  mapEvents?: readonly MapEvent[];
  obstacles?: readonly MovingObstacle[];
  shouldStop?: () => boolean;
}

export function solveStream(solver: string, instance: MapfInstance, streams: Streams, params: Record<string, unknown> = {}, options: StreamSolveOptions = {}): SolveResultBody {
  const failed = (message: string): SolveResultBody => ({ solver, status: 'failed', paths: encodePaths([]), message, stats: { expanded: 0, generated: 0, elapsedMs: 0 } });
  const spec = findStreamController(solver);
  if (!spec) return failed(noStreamMessage(solver));
  const started = performance.now();
  let result: SimulationResult;
  try {
    const split = splitParams(params);
    result = runController(instance, spec.factory, { seed: options.seed ?? 1, params: split.controller }, {
      turnLimit: split.turnLimit ?? DEFAULT_STREAM_TURNS, timeLimitMs: options.timeLimitMs, shouldStop: options.shouldStop,
      mapEvents: options.mapEvents, obstacles: options.obstacles, streams, streamSeed: options.seed ?? 1,
    });
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
  const s = result.streams!;
  const valid = result.validation?.valid ?? true;
  const tis = s.timeInSystem;
  const summary = `a stream: ${s.appeared} units appeared, ${s.left} left; ${s.throughput.toFixed(2)} goals reached per 10 turns over ${result.run.turns} turns${tis ? `; time in system mean ${tis.mean.toFixed(1)} turns` : ''}`;
  const problems = [result.message, valid ? '' : `plan INVALID: ${result.validation!.violations[0].message}`].filter((m) => m);
  return {
    solver,
    status: valid ? result.status : 'failed',
    paths: encodePaths(result.paths),
    message: problems.length > 0 ? `${problems.join('; ')}; ${summary}` : summary,
    stats: simulationStats(result, performance.now() - started),
    replay: encodeReplay(result.replay),
    streams: { ...s, unitSizes: (result.units ?? instance.agents).map((a) => a.size ?? 1) },
  };
}
