/**
 * The simulator's record for a continuous run (the engine crowd models, SolveResult.crowd), made
 * from its own track instead of replaying its cells through the turn simulator: two discs smaller
 * than a cell may share one, which the grid's rules would refuse (units waiting that never waited,
 * collisions that never were). Paths are each unit's cell per turn to the end of the run; success
 * is arrival (the track's), waits are turns under a tenth of the maximum speed before arrival,
 * collisions the track's overlaps; turn times are the run's mean step time times its steps a turn.
 */
import type { MapfInstance } from '../mapf/instance.ts';
import { WAIT_SPEED_SHARE, type CrowdTrack } from '../contract/crowdTrack.ts';
import { ReplayRecorder } from '../contract/replay.ts';
import type { SolveResult } from '../contract/types.ts';
import { lowerBounds, newAgentMetrics, summarizeRun } from './metrics.ts';
import type { SimulationResult } from './simulationResult.ts';

export function crowdSimulation(instance: MapfInstance, result: SolveResult & { crowd: CrowdTrack }, solveMs: number, bounds?: Float64Array): SimulationResult {
  const { grid, agents } = instance;
  const track = result.crowd;
  const n = track.agents;
  const turns = track.turns;
  const metrics = newAgentMetrics(n);
  metrics.lowerBound.set(bounds ?? lowerBounds(grid, instance.movement, agents));
  const recorder = new ReplayRecorder(n, turns);
  const cells = new Int32Array(n);
  const paths: number[][] = Array.from({ length: n }, () => []);
  for (let t = 0; t <= turns; t++) {
    for (let a = 0; a < n; a++) {
      const i = (t * n + a) * 2;
      const cx = Math.min(grid.width - 1, Math.max(0, Math.floor(track.positions[i])));
      const cy = Math.min(grid.height - 1, Math.max(0, Math.floor(track.positions[i + 1])));
      cells[a] = cy * grid.width + cx;
      paths[a].push(cells[a]);
    }
    recorder.record(cells);
  }
  const slow = WAIT_SPEED_SHARE * track.maxSpeed;
  for (let a = 0; a < n; a++) {
    const arrival = track.arrivals[a];
    metrics.success[a] = arrival >= 0 ? 1 : 0;
    metrics.pathLength[a] = arrival;
    const end = arrival >= 0 ? arrival : turns;
    for (let t = 1; t <= end; t++) {
      const i = (t * n + a) * 2;
      const j = ((t - 1) * n + a) * 2;
      if (Math.hypot(track.positions[i] - track.positions[j], track.positions[i + 1] - track.positions[j + 1]) < slow) metrics.waits[a]++;
    }
  }
  const steps = result.stats.steps ?? 0;
  const stepMs = result.stats.stepMsMean ?? 0;
  const turnMs = new Float64Array(turns).fill(turns > 0 ? (stepMs * steps) / turns : 0);
  const overlaps = result.stats.overlaps ?? 0;
  const run = summarizeRun(metrics, turns, turnMs, result.stats.setupMs ?? solveMs, result.stats.expanded, 0, overlaps);
  return {
    status: result.status === 'solved' ? 'solved' : result.status === 'timeout' || result.status === 'cancelled' ? result.status : 'failed',
    ...(result.message !== undefined ? { message: result.message } : {}),
    paths,
    agents: metrics,
    run,
    turnMs,
    collisions: [],
    replay: recorder.finish(grid.width, grid.height),
  };
}
