/**
 * A solve request whose instance has moving obstacles (wire version 3). Units planning
 * alone ('independent') replan by `params.strategy` (recalc, splice, watch, predict, incremental);
 * the cooperative solvers (LRA*, CA*, HCA*, WHCA*) run in the simulator and repair by recalc or
 * watch (core/simulation/amongObstacles.ts). The other solvers plan once for a fixed world: they
 * get a failed result that says so.
 */
import type { MapfInstance } from '../mapf/instance.ts';
import type { MapEvent } from '../mapf/mapEvents.ts';
import type { MovingObstacle } from '../mapf/obstacles.ts';
import { noObstaclesMessage, obstacleFactory } from '../registry/registry.ts';
import { type SolverObstacleRun, runSolverAmongObstacles } from '../simulation/amongObstacles.ts';
import type { SolveResultBody } from './messages.ts';
import { encodePaths } from './wire.ts';
import { encodeReplay } from './turnEventWire.ts';
import type { TurnEvent } from '../contract/controller.ts';
import { REPLAY_FORMAT, REPLAY_VERSION, type Replay } from '../contract/replay.ts';
import { type Clock, WALL_CLOCK } from '../util/clock.ts';

export interface ObstacleSolveOptions {
  seed?: number;
  timeLimitMs?: number;
  /** The clock the limit is on and elapsedMs measured on (default wall). */
  clock?: Clock;
  mapEvents?: readonly MapEvent[];
}

export function solveAmongObstacles(solver: string, instance: MapfInstance, obstacles: readonly MovingObstacle[], params: Record<string, unknown> = {}, options: ObstacleSolveOptions = {}): SolveResultBody {
  const failed = (message: string): SolveResultBody => ({ solver, status: 'failed', paths: encodePaths([]), message, stats: { expanded: 0, generated: 0, elapsedMs: 0 } });
  const factory = obstacleFactory(solver);
  if (factory === undefined) return failed(noObstaclesMessage(solver));
  const { turnLimit, ...rest } = params as { turnLimit?: unknown } & Record<string, unknown>;
  const clock = options.clock ?? WALL_CLOCK;
  const started = clock();
  let result: SolverObstacleRun;
  try {
    result = runSolverAmongObstacles(solver, factory, instance, obstacles, rest, {
      turnLimit: typeof turnLimit === 'number' ? turnLimit : undefined, seed: options.seed, timeLimitMs: options.timeLimitMs, clock, mapEvents: options.mapEvents,
    });
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
  const { run, strategy, simulation } = result;
  const elapsedMs = clock() - started;
  const arrived = run.units.filter((u) => u.arrived).length;
  const sum = (key: 'pathStepsComputed' | 'replans' | 'notifications' | 'obstacleBlocks' | 'waits') => run.units.reduce((total, u) => total + u[key], 0);
  const finite = run.units.filter((u) => u.arrived && Number.isFinite(u.hindsight) && u.hindsight > 0);
  const stats: SolveResultBody['stats'] = {
    expanded: run.expanded, generated: 0, elapsedMs, pathStepsComputed: sum('pathStepsComputed'), replans: sum('replans'), notifications: sum('notifications'),
    obstacleBlocks: sum('obstacleBlocks'), waits: sum('waits'), obstacleWaits: run.obstacleWaits, turns: run.turns,
  };
  if (simulation) {
    stats.initMs = simulation.run.initMs;
    stats.maxTurnMs = simulation.run.maxTurnMs;
    stats.meanTurnMs = simulation.run.meanTurnMs;
  }
  if (finite.length > 0) stats.arrivalOverHindsight = finite.reduce((total, u) => total + u.arrival / u.hindsight, 0) / finite.length;
  const missing = run.units.length - arrived;
  const replay = simulation ? simulation.replay : unitsReplay(instance, run.units);
  const planning = simulation ? `${solver} repairing by ${strategy}` : `units planning alone, replanning by ${strategy}`;
  const stopped = simulation && (simulation.status === 'timeout' || simulation.status === 'cancelled') ? simulation.status : null;
  return {
    replay: encodeReplay(replay),
    solver,
    // Stopped by the clock or a cancel, or else by the turn limit: that is 'failed' (units did not
    // arrive in the turns given), not a time-out, which the app reads as 'Time limit reached'.
    status: missing === 0 ? 'solved' : stopped ?? 'failed',
    paths: encodePaths(run.units.map((u) => u.path)),
    obstaclePaths: encodePaths(run.obstaclePaths),
    message: missing === 0
      ? `${run.units.length} units among ${obstacles.length} moving obstacles, ${planning}`
      : stopped !== null
        ? `${simulation!.message}; ${missing} of ${run.units.length} units had not arrived`
        : `${missing} of ${run.units.length} units did not arrive within ${run.turns} turns (${planning}${simulation ? '' : ': units planning alone can jam, with no coordination among them'})`,
    stats,
  };
}

/** Units planning alone have no simulator replay: one is built from their paths, so the app's timeline marks every replan with its reason. */
function unitsReplay(instance: MapfInstance, units: SolverObstacleRun['run']['units']): Replay {
  const turns = Math.max(0, ...units.map((u) => u.path.length - 1));
  const agents = units.length;
  const positions = new Int32Array((turns + 1) * agents);
  units.forEach((u, a) => {
    for (let t = 0; t <= turns; t++) positions[t * agents + a] = u.path[Math.min(t, u.path.length - 1)];
  });
  const events: TurnEvent[] = units.flatMap((u, a) => u.replanEvents.map((e): TurnEvent => ({ kind: 'replan', t: e.t, agent: a, detail: e.reason })));
  events.sort((x, y) => x.t - y.t || x.agent - y.agent);
  return { format: REPLAY_FORMAT, version: REPLAY_VERSION, width: instance.grid.width, height: instance.grid.height, agents, turns, positions, events, mapChanges: [] };
}
