/**
 * A solve request whose instance has moving obstacles (wire version 3; issue 12): its units plan
 * alone and replan by `params.strategy` (core/simulation/obstacleFollow.ts; default 'recalc'),
 * the rest of params being the strategy's. Only the 'independent' solver takes obstacles: the
 * others would plan through them, so they get a failed result that says so.
 */
import type { MapfInstance } from '../mapf/instance.ts';
import type { MovingObstacle } from '../mapf/obstacles.ts';
import { runAmongObstacles } from '../simulation/obstacleFollow.ts';
import { replanRule } from '../simulation/obstacleRules.ts';
import type { SolveResultBody } from './messages.ts';
import { encodePaths } from './wire.ts';
import type { TurnEvent } from '../solvers/controller.ts';
import { REPLAY_FORMAT, REPLAY_VERSION, type Replay } from '../solvers/replay.ts';

export function solveAmongObstacles(solver: string, instance: MapfInstance, obstacles: readonly MovingObstacle[], params: Record<string, unknown> = {}): SolveResultBody {
  const failed = (message: string): SolveResultBody => ({ solver, status: 'failed', paths: encodePaths([]), message, stats: { expanded: 0, generated: 0, elapsedMs: 0 } });
  if (solver !== 'independent') {
    return failed(`${solver} does not take moving obstacles yet: choose 'independent' (units planning alone, replanning by params.strategy: recalc, splice, watch, predict or incremental)`);
  }
  if (instance.agents.some((a) => (a.size ?? 1) !== 1 || (a.speed ?? 1) !== 1)) return failed('units among moving obstacles are one cell and speed 1 for now');
  const { strategy = 'recalc', turnLimit, ...rest } = params as { strategy?: unknown; turnLimit?: unknown } & Record<string, unknown>;
  const started = performance.now();
  let run;
  try {
    const rule = replanRule(String(strategy), rest);
    run = runAmongObstacles(instance.grid, instance.movement, instance.agents, obstacles, rule, { turnLimit: typeof turnLimit === 'number' ? turnLimit : undefined });
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
  const elapsedMs = performance.now() - started;
  const arrived = run.units.filter((u) => u.arrived).length;
  const sum = (key: 'pathStepsComputed' | 'expanded' | 'replans' | 'notifications' | 'obstacleBlocks' | 'waits') => run.units.reduce((total, u) => total + u[key], 0);
  const finite = run.units.filter((u) => u.arrived && Number.isFinite(u.hindsight) && u.hindsight > 0);
  const stats: SolveResultBody['stats'] = {
    expanded: sum('expanded'), generated: 0, elapsedMs, pathStepsComputed: sum('pathStepsComputed'), replans: sum('replans'), notifications: sum('notifications'),
    obstacleBlocks: sum('obstacleBlocks'), waits: sum('waits'), obstacleWaits: run.obstacleWaits, turns: run.turns,
  };
  if (finite.length > 0) stats.arrivalOverHindsight = finite.reduce((total, u) => total + u.arrival / u.hindsight, 0) / finite.length;
  const missing = run.units.length - arrived;
  // A replay, so the app's timeline marks every replan with its reason.
  const turns = Math.max(0, ...run.units.map((u) => u.path.length - 1));
  const agents = run.units.length;
  const positions = new Int32Array((turns + 1) * agents);
  run.units.forEach((u, a) => {
    for (let t = 0; t <= turns; t++) positions[t * agents + a] = u.path[Math.min(t, u.path.length - 1)];
  });
  const events: TurnEvent[] = run.units.flatMap((u, a) => u.replanEvents.map((e): TurnEvent => ({ kind: 'replan', t: e.t, agent: a, detail: e.reason })));
  events.sort((x, y) => x.t - y.t || x.agent - y.agent);
  const replay: Replay = { format: REPLAY_FORMAT, version: REPLAY_VERSION, width: instance.grid.width, height: instance.grid.height, agents, turns, positions, events, mapChanges: [] };
  return {
    replay,
    solver,
    status: missing === 0 ? 'solved' : 'timeout',
    paths: encodePaths(run.units.map((u) => u.path)),
    obstaclePaths: encodePaths(run.obstaclePaths),
    message: missing === 0
      ? `${run.units.length} units among ${obstacles.length} moving obstacles, replanning by ${String(strategy)}`
      : `${missing} of ${run.units.length} units did not arrive within ${run.turns} turns (units planning alone can jam: no coordination among them)`,
    stats,
  };
}
