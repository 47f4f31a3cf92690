/**
 * Whether two units can keep their current costs together: a search of the product of their MDDs
 * (the "merged MDD" test of Li, Felner, Boyarski and Koenig, "Improved Heuristics for Multi-Agent
 * Path Finding with Conflict-Based Search", IJCAI 2019, section 3: two units are dependent when no
 * pair of their optimal paths is free of conflicts; as CBSH2-RTC's CBSHeuristic::dependent).
 * Each MDD is built with its levels (buildMdd's keepLevels: every cell of level t is on a path
 * that obeys the unit's constraints), and a move between two MDD cells of consecutive levels that
 * no edge constraint forbids joins a prefix and a suffix of such paths into one. A unit past its
 * cost rests on its goal. Joint moves must not meet (one cell), swap, or cross diagonally on an
 * 8-connected map (conflicts.ts).
 * More on this in README.md, "jointMdd.ts".
 */
import { crosses } from './conflicts.ts';
import type { AgentConstraints } from './agentConstraints.ts';
import type { Mdd } from './mdd.ts';

/** Joint states the search may visit before it gives up ('unknown'). */
const STATE_LIMIT = 20_000;

export interface JointUnit {
  mdd: Mdd;
  constraints: AgentConstraints;
}

/**
 * True when a pair of conflict-free paths at the MDDs' costs exists, false when none does,
 * 'unknown' past STATE_LIMIT states. `neighbour`: an 8-connected map's step table (stepTable.ts),
 * null on a 4-connected one; `crossWidth`: the map's width where diagonal crossings count, else 0.
 */
export function jointPathExists(one: JointUnit, two: JointUnit, width: number, cells: number, neighbour: Int32Array | null, crossWidth: number): boolean | 'unknown' {
  const starts1 = one.mdd.levelStart!;
  const starts2 = two.mdd.levelStart!;
  const levels1 = one.mdd.levels!;
  const levels2 = two.mdd.levels!;
  const c1 = starts1.length - 2;
  const c2 = starts2.length - 2;
  const horizon = Math.max(c1, c2);
  const seen = new Set<number>();
  // Depth first over (t, cell1, cell2): a plan is found along the first way that gets through.
  const stack: number[] = [0, levels1[starts1[0]], levels2[starts2[0]]];
  if (stack[1] === stack[2]) return false;
  while (stack.length > 0) {
    const v = stack.pop()!;
    const u = stack.pop()!;
    const t = stack.pop()!;
    if (t === horizon) return true;
    const nt = t + 1;
    // Level nt's cells of each MDD (the last level past its cost: the unit rests on its goal).
    const t1 = nt < c1 ? nt : c1;
    const t2 = nt < c2 ? nt : c2;
    const end1 = starts1[t1 + 1];
    const end2 = starts2[t2 + 1];
    for (let i = starts1[t1]; i < end1; i++) {
      const u2 = levels1[i];
      if (!moveAllowed(u, u2, nt, c1, one.constraints, width, cells, neighbour)) continue;
      for (let j = starts2[t2]; j < end2; j++) {
        const v2 = levels2[j];
        if (u2 === v2 || (u2 === v && v2 === u)) continue;
        if (crossWidth > 0 && crosses(u, u2, v, v2, crossWidth)) continue;
        if (!moveAllowed(v, v2, nt, c2, two.constraints, width, cells, neighbour)) continue;
        const key = (nt * cells + u2) * cells + v2;
        if (seen.has(key)) continue;
        if (seen.size >= STATE_LIMIT) return 'unknown';
        seen.add(key);
        stack.push(nt, u2, v2);
      }
    }
  }
  return false;
}

/**
 * Whether from -> to arriving at t is a move of the unit's (a wait, or a step to a neighbour)
 * that no edge constraint forbids; past the unit's cost it rests on its goal (a wait).
 */
function moveAllowed(from: number, to: number, t: number, cost: number, c: AgentConstraints, width: number, cells: number, neighbour: Int32Array | null): boolean {
  if (from === to) return true;
  if (t > cost) return false;
  if (neighbour === null) {
    const d = to - from;
    if (!(d === width || d === -width || (d === 1 && to % width !== 0) || (d === -1 && from % width !== 0))) return false;
  } else {
    let adjacent = false;
    for (let k = 0; k < 8 && !adjacent; k++) adjacent = neighbour[from * 8 + k] === to;
    if (!adjacent) return false;
  }
  return !(t <= c.maxT && c.edge.has((t * cells + from) * cells + to));
}
