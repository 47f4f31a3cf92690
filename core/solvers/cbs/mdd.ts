/**
 * Multi-valued decision diagrams (Sharon et al., "The increasing cost tree search", AIJ 2013) of a
 * unit's optimal paths under its constraints, used by ICBS (Boyarski et al., "ICBS: Improved
 * Conflict-Based Search Algorithm for Multi-Agent Pathfinding", IJCAI 2015) to tell cardinal
 * conflicts (every optimal path of both units meets there) from the rest, and by CBSH's
 * conflict-graph heuristic (Felner et al., ICAPS 2018).
 * More on this in README.md, "mdd.ts".
 */

import type { Grid } from '../../grid/grid.ts';
import { fourConnectedStep } from '../../grid/movement.ts';
import type { LazyDistanceTable } from '../../search/lazyDistanceTable.ts';
import type { StepTable } from '../../search/stepTable.ts';
import type { Conflict } from './conflicts.ts';
import type { ConstraintTable } from './constraintTable.ts';
import { type AgentConstraints, isBarred } from './agentConstraints.ts';

/**
 * fourConnectedStep held in a module constant: under tsx (bench:peers, the CLI from source) an
 * imported function is read through a getter at every call, and stepOf's calls to it were a
 * sixth of CBS's time on random-32-32-20 random-7 with 40 units.
 */
const step4 = fourConnectedStep;

/** Scratch: the moves of the current build, as stepTable.ts's neighbours (null: 4-connected). */
let moveTable: Int32Array | null = null;

/** Action d from `cell`: 0 waits, then fourConnectedStep's or the step table's directions. */
function stepOf(cell: number, d: number, w: number, cells: number): number {
  if (moveTable === null) return step4(cell, d, w, cells);
  return d === 0 ? cell : moveTable[cell * 8 + d - 1];
}

export interface Mdd {
  /** The single cell of each level, or -1 when the level has more than one. */
  single: Int32Array;
  /**
   * Built with `keepLevels` (rectangle reasoning's barriers are cut to the MDD's cells,
   * rectangle.ts): level t's cells are levels[levelStart[t] .. levelStart[t + 1]), exact (each
   * on a path that obeys every constraint, edge ones too); else null.
   */
  levels: Int32Array | null;
  levelStart: Int32Array | null;
}

/** Scratch shared by every build (one build runs at a time): the levels' cells, flat. */
let levelCells = new Int32Array(1024);
/** Per cell, the last stamp it was seen (forward) or kept (backward) under. */
let seenStamp = new Int32Array(0);
let keptStamp = new Int32Array(0);
/** One level's kept cells (a level holds each cell once: at most `cells` of them). */
let keptCells = new Int32Array(0);
let stamp = 0;

/**
 * `table` is scratch for the constraints (a planner's, between its calls): they are read from it
 * as the planners read them (constraintTable.ts), unless they do not fit, then from the Sets.
 */
