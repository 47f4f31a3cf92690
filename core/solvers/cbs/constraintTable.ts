/**
 * A unit's constraints as a stamped (t, cell, move) table, shared by CBS's low level
 * (lowLevel.ts) and EECBS's (focalLowLevel.ts): the low level reads a typed array per move
 * instead of hashing into the constraint Sets, which was a fifth of the search's time (as
 * Jiaoyang-Li/CBSH2-RTC's ConstraintTable keeps its constraints in a table per cell). A new
 * stamp per query empties it without clearing it.
 */
import type { AgentConstraints } from './agentConstraints.ts';

/** Most entries of the table (16 MB of Int32); past it the planners ask the Sets. */
const BLOCKED_SLOTS = 4 * 1024 * 1024;

export class ConstraintTable {
  /**
   * Slot (t * cells + cell) * 5 is the vertex constraint on (cell, t); slot (t * cells + from) *
   * 5 + d the move d from `from` arriving at t (d: 1 up, 2 right, 3 down, 4 left, as the
   * planners number their moves and fourConnectedStep its steps). A slot is set where it equals
   * `mark`. Target reasoning's barred cells are vertex constraints too, from their time through
   * layer maxT + 1, which stands for every later time (it holds nothing else): a reader looks
   * up layer min(t, maxT + 1) for any t, with no branch on whether t is constrained
   * (docs/performance.md, rule 3).
   */
  blocked = new Int32Array(0);
  mark = 0;

  /**
   * Writes `c` into the table under a new mark. Returns false when the table would pass
   * BLOCKED_SLOTS entries: the caller then asks the Sets.
   */
  ready(c: AgentConstraints, cells: number, w: number): boolean {
    const size = (c.maxT + 2) * cells * 5;
    if (size > BLOCKED_SLOTS) return false;
    // Never empty (layer maxT + 1 is always there), so the array is made at the first call, a
    // root's, not at the first constraint (docs/performance.md, rule 2).
    if (this.blocked.length < size) {
      // 64 layers from the start, so the array is seldom replaced (docs/performance.md, rule 2).
      this.blocked = new Int32Array(Math.min(BLOCKED_SLOTS, Math.max(size, this.blocked.length * 2, cells * 5 * 64)));
      this.mark = 0;
    }
    if (++this.mark > 0x3fffffff) {
      this.mark = 1;
      this.blocked.fill(0);
    }
    const mark = this.mark;
    const blocked = this.blocked;
    for (const key of c.vertex) blocked[key * 5] = mark;
    for (const key of c.edge) {
      const to = key % cells;
      const arrival = (key - to) / cells; // t * cells + from
      const from = arrival % cells;
      const d = to === from - w ? 1 : to === from + 1 ? 2 : to === from + w ? 3 : 4;
      blocked[arrival * 5 + d] = mark;
    }
    for (const [cell, from] of c.barred) for (let t = from; t <= c.maxT + 1; t++) blocked[(t * cells + cell) * 5] = mark;
    return true;
  }
}
