/**
 * The shape every multi-agent solver shares: `solve(instance, options)` returns a result whose
 * status says how it ended. Failure is data; solvers throw only for bad input, naming the agent
 * or cell at fault.
 */
import type { MapfInstance } from '../mapf/instance.ts';
import type { Path } from '../mapf/plan.ts';
import type { MapEvent } from '../mapf/mapEvents.ts';
import type { Replay } from './replay.ts';
import type { Clock } from '../util/clock.ts';
import type { CrowdTrack } from './crowdTrack.ts';

export type SolveStatus = 'solved' | 'timeout' | 'unsolvable' | 'cancelled' | 'failed';

export interface SolveProgress {
  /** 0..1 when the solver can tell, otherwise undefined. */
  fraction?: number;
  message: string;
}

export interface SolveOptions {
  /** Seed for every random choice (order shuffles, agitation noise). */
  seed?: number;
  /**
   * Budget on `clock` in milliseconds, for every phase (set-up tables, each agent, each group,
   * each turn); the solver returns 'timeout' with its best plan when it runs out.
   */
  timeLimitMs?: number;
  /**
   * The clock timeLimitMs is counted on and stats.elapsedMs measured on (default the wall clock,
   * core/util/clock.ts). A host passes its solving thread's CPU time for a 'cpu' run.
   */
  clock?: Clock;
  /** Polled by long loops; returning true makes the solver stop with 'cancelled'. */
  shouldStop?: () => boolean;
  /** Called now and then with progress; keep it cheap. */
  onProgress?: (progress: SolveProgress) => void;
  /** Solver-specific parameters, validated by the solver itself. */
  params?: Record<string, unknown>;
  /**
   * Timed map events (doors closing, passages opening). They live here rather than on
   * MapfInstance because only the solvers that run in the turn simulator can honour them; a
   * solver without `mapEvents` support in its registry entry refuses a non-empty list (status
   * 'failed' with a message) instead of planning on a map that will change under it.
   */
  mapEvents?: readonly MapEvent[];
}

export interface SolveStats {
  expanded: number;
  generated: number;
  /** On SolveOptions.clock. */
  elapsedMs: number;
  [extra: string]: number;
}

export interface SolveResult {
  solver: string;
  status: SolveStatus;
  /** One path per agent in instance order; the best found, possibly partial when not solved. */
  paths: Path[];
  /** Human-readable reason for any status other than 'solved'. */
  message?: string;
  stats: SolveStats;
  /** The simulator's record of the run, for solvers that ran in it (the cooperative controllers). */
  replay?: Replay;
  /**
   * Real positions per turn for the continuous-movement models (crowdTrack.ts); `paths` then
   * holds each unit's cell per turn. Such a run is judged by its track's measures (stuck units,
   * overlapping discs), not the grid plan's one-unit-per-cell rules.
   */
  crowd?: CrowdTrack;
}

/**
 * One of a solver's params as the app's solver panel offers it: a field of its kind, the
 * solver's default as the field's placeholder, and the help shown on hover. The solver itself
 * still checks every value it is given (from the panel, the JSON or the CLI) and says what is wrong.
 */
export type ParamSpec = { name: string; label: string; help: string } & (
  | { kind: 'boolean'; default: boolean }
  | { kind: 'number'; default: number | null; min: number; max?: number; integer?: boolean }
  | { kind: 'choice'; default: string; choices: readonly string[] }
);

export interface SolverEntry {
  name: string;
  label: string;
  /** The params the app's solver panel offers for this solver (others go in the scenario's JSON). */
  params?: readonly ParamSpec[];
  /** Params it reads besides `params`, set in the JSON only (core/registry/runParams.ts keeps them for it). */
  otherParams?: readonly string[];
  /** Whether the solver is optimal (sum of costs) and complete. */
  optimal: boolean;
  /** Whether solve() honours SolveOptions.mapEvents (default false: the registry refuses them). */
  mapEvents?: boolean;
  /**
   * Set-up a host must await once before solve(), for a solver that needs it (Detour crowd loads
   * its WebAssembly, which only loads asynchronously). solve() fails with a message until it has.
   */
  prepare?: () => Promise<void>;
  solve(instance: MapfInstance, options: SolveOptions): SolveResult;
}
