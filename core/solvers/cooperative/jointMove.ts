/**
 * The last line of defence before a joint move leaves a controller: any move that would put two
 * units' footprints on one cell, swap them head to head (Silver 2006, "Reservation Table") or cross
 * their diagonals (Standley 2010) is turned into a wait, repeatedly until the joint move is clean
 * (a unit that waits may block the one following it). The cooperative planners should never need
 * it; LRA* relies on it to settle clashes (Silver 2005, "Local Repair A*": the blocked agent waits
 * and replans).
 *
 * Footprints (Silver 2006, "Reservation Table Revisited"): a unit of size k covers k x k cells from
 * its anchor; a slow unit mid-move also covers the square it is moving into (`extra`).
 */

export class JointMoveFixer {
  private readonly occNow: Int32Array;
  private readonly occNext: Int32Array;
  private readonly touched: Int32Array;
  private readonly width: number;

  constructor(width: number, cells: number) {
    this.width = width;
    this.touched = new Int32Array(cells * 2);
    this.occNow = new Int32Array(cells).fill(-1);
    this.occNext = new Int32Array(cells).fill(-1);
  }

  /**
   * Rewrites `next` (and clears `extra`) for every unit that must wait; sets reverted[a] = 1 for
   * them and returns how many there were. `current` must itself be conflict-free.
   */
  fix(current: Int32Array, next: Int32Array, extra: Int32Array, sizes: Int32Array, reverted: Uint8Array): number {
    const n = current.length;
    const occNow = this.occNow;
    const occNext = this.occNext;
    const w = this.width;
    let count = 0;
    for (let a = 0; a < n; a++) this.mark(occNow, current[a], sizes[a], a);
    for (let pass = 0; pass <= n + 1; pass++) {
      let changed = false;
      // Vertex: footprints at t + 1 (both squares for a unit mid-move).
      let touched = 0;
      for (let a = 0; a < n && !changed; a++) {
        const size = sizes[a];
        for (let k = 0; k < 2 && !changed; k++) {
          const anchor = k === 0 ? next[a] : extra[a];
          if (anchor < 0) continue;
          for (let j = 0; j < size && !changed; j++) {
            for (let i = 0; i < size; i++) {
              const cell = anchor + j * w + i;
              const b = occNext[cell];
              if (b < 0) {
                occNext[cell] = a;
                this.touched[touched++] = cell;
                continue;
              }
              if (b === a) continue;
              const reverts = this.revert(a, current, next, extra, reverted) + this.revert(b, current, next, extra, reverted);
              if (reverts > 0) {
                count += reverts;
                changed = true;
                break;
              }
            }
          }
        }
      }
      for (let k = 0; k < touched; k++) occNext[this.touched[k]] = -1;
      if (changed) continue;
      // Swaps and crossing diagonals, cell by cell.
      for (let a = 0; a < n && !changed; a++) {
        const from = current[a];
        const delta = next[a] - from;
        if (delta === 0) continue;
        const ddx = (next[a] % w) - (from % w);
        const diagonal = ddx !== 0 && delta !== ddx;
        const size = sizes[a];
        for (let j = 0; j < size && !changed; j++) {
          for (let i = 0; i < size; i++) {
            const cell = from + j * w + i;
            const b = occNow[cell + delta];
            let other = -1;
            if (b >= 0 && b !== a && cell + delta + (next[b] - current[b]) === cell) other = b;
            if (other < 0 && diagonal) {
              const c1 = cell + ddx;
              const c2 = cell + delta - ddx;
              const b1 = occNow[c1];
              if (b1 >= 0 && b1 !== a && c1 + (next[b1] - current[b1]) === c2) other = b1;
              const b2 = occNow[c2];
              if (other < 0 && b2 >= 0 && b2 !== a && c2 + (next[b2] - current[b2]) === c1) other = b2;
            }
            if (other >= 0) {
              count += this.revert(a, current, next, extra, reverted) + this.revert(other, current, next, extra, reverted);
              changed = true;
              break;
            }
          }
        }
      }
      if (!changed) break;
    }
    for (let a = 0; a < n; a++) this.mark(occNow, current[a], sizes[a], -1);
    return count;
  }

  private revert(a: number, current: Int32Array, next: Int32Array, extra: Int32Array, reverted: Uint8Array): number {
    if (next[a] === current[a] && extra[a] < 0) return 0;
    next[a] = current[a];
    extra[a] = -1;
    reverted[a] = 1;
    return 1;
  }

  private mark(occ: Int32Array, anchor: number, size: number, value: number): void {
    const w = this.width;
    for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) occ[anchor + j * w + i] = value;
  }
}
