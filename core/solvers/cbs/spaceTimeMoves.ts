/**
 * The part of a space-time search both CBS low levels share (lowLevel.ts, CBS's A*;
 * focalLowLevel.ts, EECBS's focal search): the moves out of a state that the unit's constraints
 * allow (Sharon et al., AIJ 2015, section 3.3), and the best (g, conflicts) met per (layer, cell).
 * The searches differ only in what they prune after (CBS: a unit that must rest on its goal;
 * EECBS: too late to get past a barred cell) and in how they order their frontier.
 */
import type { Grid } from '../../grid/grid.ts';
import type { StepTable } from '../../search/stepTable.ts';
import type { ConstraintTable } from './constraintTable.ts';
import { type AgentConstraints, isBarred } from './agentConstraints.ts';

/** g and conflicts in one number ordered as (g, conflicts): g * CONF_SCALE + conflicts. */
const CONF_SCALE = 1_048_576;

/** (g, conflicts) as one number that orders as the pair does. */
export function costRank(g: number, conflicts: number): number {
  return g * CONF_SCALE + Math.min(conflicts, CONF_SCALE - 1);
}

/** Entries of the (layer, cell) table past which a call keeps a Map instead. */
const CLOSED_SLOTS = 16_000_000;

/**
 * The best costRank per (layer, cell) key of one call: stamped typed arrays reused between calls
 * (nothing to clear), or a Map where layers x cells would pass CLOSED_SLOTS.
 */
export class BestCosts {
  private best = new Float64Array(0);
  private bestStamp = new Int32Array(0);
  private stamp = 0;
  private map: Map<number, number> | null = null;

  constructor(private readonly cells: number) {}

  /** Empties the table for a call over `size` keys. */
  begin(size: number): void {
    if (size > CLOSED_SLOTS) {
      this.map = new Map();
      return;
    }
    this.map = null;
    if (this.best.length < size) {
      this.best = new Float64Array(Math.max(size, this.best.length * 2, this.cells * 64));
      this.bestStamp = new Int32Array(this.best.length);
      this.stamp = 0;
    }
    if (++this.stamp > 0x3fffffff) {
      this.stamp = 1;
      this.bestStamp.fill(0);
    }
  }

  /** The best rank recorded at `key` (a key that was pushed, so one is). */
  at(key: number): number {
    return this.map === null ? this.best[key] : this.map.get(key)!;
  }

  /** Records `rank` at `key` when it beats what is there; returns whether it did. */
  improves(key: number, rank: number): boolean {
    if (this.map === null) {
      if (this.bestStamp[key] === this.stamp && this.best[key] <= rank) return false;
      this.bestStamp[key] = this.stamp;
      this.best[key] = rank;
      return true;
    }
    const seen = this.map.get(key);
    if (seen !== undefined && seen <= rank) return false;
    this.map.set(key, rank);
    return true;
  }
}

export class SpaceTimeMoves {
  /** The cells expand() found, `expand`'s count of them. */
  readonly to = new Int32Array(9);
  private c: AgentConstraints | null = null;
  private dist: Uint16Array | Int32Array = new Int32Array(0);
  private table = false;

  constructor(
    private readonly grid: Grid,
    /** The movement's moves on an 8-connected map (null: 4-connected, the moves inline). */
    private readonly steps: StepTable | null,
    private readonly constraints: ConstraintTable,
  ) {}

  /**
   * Readies a call under `c`, `dist` the goal's distances + 1 (0: blocked or cut off from the
   * goal). The constraints go into the stamped table where it serves (4-connected and small
   * enough): a typed array read per move instead of hashing into the Sets, which was a fifth of
   * the search's time. Returns whether the start cell is free at t = 0.
   */
  begin(c: AgentConstraints, dist: Uint16Array | Int32Array, start: number): boolean {
    this.c = c;
    this.dist = dist;
    this.table = this.steps === null && this.constraints.ready(c, this.grid.cells, this.grid.width);
    // The start's constraints from the table when it serves (isBarred's lookup, never reached in
    // a root's plans, cost the compiled search its life at the first barred cell).
    const { blocked, mark } = this.constraints;
    return !(this.table ? blocked[start * 5] === mark : c.vertex.has(start) || isBarred(c, start, 0));
  }

  /**
   * The cells the unit may be in at t + 1 from `cell` at t (waiting included) that no constraint
   * forbids and from which its goal can be reached, into `to`; returns how many.
   */
  expand(cell: number, t: number): number {
    const c = this.c!;
    const grid = this.grid;
    const cells = grid.cells;
    const w = grid.width;
    const dist = this.dist;
    const to = this.to;
    const table = this.table;
    const blocked = this.constraints.blocked;
    const mark = this.constraints.mark;
    const neighbour = this.steps === null ? null : this.steps.neighbour;
    const moves = neighbour === null ? 5 : 9; // wait, then the directions
    const nt = t + 1;
    const constrained = nt <= c.maxT;
    // The table's layer for nt: layer maxT + 1 stands for every later time (constraintTable.ts).
    const row = (constrained ? nt : c.maxT + 1) * cells;
    const x = cell % w;
    let count = 0;
    // The five moves inline (wait, up, right, down, left): this loop is most of CBS's time,
    // and much of it runs before the JIT has optimised it, where every call costs. On an
    // 8-connected map, wait and the step table's eight directions (-1: no such move).
    for (let d = 0; d < moves; d++) {
      let n = cell;
      if (neighbour !== null) {
        if (d > 0) {
          n = neighbour[cell * 8 + d - 1];
          if (n < 0) continue;
        }
      } else if (d === 1) {
        if (cell < w) continue;
        n = cell - w;
      } else if (d === 2) {
        if (x + 1 === w) continue;
        n = cell + 1;
      } else if (d === 3) {
        n = cell + w;
        if (n >= cells) continue;
      } else if (d === 4) {
        if (x === 0) continue;
        n = cell - 1;
      }
      if (dist[n] === 0) continue;
      if (table) {
        // Slot 0 of (nt, n) is its vertex (or barred) constraint, slot d of (nt, cell) the move
        // d's; read unconditionally (docs/performance.md, rule 3).
        if (blocked[(row + n) * 5] === mark) continue;
        if (d > 0 && blocked[(row + cell) * 5 + d] === mark) continue;
      } else {
        if (constrained && c.vertex.has(nt * cells + n)) continue;
        if (constrained && n !== cell && c.edge.has((nt * cells + cell) * cells + n)) continue;
        if (c.barred.size > 0 && isBarred(c, n, nt)) continue;
      }
      to[count++] = n;
    }
    return count;
  }
}
