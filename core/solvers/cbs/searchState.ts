/**
 * What one conflict-based search (cbs.ts) shares between its parts: the instance, the options,
 * the low-level planner with each unit's distance table and the conflict avoidance table, the
 * reason it stopped, and the low-level call itself (plan), which node expansion
 * (nodeExpansion.ts), target reasoning's resting child and the root all make.
 */
import type { Grid } from '../../grid/grid.ts';
import type { LazyDistanceTable } from '../../search/lazyDistanceTable.ts';
import { GoalDistances } from '../../search/goalDistances.ts';
import type { StepTable } from '../../search/stepTable.ts';
import { ConflictAvoidanceTable } from './conflictAvoidance.ts';
import { SpaceTimePlanner, pollingLimits } from './lowLevel.ts';
import type { AgentConstraints } from './agentConstraints.ts';
import { type ConstraintNode, constraintsOf } from './constraintTree.ts';
import type { CbsOptions } from './cbsTypes.ts';

export type StopReason = 'timeout' | 'cancelled' | 'memory';

export class CbsSearchState {
  readonly n: number;
  readonly cells: number;
  readonly steps: StepTable | null;
  /** The map's width where diagonal crossings are conflicts (8-connected, conflicts.ts), else 0. */
  readonly crossWidth: number;
  readonly planner: SpaceTimePlanner;
  readonly distances: GoalDistances;
  /** Each unit's distance table, made before the root (cbs.ts). */
  readonly tables: LazyDistanceTable[] = [];
  readonly avoidance: ConflictAvoidanceTable;
  /** Why the search stopped early (the clock, a cancel, the node cap); null while it runs. */
  stopped: StopReason | null = null;
  /** The low level's limits: the clock read every POLL_EVERY expansions; `floor` set per call. */
  private readonly limits = pollingLimits(() => this.options.shouldStop(), (why) => {
    this.stopped = why;
  });

  constructor(
    readonly grid: Grid,
    readonly starts: Int32Array,
    readonly goals: Int32Array,
    readonly options: CbsOptions,
  ) {
    this.n = starts.length;
    this.cells = grid.cells;
    this.steps = options.steps ?? null;
    this.crossWidth = this.steps === null ? 0 : grid.width;
    this.planner = options.shared?.planner ?? new SpaceTimePlanner(grid, this.steps);
    this.distances = options.shared?.distances ?? new GoalDistances(grid, undefined, this.steps);
    this.avoidance = options.shared?.avoidance ?? new ConflictAvoidanceTable(this.cells, false, this.crossWidth);
  }

  /** Unit a's constraints in `node`, its base constraints (a pair sub-search's) included. */
  constraintsOf(node: ConstraintNode, a: number): AgentConstraints {
    return constraintsOf(node, a, this.goals[a], this.cells, this.options.base?.[a]);
  }

  /**
   * Plans unit a under `c`, preferring paths with fewer conflicts with the others' `paths`,
   * reading the clock every POLL_EVERY expansions; `floor` bounds its cost from below. Null: no path; 'stopped': the clock or a cancel (recorded in `stopped`).
   */
  plan(a: number, c: AgentConstraints, paths: readonly Int32Array[], floor: number): Int32Array | null | 'stopped' {
    let cat: ConflictAvoidanceTable | null = null;
    if (this.n > 1) {
      cat = this.avoidance;
      cat.load(paths, a);
    }
    // The planner asks `more` every POLL_EVERY expansions (the clock) and goes on where it stands.
    this.limits.floor = floor;
    const path = this.planner.plan(this.starts[a], this.goals[a], this.tables[a], c, cat, this.limits);
    return this.planner.exhaustedBudget ? 'stopped' : path;
  }
}
