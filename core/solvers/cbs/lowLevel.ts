/**
 * CBS's low level: space-time A* for one unit under its constraints (Sharon, Stern, Felner and
 * Sturtevant, "Conflict-Based Search for Optimal Multi-Agent Pathfinding", AIJ 219, 2015,
 * section 3.3). States are (cell, t) on a 4-connected grid, or an 8-connected one given its
 * StepTable (the movement's own moves, stepCell's corner rule included); moving, diagonally too,
 * or waiting costs one turn.
 * A vertex constraint forbids (cell, t), an edge constraint the move from -> to arriving at t.
 * The unit is done when it stands on its goal with no vertex constraint on the goal later on,
 * so its path's length is its cost in the `rest` model (time until it rests for good).
 * More on this in README.md, "lowLevel.ts".
 */
import type { Grid } from '../../grid/grid.ts';
import { BinaryHeap } from '../../search/binaryHeap.ts';
import type { LazyDistanceTable } from '../../search/lazyDistanceTable.ts';
import type { StepTable } from '../../search/stepTable.ts';
import { ConstraintTable } from './constraintTable.ts';
import { grown, pathOf } from './nodeArrays.ts';
import type { AgentConstraints } from './agentConstraints.ts';
import { BestCosts, SpaceTimeMoves, costRank } from './spaceTimeMoves.ts';

/** Expansions between two reads of the clock by a CBS-family low level (CBS's and EECBS's). */
export const POLL_EVERY = 4096;

/**
 * Limits that ask `shouldStop` (the clock, a cancel) every POLL_EVERY expansions and let the call
 * go on where it stands while it answers null; its reason goes to `stop`. `floor` is the
 * caller's to set per call.
 */
export function pollingLimits<Why>(shouldStop: () => Why | null, stop: (why: Why) => void): LowLevelLimits & { floor: number } {
  return {
    maxExpansions: POLL_EVERY,
    floor: 0,
    more: (): boolean => {
      const why = shouldStop();
      if (why !== null) stop(why);
      return why === null;
    },
  };
}

/** Where the other units are: for tie-breaking only (fewer conflicts first). */
export interface ConflictCounter {
  /** Conflicts of the move from `from` into `cell` arriving at t. */
  conflicts(cell: number, t: number, from: number): number;
  /** The time from which the counts no longer change with t (every other path has ended). */
  readonly settled: number;
}

/** Search nodes the planner's arrays hold before growing. */
const NODES = 1 << 15;

export interface LowLevelLimits {
  /**
   * Expansions for this call (the caller's budget); with `more`, expansions between two asks of
   * it.
   */
  maxExpansions: number;
  /**
   * Asked each time the budget runs out: true gives the call another maxExpansions and it goes
   * on where it stands (it reads the clock); false, or none given, ends it (exhaustedBudget).
   * Restarting the call with a doubled budget instead searched the same states again: 29,000 of
   * EECBS's 71,000 low-level expansions on random-32-32-20 random-10 with 100 units.
   */
  more?: () => boolean;
  /**
   * A known lower bound on the path's cost (the unit's cost in the parent node: constraints only
   * add); 0 when none is known. Any path no dearer is optimal, so the search need not prove there
   * is no cheaper one: it takes the states with f <= floor as one tier, fewest conflicts first.
   */
  floor?: number;
}

export class SpaceTimePlanner {
  private readonly grid: Grid;
  // Room for NODES nodes from the start (docs/performance.md, rule 2).
  private readonly heap = new BinaryHeap(NODES);
  private cell = new Int32Array(NODES);
  private time = new Int32Array(NODES);
  private g = new Int32Array(NODES);
  private conf = new Int32Array(NODES);
  private parent = new Int32Array(NODES);
  private count = 0;
  /** The current call's constraints (constraintTable.ts); buildMdd borrows it between calls. */
  readonly constraints = new ConstraintTable();
  /** The current call's lower bound on the cost: f below it is ranked as if at it. */
  private floor = 0;
  /** Expansions of the last call, and over all calls. */
  expanded = 0;
  totalExpanded = 0;
  /** Whether the last call ran out of expansions (as opposed to proving there is no path). */
  exhaustedBudget = false;
  /** Best (g, conflicts) per (layer, cell) of the current call. */
  private readonly bestCosts: BestCosts;
  /**
   * The moves the constraints allow: on an 8-connected map (`steps`) its constraints are read
   * from the Sets, as the table has a slot for the four orthogonal moves only (constraintTable.ts).
   */
  private readonly moves: SpaceTimeMoves;

