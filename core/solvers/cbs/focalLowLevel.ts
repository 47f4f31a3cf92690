/**
 * EECBS's low level: focal search (A*eps, Pearl and Kim 1982) for one unit under its constraints
 * (Li, Ruml and Koenig, "EECBS: A Bounded-Suboptimal Search for Multi-Agent Path Finding", AAAI
 * 2021, section 4; Jiaoyang-Li/EECBS SpaceTimeAStar::findSuboptimalPath). OPEN holds the frontier
 * by f = g + h; FOCAL the frontier nodes with f <= w x f_min, taken fewest conflicts with the
 * other units' paths first (then least f, then largest g). The first goal taken from FOCAL costs
 * at most w x f_min, and f_min is a lower bound on the unit's optimal cost under its constraints:
 * the search returns both.
 * More on this in README.md, "focalLowLevel.ts".
 */
import type { Grid } from '../../grid/grid.ts';
import { BinaryHeap } from '../../search/binaryHeap.ts';
import type { LazyDistanceTable } from '../../search/lazyDistanceTable.ts';
import { BarredReach } from './barredReach.ts';
import { ConstraintTable } from './constraintTable.ts';
import type { ConflictCounter, LowLevelLimits } from './lowLevel.ts';
import type { AgentConstraints } from './agentConstraints.ts';
import { BestCosts, SpaceTimeMoves, costRank } from './spaceTimeMoves.ts';
import { grown, pathOf } from './nodeArrays.ts';

export interface FocalPath {
  path: Int32Array;
  /** f_min when the path was found: no path under these constraints costs less. */
  lowerBound: number;
}

/** Search nodes the planner's arrays hold before growing (see lowLevel.ts's NODES). */
const NODES = 1 << 15;

/** The waiting heap's key: f times this plus the node's id (ids below 2^32: first come first). */
const BY_ID = 4_294_967_296;

export class FocalPlanner {
  private readonly grid: Grid;
  private readonly focal = new BinaryHeap(NODES);
  /** Frontier nodes outside FOCAL (f above the threshold), least f first, then first added. */
  private readonly waiting = new BinaryHeap(NODES);
  private cell = new Int32Array(NODES);
  private time = new Int32Array(NODES);
  private g = new Int32Array(NODES);
  private f = new Int32Array(NODES);
  private conf = new Int32Array(NODES);
  private parent = new Int32Array(NODES);
  private count = 0;
  /** Frontier nodes per f value; entries up to `fTop` may be non-zero. */
  private openCount = new Int32Array(1024);
  private fTop = 0;
  /** Best (g, conflicts) per (layer, cell) of the current call. */
  private readonly bestCosts: BestCosts;
  /** The current call's constraints (constraintTable.ts); buildMdd borrows it between calls. */
  readonly constraints = new ConstraintTable();
  expanded = 0;
  totalExpanded = 0;
  exhaustedBudget = false;

  /** Target reasoning's dead ends (barredReach.ts). */
  private readonly barredReach: BarredReach;

  /** The moves the constraints allow (4-connected). */
  private readonly moves: SpaceTimeMoves;

  constructor(grid: Grid) {
    this.grid = grid;
    this.barredReach = new BarredReach(grid.width, grid.cells);
    this.bestCosts = new BestCosts(grid.cells);
    this.moves = new SpaceTimeMoves(grid, null, this.constraints);
  }

