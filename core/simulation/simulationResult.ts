/**
 * What a run of the turn simulator gives back (simulator.ts): its status, every unit's cells per
 * turn, the metrics of Silver's experiment, the replay and the validator's verdict, and what
 * obstacles and streams add. A leaf, so the simulator's stages can name it.
 */
import type { AgentTask } from '../mapf/instance.ts';
import type { ValidationResult } from '../mapf/validator.ts';
import type { Replay } from '../contract/replay.ts';
import type { ObstacleCounts } from '../contract/obstacleRepair.ts';
import type { AgentMetrics, RunMetrics } from './metrics.ts';
import type { Collision } from './moveResolver.ts';
import type { StreamMeasures } from './streamMeasures.ts';
import type { Gridlock } from './gridlock.ts';

export type SimulationStatus = 'solved' | 'failed' | 'timeout' | 'cancelled';

export interface SimulationResult {
  status: SimulationStatus;
  /** Why the run did not solve, in one line. */
  message?: string;
  /** Each agent's cells at t = 0 … turns. */
  paths: number[][];
  agents: AgentMetrics;
  run: RunMetrics;
  /** Time of every turn, in ms. */
  turnMs: Float64Array;
  collisions: Collision[];
  replay: Replay;
  /** The validator's verdict on the replay (collisions were refused, so it should be valid). */
  validation?: ValidationResult;
  /** Among moving obstacles: each one's anchor per turn as it moved, and the steps they put off for units. */
  obstaclePaths?: number[][];
  obstacleWaits?: number;
  obstacleSizes?: readonly number[];
  /** Patel's per-unit measures the controller kept among obstacles. */
  counts?: ObstacleCounts;
  /** A stream's measures: goals reached and exits over time, units on the map, backlogs, time in the system. */
  streams?: StreamMeasures;
  /** A stream: every unit that appeared (placed ones first, then spawned ones in order), as the validator took them. */
  units?: readonly AgentTask[];
  /** Units that stopped making progress for good (gridlock.ts); the run is then not solved. */
  gridlock?: Gridlock;
}