  constructor(grid: Grid, steps: StepTable | null = null) {
    this.grid = grid;
    this.bestCosts = new BestCosts(grid.cells);
    this.moves = new SpaceTimeMoves(grid, steps, this.constraints);
  }

  /**
   * The cheapest path from `start` (at t = 0) to resting on `goal`, as cells per turn, or null
   * when there is none (or the budget ran out: see exhaustedBudget).
   */
  plan(start: number, goal: number, distances: LazyDistanceTable, c: AgentConstraints, cat: ConflictCounter | null, limits: LowLevelLimits): Int32Array | null {
    const cells = this.grid.cells;
    const heap = this.heap;
    heap.clear();
    this.count = 0;
    this.expanded = 0;
    this.exhaustedBudget = false;
    const layers = c.maxT + 2; // times 0..maxT, then one layer for every later time
    const bestCosts = this.bestCosts;
    bestCosts.begin(layers * cells);
    const dist = distances.settled(); // distance + 1; 0 for a blocked cell or one cut off from the goal
    const moves = this.moves;
    const to = moves.to;
    // From restsBy on the unit stands on its goal alone (restsBy <= maxT: its own layer).
    const restsBy = c.restsBy;
    const h0 = dist[start] - 1;
    if (h0 < 0 || !moves.begin(c, dist, start)) return null;
    // The unit cannot rest on its goal before goalT + 1: that bounds its cost too.
    this.floor = Math.max(limits.floor ?? 0, c.goalT + 1);
    let budget = limits.maxExpansions;
    this.push(start, 0, 0, 0, -1, h0);
    bestCosts.improves(start, 0);
    while (heap.length > 0) {
      const id = heap.pop();
      const cell = this.cell[id];
      const t = this.time[id];
      const g = this.g[id];
      const conf = this.conf[id];
      const layer = t < layers - 1 ? t : layers - 1;
      if (bestCosts.at(layer * cells + cell) < costRank(g, conf)) continue; // a better copy was pushed
      if (cell === goal && t > c.goalT) return this.extract(id);
      if (++this.expanded > budget) {
        if (limits.more === undefined || !limits.more()) {
          this.exhaustedBudget = true;
          break;
        }
        budget += limits.maxExpansions;
      }
      this.totalExpanded++;
      const nt = t + 1;
      const nextLayer = nt < layers - 1 ? nt : layers - 1;
      const count = moves.expand(cell, t);
      for (let k = 0; k < count; k++) {
        const n = to[k];
        // CBS's pruning: past restsBy the unit may only stand on its goal.
        if (nt >= restsBy && n !== goal) continue;
        const ng = g + 1;
        const nc = conf + (cat === null ? 0 : cat.conflicts(n, nt, cell));
        if (!bestCosts.improves(nextLayer * cells + n, costRank(ng, nc))) continue;
        this.push(n, nt, ng, nc, id, dist[n] - 1);
      }
    }
    return null;
  }

  private push(cell: number, t: number, g: number, conflicts: number, parent: number, h: number): void {
    if (this.count === this.cell.length) this.grow();
    const id = this.count++;
    this.cell[id] = cell;
    this.time[id] = t;
    this.g[id] = g;
    this.conf[id] = conflicts;
    this.parent[id] = parent;
    // f first (f up to the floor as one tier: CBSH2-RTC's FOCAL with the parent's cost as its
    // bound), then fewer conflicts, then larger g.
    const f = Math.max(g + h, this.floor);
    this.heap.push(id, (f * 16384 + Math.min(conflicts, 16383)) * 16384 + (16383 - Math.min(g, 16383)));
  }

  private extract(id: number): Int32Array {
    return pathOf(id, this.time, this.cell, this.parent);
  }

  private grow(): void {
    const size = this.cell.length * 2;
    this.cell = grown(this.cell, size);
    this.time = grown(this.time, size);
    this.g = grown(this.g, size);
    this.conf = grown(this.conf, size);
    this.parent = grown(this.parent, size);
  }
}
