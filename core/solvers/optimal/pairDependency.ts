/**
 * Whether two agents can both reach their goals at their own distance without conflicting: the
 * pairwise part of the joint search's heuristic for merged groups (jointSearch.ts, `pairs`).
 * More on this in README.md, "pairDependency.ts".
 */
import type { StepTable } from '../../search/stepTable.ts';

/** Pair states one test may visit before it gives up and answers "independent" (always safe). */
const TEST_BUDGET = 1 << 15;
/**
 * Answers kept at most (20 bytes each, at most half the slots used: 160 MiB). The memo is a cache,
 * so a long solve that fills it starts it afresh rather than growing without bound.
 */
const MEMO_LIMIT = 1 << 22;

export class PairDependency {
  private readonly steps: StepTable;
  private readonly distances: readonly Int32Array[];
  private readonly goals: Int32Array;
  /** Open-addressing memo: per slot agent a, agent b, cell of a, cell of b (+1: 0 = empty), answer. */
  private memo = new Int32Array(5 * (1 << 12));
  private memoMask = (1 << 12) - 1;
  private memoCount = 0;
  // Depth-first stack of pair states: cells and the index of the next successor pair to try.
  private stackA = new Int32Array(64);
  private stackB = new Int32Array(64);
  private stackNext = new Int32Array(64);
  /** Per stack level: successor cells of a and of b. */
  private movesA = new Int32Array(64 * 9);
  private movesB = new Int32Array(64 * 9);
  private countA = new Int32Array(64);
  private countB = new Int32Array(64);
  /** Tests run (answers not found in the memo). */
  tests = 0;

  constructor(steps: StepTable, distances: readonly Int32Array[], goals: Int32Array) {
    this.steps = steps;
    this.distances = distances;
    this.goals = goals;
  }

  /** True when agents a and b (global indices) on cells pa and pb cannot both go on at their own distances. */
  dependent(a: number, b: number, pa: number, pb: number): boolean {
    const known = this.lookup(a, b, pa, pb);
    if (known >= 0) return known === 1;
    this.tests++;
    return this.test(a, b, pa, pb);
  }

  private slotOf(a: number, b: number, pa: number, pb: number): number {
    let h = Math.imul(a + 1, 0x9e3779b1) ^ Math.imul(b + 1, 0x85ebca6b);
    h = Math.imul(h ^ pa, 0xc2b2ae35);
    h = Math.imul(h ^ pb, 0x27d4eb2f);
    return (h ^ (h >>> 15)) & this.memoMask;
  }

  /** 1 dependent, 0 independent, -1 unknown. */
  private lookup(a: number, b: number, pa: number, pb: number): number {
    const memo = this.memo;
    for (let slot = this.slotOf(a, b, pa, pb); ; slot = (slot + 1) & this.memoMask) {
      const base = slot * 5;
      if (memo[base + 2] === 0) return -1;
      if (memo[base + 2] === pa + 1 && memo[base + 3] === pb && memo[base] === a && memo[base + 1] === b) return memo[base + 4];
    }
  }

  private remember(a: number, b: number, pa: number, pb: number, answer: number): void {
    if (this.memoCount >= MEMO_LIMIT) {
      this.memo.fill(0);
      this.memoCount = 0;
    }
    if ((this.memoCount + 1) * 2 > this.memoMask + 1) this.grow();
    const memo = this.memo;
    let slot = this.slotOf(a, b, pa, pb);
    while (memo[slot * 5 + 2] !== 0) slot = (slot + 1) & this.memoMask;
    const base = slot * 5;
    memo[base] = a;
    memo[base + 1] = b;
    memo[base + 2] = pa + 1;
    memo[base + 3] = pb;
    memo[base + 4] = answer;
    this.memoCount++;
  }

  private grow(): void {
    const old = this.memo;
    this.memo = new Int32Array(old.length * 2);
    this.memoMask = this.memoMask * 2 + 1;
    this.memoCount = 0;
    for (let base = 0; base < old.length; base += 5) {
      if (old[base + 2] !== 0) this.remember(old[base], old[base + 1], old[base + 2] - 1, old[base + 3], old[base + 4]);
    }
  }