  /**
   * A path from `start` to resting on `goal` costing at most w x (its lower bound), or null when
   * there is none (or the budget ran out: see exhaustedBudget). `known` is a lower bound known
   * before (the unit's bound in the parent node: constraints only add).
   */
  plan(start: number, goal: number, distances: LazyDistanceTable, c: AgentConstraints, cat: ConflictCounter | null, w: number, known: number, limits: LowLevelLimits): FocalPath | null {
    const grid = this.grid;
    const cells = grid.cells;
    const focal = this.focal;
    focal.clear();
    this.waiting.clear();
    this.openCount.fill(0, 0, this.fTop + 1);
    this.fTop = 0;
    this.count = 0;
    this.expanded = 0;
    this.exhaustedBudget = false;
    // Times 0..last, then one layer for every later time, where `last` is the last constraint or
    // the last move of another unit, whichever is later (Jiaoyang-Li/EECBS's static timestep: its
    // getMaxTimestep counts the conflict avoidance table's paths). Collapsing at the last
    // constraint alone keeps one copy of a cell per g, so a unit cannot wait for another to pass
    // where there are no constraints: EECBS on warehouse-10-20-10-2-1 with 400 units took 369
    // high-level nodes and 7.5 s instead of 48 and 4.5 s, random-32-32-20's 150 units 0.78 s
    // instead of 0.36 s.
    const layers = Math.max(c.maxT, cat === null ? -1 : cat.settled) + 2;
    const bestCosts = this.bestCosts;
    bestCosts.begin(layers * cells);
    const dist = distances.settled(); // distance + 1; 0: blocked or cut off from the goal
    const moves = this.moves;
    const to = moves.to;
    const goalT = c.goalT;
    const h0 = dist[start] - 1;
    if (h0 < 0 || !moves.begin(c, dist, start)) return null;
    const latest = this.barredReach.deadline(goal, dist, c.barred); // called in a root's plans too
    if (latest[start] < 0) return null; // shut out from the start
    // The unit cannot rest on its goal before goalT + 1. Every f is at least the floor (ECBS's
    // h = max(lower bound - g, h)): the nodes below it are one tier, taken fewest conflicts and
    // then nearest the goal first, not breadth first by f. With a child's floor (its parent's
    // bound) that breadth-first sweep was most of EECBS's low level on warehouse-10-20-10-2-1.
    const floor = Math.max(known, goalT + 1);
    let fMin = Math.max(h0, floor);
    let threshold = Math.floor(w * fMin);
    let budget = limits.maxExpansions;
    this.add(start, 0, 0, fMin, 0, -1, threshold);
    bestCosts.improves(start, 0);
    for (;;) {
      if (focal.length === 0) {
        // Every node within the threshold is gone: f_min rises to the next frontier node's f.
        const next = this.minF(fMin);
        if (next < 0) return null;
        fMin = next;
        threshold = Math.floor(w * fMin);
        this.admit(threshold);
        continue;
      }
      const id = focal.pop();
      const cell = this.cell[id];
      const t = this.time[id];
      const g = this.g[id];
      this.openCount[this.f[id]]--;
      const layer = t < layers - 1 ? t : layers - 1;
      if (bestCosts.at(layer * cells + cell) >= costRank(g, this.conf[id])) {
        if (cell === goal && t > goalT) return { path: this.extract(id), lowerBound: fMin };
        if (++this.expanded > budget) {
          if (limits.more === undefined || !limits.more()) {
            this.exhaustedBudget = true;
            return null;
          }
          budget += limits.maxExpansions;
        }
        this.totalExpanded++;
        const conf = this.conf[id];
        const nt = t + 1;
        const nextLayer = nt < layers - 1 ? nt : layers - 1;
        const count = moves.expand(cell, t);
        for (let k = 0; k < count; k++) {
          const n = to[k];
          // EECBS's pruning: too late to get past a barred cell to the goal (barredReach.ts; read
          // unconditionally, a table of NEVER without barred cells: docs/performance.md, rule 3).
          if (nt > latest[n]) continue;
          const ng = g + 1;
          const nc = conf + (cat === null ? 0 : cat.conflicts(n, nt, cell));
          if (!bestCosts.improves(nextLayer * cells + n, costRank(ng, nc))) continue;
          this.add(n, nt, ng, Math.max(ng + dist[n] - 1, floor), nc, id, threshold);
        }
      }
      // With this node gone f_min may rise: FOCAL widens to the new threshold.
      if (this.openCount[fMin] === 0) {
        const next = this.minF(fMin);
        if (next >= 0) {
          fMin = next;
          const widened = Math.floor(w * fMin);
          if (widened > threshold) {
            threshold = widened;
            this.admit(threshold);
          }
        }
      }
    }
  }

  /** The least f with frontier nodes, from `from` on (-1 when none is left). */
  private minF(from: number): number {
    const openCount = this.openCount;
    for (let f = from; f <= this.fTop; f++) if (openCount[f] > 0) return f;
    return -1;
  }

  /** Moves the waiting nodes with f <= threshold into FOCAL. */
  private admit(threshold: number): void {
    const waiting = this.waiting;
    while (waiting.length > 0 && this.f[waiting.ids[0]] <= threshold) this.pushFocal(waiting.pop());
  }

  private add(cell: number, t: number, g: number, f: number, conflicts: number, parent: number, threshold: number): void {
    if (this.count === this.cell.length) this.grow();
    const id = this.count++;
    this.cell[id] = cell;
    this.time[id] = t;
    this.g[id] = g;
    this.f[id] = f;
    this.conf[id] = conflicts;
    this.parent[id] = parent;
    if (f >= this.openCount.length) {
      const grown = new Int32Array(Math.max(2 * this.openCount.length, f + 1));
      grown.set(this.openCount);
      this.openCount = grown;
    }
    this.openCount[f]++;
    if (f > this.fTop) this.fTop = f;
    if (f <= threshold) this.pushFocal(id);
    else this.waiting.push(id, f * BY_ID + id);
  }

  private pushFocal(id: number): void {
    // Fewest conflicts, then least f, then largest g.
    this.focal.push(id, (Math.min(this.conf[id], 16383) * 16384 + Math.min(this.f[id], 16383)) * 16384 + (16383 - Math.min(this.g[id], 16383)));
  }

  private extract(id: number): Int32Array {
    return pathOf(id, this.time, this.cell, this.parent);
  }

  private grow(): void {
    const size = this.cell.length * 2;
    this.cell = grown(this.cell, size);
    this.time = grown(this.time, size);
    this.g = grown(this.g, size);
    this.f = grown(this.f, size);
    this.conf = grown(this.conf, size);
    this.parent = grown(this.parent, size);
  }
}