export function buildMdd(grid: Grid, start: number, goal: number, cost: number, distances: LazyDistanceTable, c: AgentConstraints, table: ConstraintTable, keepLevels = false, steps: StepTable | null = null): Mdd {
  const cells = grid.cells;
  const w = grid.width;
  const passable = grid.passable;
  moveTable = steps === null ? null : steps.neighbour;
  const moves = steps === null ? 5 : 9;
  // Distances + 1 (0: cut off from the goal), read from the array: get() per neighbour, not
  // inlined, was a sixth of CBS's time on random-32-32-20 random-7 with 40 units.
  const dist = distances.settled();
  const tabled = steps === null && table.ready(c, cells, w);
  const blocked = table.blocked;
  const tableMark = table.mark;
  const maxT = c.maxT;
  if (seenStamp.length < cells) {
    seenStamp = new Int32Array(cells);
    keptStamp = new Int32Array(cells);
    keptCells = new Int32Array(cells);
    stamp = 0;
  }
  if (stamp > 0x3fffffff - 3 * (cost + 2)) {
    seenStamp.fill(0);
    keptStamp.fill(0);
    stamp = 0;
  }
  // Forward: the cells reachable at each t within the cost bound, level t in
  // levelCells[levelStart[t] .. levelStart[t + 1]); each level dedupes by its own stamp. Edge
  // constraints are checked backward only, so a cell reached only by a forbidden move can widen
  // a level: a conflict then looks non-cardinal when it is, which is safe (h stays admissible).
  // Checking them here too (exact levels) took 349 nodes instead of 308 on random-32-32-20's
  // random-1 with 40 units, and 603 instead of 555 over random-1..5: left as it was.
  const levelStart = new Int32Array(cost + 2);
  levelCells[0] = start;
  levelStart[1] = 1;
  for (let t = 1; t <= cost; t++) {
    const mark = ++stamp;
    let end = levelStart[t];
    for (let i = levelStart[t - 1]; i < levelStart[t]; i++) {
      const cell = levelCells[i];
      for (let d = 0; d < moves; d++) {
        const n = stepOf(cell, d, w, cells);
        if (n < 0 || passable[n] !== 1 || seenStamp[n] === mark) continue;
        const known = dist[n];
        if (known === 0 || known > cost - t + 1) continue;
        if (tabled) {
          // Vertex and barred constraints, layer maxT + 1 for every later time.
          if (blocked[((t <= maxT ? t : maxT + 1) * cells + n) * 5] === tableMark) continue;
        } else if ((t <= maxT && c.vertex.has(t * cells + n)) || isBarred(c, n, t)) continue;
        seenStamp[n] = mark;
        if (end === levelCells.length) {
          const grown = new Int32Array(2 * end);
          grown.set(levelCells);
          levelCells = grown;
        }
        levelCells[end++] = n;
      }
    }
    levelStart[t + 1] = end;
  }
  const single = keptLevels(grid, goal, cost, c, levelStart, tabled, blocked, tableMark, keepLevels, moves);
  if (!keepLevels) return { single, levels: null, levelStart: null };
  return exactLevels(grid, start, cost, c, single, tabled, blocked, tableMark, moves);
}

/** Every level's kept cells from the last backward pass (with keepLevels), level t from keptFrom[t]. */
let keptAll = new Int32Array(1024);
let keptFrom = new Int32Array(64);

/**
 * The kept levels cut to the cells reached from the start by allowed moves: the forward pass let
 * a move an edge constraint forbids widen a level (harmless for `single`), but a barrier cut to
 * the MDD's cells must not hold a cell no allowed path stands on at that time.
 */
function exactLevels(grid: Grid, start: number, cost: number, c: AgentConstraints, single: Int32Array, tabled: boolean, blocked: Int32Array, tableMark: number, moves: number): Mdd {
  const cells = grid.cells;
  const w = grid.width;
  const maxT = c.maxT;
  const levels = new Int32Array(keptFrom[0] - keptFrom[cost + 1] + 1);
  const levelStart = new Int32Array(cost + 2);
  levels[0] = start;
  levelStart[1] = 1;
  let end = 1;
  let here = ++stamp;
  seenStamp[start] = here;
  for (let t = 1; t <= cost; t++) {
    const next = ++stamp;
    const layer = Math.min(t, maxT + 1);
    // keptAll holds the levels from the backward pass, cost first: level t is keptFrom[t + 1]..keptFrom[t].
    for (let i = keptFrom[t + 1]; i < keptFrom[t]; i++) {
      const cell = keptAll[i];
      for (let d = 0; d < moves; d++) {
        // Moves are symmetric under both corner rules: `cell`'s neighbours are its predecessors.
        const from = stepOf(cell, d, w, cells);
        if (from < 0 || seenStamp[from] !== here) continue;
        // The move from `from` to `cell` goes the opposite way to d (1 up <-> 3 down, 2 <-> 4;
        // untabled on 8-connected maps, where only the Sets are asked).
        const back = d === 0 ? 0 : ((d + 1) & 3) + 1;
        if (back > 0) {
          if (tabled ? blocked[(layer * cells + from) * 5 + back] === tableMark : t <= maxT && c.edge.has((t * cells + from) * cells + cell)) continue;
        }
        levels[end++] = cell;
        break;
      }
    }
    // Marked after the level is listed: a cell of level t - 1 may be in level t too (a wait)
    // and must still count as a predecessor for the rest of level t.
    for (let i = levelStart[t]; i < end; i++) seenStamp[levels[i]] = next;
    levelStart[t + 1] = end;
    here = next;
  }
  return { single, levels, levelStart };
}