  /** Shortest-path successors of an agent on `cell` into `out` at `at`; returns how many. */
  private successors(cell: number, dist: Int32Array, goal: number, out: Int32Array, at: number): number {
    if (cell === goal) {
      out[at] = cell;
      return 1;
    }
    const neighbour = this.steps.neighbour;
    const want = dist[cell] - 1;
    let count = 0;
    for (let d = 0, base = cell * 8; d < this.steps.directions; d++) {
      const q = neighbour[base + d];
      if (q >= 0 && dist[q] === want) out[at + count++] = q;
    }
    return count;
  }

  /** Moves a: pa -> qa and b: pb -> qb at the same time conflict (cell, swap, crossing diagonals). */
  private conflict(pa: number, qa: number, pb: number, qb: number): boolean {
    if (qa === qb) return true;
    if (qa === pb && qb === pa) return true;
    if (this.steps.directions === 8 && pa !== qa && pb !== qb) {
      const width = this.steps.width;
      const dxa = (qa % width) - (pa % width);
      const dya = qa - pa - dxa;
      if (dxa !== 0 && dya !== 0) {
        // a's diagonal passes between c1 = pa + dx and c2 = pa + dy; b may not go from one to the other.
        const c1 = pa + dxa;
        const c2 = qa - dxa;
        if ((pb === c1 && qb === c2) || (pb === c2 && qb === c1)) return true;
      }
    }
    return false;
  }

  private ensureDepth(depth: number): void {
    if (depth < this.stackA.length) return;
    const size = this.stackA.length * 2;
    const grow = (a: Int32Array, n: number) => {
      const b = new Int32Array(n);
      b.set(a);
      return b;
    };
    this.stackA = grow(this.stackA, size);
    this.stackB = grow(this.stackB, size);
    this.stackNext = grow(this.stackNext, size);
    this.countA = grow(this.countA, size);
    this.countB = grow(this.countB, size);
    this.movesA = grow(this.movesA, size * 9);
    this.movesB = grow(this.movesB, size * 9);
  }

  /** Depth-first search of the pair's shortest-path product from (pa, pb); remembers what it finishes. */
  private test(a: number, b: number, pa: number, pb: number): boolean {
    const distA = this.distances[a];
    const distB = this.distances[b];
    const goalA = this.goals[a];
    const goalB = this.goals[b];
    if (distA[pa] < 0 || distB[pb] < 0 || pa === pb) return false; // not this test's question
    let budget = TEST_BUDGET;
    let depth = 0;
    const push = (ca: number, cb: number) => {
      this.ensureDepth(depth);
      this.stackA[depth] = ca;
      this.stackB[depth] = cb;
      this.stackNext[depth] = 0;
      this.countA[depth] = this.successors(ca, distA, goalA, this.movesA, depth * 9);
      this.countB[depth] = this.successors(cb, distB, goalB, this.movesB, depth * 9);
      depth++;
    };
    push(pa, pb);
    // Set once a conflict-free way to both goals is found from the top of the stack.
    let found = false;
    while (depth > 0) {
      const level = depth - 1;
      const ca = this.stackA[level];
      const cb = this.stackB[level];
      if (ca === goalA && cb === goalB) {
        found = true;
        depth--;
        break; // the whole stack is a conflict-free pair of shortest paths
      }
      const na = this.countA[level];
      const nb = this.countB[level];
      let next = this.stackNext[level];
      let descended = false;
      while (next < na * nb) {
        const qa = this.movesA[level * 9 + ((next / nb) | 0)];
        const qb = this.movesB[level * 9 + (next % nb)];
        next++;
        if (this.conflict(ca, qa, cb, qb)) continue;
        const known = this.lookup(a, b, qa, qb);
        if (known === 1) continue;
        if (known === 0) {
          found = true;
          break;
        }
        if (--budget === 0) return false; // too large to settle: answer "independent", remember nothing more
        this.stackNext[level] = next;
        push(qa, qb);
        descended = true;
        break;
      }
      if (found) break;
      if (descended) continue;
      // Every successor pair is dependent or in conflict: so is this one.
      this.remember(a, b, ca, cb, 1);
      depth--;
    }
    if (found) {
      // Every pair state on the stack reaches the goals conflict-free.
      for (let level = 0; level < depth; level++) this.remember(a, b, this.stackA[level], this.stackB[level], 0);
      if (depth === 0) this.remember(a, b, pa, pb, 0);
      return false;
    }
    return true;
  }
}
