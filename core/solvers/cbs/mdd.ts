/**
 * Multi-valued decision diagrams (Sharon et al., "The increasing cost tree search", AIJ 2013) of a
 * unit's optimal paths under its constraints, used by ICBS (Boyarski et al., "ICBS: Improved
 * Conflict-Based Search Algorithm for Multi-Agent Pathfinding", IJCAI 2015) to tell cardinal
 * conflicts (every optimal path of both units meets there) from the rest, and by CBSH's
 * conflict-graph heuristic (Felner et al., ICAPS 2018).
 *
 * Level t holds the cells the unit can stand on at time t on some path of the optimal cost T
 * that obeys its constraints: forward from the start with the distance bound d(cell) <= T - t,
 * then backward from the goal at T. Only the widths of the levels and their single cells are
 * kept: a conflict at t is cardinal for a unit when its level t is that one cell (or, for a swap,
 * both levels t - 1 and t are single).
 */
import type { Grid } from '../../grid/grid.ts';
import { fourConnectedStep } from '../../grid/movement.ts';
import type { LazyDistanceTable } from '../../search/lazyDistanceTable.ts';
import { type AgentConstraints, isBarred } from './lowLevel.ts';

export interface Mdd {
  /** The single cell of each level, or -1 when the level has more than one. */
  single: Int32Array;
}

export function buildMdd(grid: Grid, start: number, goal: number, cost: number, distances: LazyDistanceTable, c: AgentConstraints): Mdd {
  const cells = grid.cells;
  const w = grid.width;
  const passable = grid.passable;
  // Forward: the cells reachable at each t within the cost bound.
  const levels: number[][] = [[start]];
  for (let t = 1; t <= cost; t++) {
    const seen = new Set<number>();
    const level: number[] = [];
    for (const cell of levels[t - 1]) {
      for (let d = 0; d < 5; d++) {
        const n = fourConnectedStep(cell, d, w, cells);
        if (n < 0 || passable[n] !== 1 || seen.has(n)) continue;
        if (distances.get(n) > cost - t) continue;
        if (t <= c.maxT && c.vertex.has(t * cells + n)) continue;
        if (isBarred(c, n, t)) continue;
        seen.add(n);
        level.push(n);
      }
    }
    levels.push(level);
  }
  // Backward: keep the cells from which the goal at `cost` is reached by an allowed move.
  const single = new Int32Array(cost + 1).fill(-1);
  let keep = new Set<number>([goal]);
  single[cost] = goal;
  for (let t = cost - 1; t >= 0; t--) {
    const kept = new Set<number>();
    for (const cell of levels[t]) {
      for (const n of keep) {
        const adjacent = n === cell || Math.abs(n - cell) === w || (Math.abs(n - cell) === 1 && Math.floor(n / w) === Math.floor(cell / w));
        if (!adjacent) continue;
        if (n !== cell && t + 1 <= c.maxT && c.edge.has(((t + 1) * cells + cell) * cells + n)) continue;
        kept.add(cell);
        break;
      }
    }
    keep = kept;
    if (kept.size === 1) single[t] = kept.values().next().value as number;
  }
  return { single };
}

/** Whether every optimal path of the unit stands on `cell` at t (a unit past its cost rests on its goal). */
export function mddForces(mdd: Mdd, cell: number, t: number): boolean {
  const last = mdd.single.length - 1;
  return mdd.single[t <= last ? t : last] === cell;
}