/** Whether the MDD (built with keepLevels) has `cell` at level t (t within its cost). */
export function mddHas(mdd: Mdd, cell: number, t: number): boolean {
  const levels = mdd.levels!;
  const levelStart = mdd.levelStart!;
  for (let i = levelStart[t]; i < levelStart[t + 1]; i++) if (levels[i] === cell) return true;
  return false;
}

/** The backward pass of buildMdd, a function of its own (docs/performance.md, rule 4). */
function keptLevels(grid: Grid, goal: number, cost: number, c: AgentConstraints, levelStart: Int32Array, tabled: boolean, blocked: Int32Array, tableMark: number, keep: boolean, moves: number): Int32Array {
  const cells = grid.cells;
  const w = grid.width;
  const maxT = c.maxT;
  // Backward: keep the cells of level t from which a kept cell of level t + 1 is one allowed move.
  const single = new Int32Array(cost + 1).fill(-1);
  single[cost] = goal;
  let next = ++stamp;
  keptStamp[goal] = next;
  if (keep) {
    if (keptFrom.length < cost + 2) keptFrom = new Int32Array(2 * (cost + 2));
    keptAll[0] = goal;
    keptFrom[cost + 1] = 0;
    keptFrom[cost] = 1;
  }
  for (let t = cost - 1; t >= 0; t--) {
    // Level t's kept cells are listed first and marked after, as level t + 1's marks are read.
    let kept = 0;
    for (let i = levelStart[t]; i < levelStart[t + 1]; i++) {
      const cell = levelCells[i];
      for (let d = 0; d < moves; d++) {
        const n = stepOf(cell, d, w, cells);
        if (n < 0 || keptStamp[n] !== next) continue;
        if (tabled) {
          // Step d (fourConnectedStep's numbering is the table's) arriving at t + 1.
          if (d > 0 && blocked[(Math.min(t + 1, maxT + 1) * cells + cell) * 5 + d] === tableMark) continue;
        } else if (n !== cell && t + 1 <= maxT && c.edge.has(((t + 1) * cells + cell) * cells + n)) continue;
        keptCells[kept++] = cell;
        break;
      }
    }
    const mark = ++stamp;
    for (let i = 0; i < kept; i++) keptStamp[keptCells[i]] = mark;
    if (kept === 1) single[t] = keptCells[0];
    if (keep) {
      const from = keptFrom[t + 1];
      if (keptAll.length < from + kept) {
        const grown = new Int32Array(2 * (from + kept));
        grown.set(keptAll);
        keptAll = grown;
      }
      keptAll.set(keptCells.subarray(0, kept), from);
      keptFrom[t] = from + kept;
    }
    next = mark;
  }
  return single;
}

/** Whether every optimal path of the unit stands on `cell` at t (a unit past its cost rests on its goal). */
export function mddForces(mdd: Mdd, cell: number, t: number): boolean {
  const last = mdd.single.length - 1;
  return mdd.single[t <= last ? t : last] === cell;
}

/**
 * Whether every path in the MDD of the conflict's unit a (`first`) or b meets the conflict: for a
 * swap or a diagonal crossing, the unit's own move (both its levels single). Cardinal when both
 * units' are.
 */
export function conflictForces(mdd: Mdd, conflict: Conflict, first: boolean): boolean {
  if (conflict.kind === 'vertex') return mddForces(mdd, conflict.cell, conflict.t);
  // b's move is the reverse of a's for a swap, its own for a diagonal crossing.
  const from = first ? conflict.from : conflict.bFrom ?? conflict.to;
  const to = first ? conflict.to : conflict.bTo ?? conflict.from;
  return mddForces(mdd, from, conflict.t - 1) && mddForces(mdd, to, conflict.t);
}

/** 2 when every optimal path of both units meets the conflict (cardinal), 1 of one, else 0. */
export function conflictCardinality(mddA: Mdd, mddB: Mdd, conflict: Conflict): number {
  const forcedA = conflictForces(mddA, conflict, true);
  const forcedB = conflictForces(mddB, conflict, false);
  return forcedA && forcedB ? 2 : forcedA || forcedB ? 1 : 0;
}
