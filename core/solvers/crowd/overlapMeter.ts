/**
 * Overlapping discs measured at every simulation step, not only at the turns the track records:
 * two units can pass through each other between two recorded turns (a crowd squeezing through a
 * corridor narrower than two discs), which the track alone would not show. Counts pair-turns: each
 * pair whose discs intersected by more than the tolerance at any step of a turn counts once for
 * that turn, so the figure does not depend on the steps per turn.
 */
import { OVERLAP_TOLERANCE } from '../../contract/crowdTrack.ts';

/** The discs the meter reads each step (crowdWorld.ts's CrowdWorld has them). */
export interface Discs {
  readonly n: number;
  readonly grid: { readonly width: number; readonly height: number };
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly radius: Float64Array;
  readonly largestRadius: number;
  readonly settings: { readonly radius: number };
}

export class OverlapMeter {
  private readonly head: Int32Array;
  private readonly next: Int32Array;
  private readonly side: number;
  private readonly bw: number;
  private readonly bh: number;
  private readonly pairs = new Set<number>();
  /** Pair-turns overlapping beyond the tolerance so far. */
  total = 0;
  /** Deepest intersection seen, as a share of the pair's smaller disc, in cells at the model's radius (the track's stepDeepest). */
  deepest = 0;

  constructor(world: Discs) {
    this.side = Math.max(1, 2 * world.largestRadius);
    this.bw = Math.max(1, Math.ceil(world.grid.width / this.side));
    this.bh = Math.max(1, Math.ceil(world.grid.height / this.side));
    this.head = new Int32Array(this.bw * this.bh);
    this.next = new Int32Array(world.n);
  }

  step(world: Discs): void {
    const { n, x, y, radius } = world;
    const { head, next, side, bw, bh } = this;
    const base = world.settings.radius;
    head.fill(-1);
    for (let a = 0; a < n; a++) {
      const bx = Math.min(bw - 1, Math.max(0, Math.floor(x[a] / side)));
      const by = Math.min(bh - 1, Math.max(0, Math.floor(y[a] / side)));
      next[a] = head[by * bw + bx];
      head[by * bw + bx] = a;
    }
    for (let a = 0; a < n; a++) {
      const bx = Math.min(bw - 1, Math.max(0, Math.floor(x[a] / side)));
      const by = Math.min(bh - 1, Math.max(0, Math.floor(y[a] / side)));
      for (let cy = Math.max(0, by - 1); cy <= Math.min(bh - 1, by + 1); cy++) {
        for (let cx = Math.max(0, bx - 1); cx <= Math.min(bw - 1, bx + 1); cx++) {
          for (let o = head[cy * bw + cx]; o >= 0; o = next[o]) {
            if (o <= a) continue;
            const touch = radius[a] + radius[o];
            const smaller = radius[a] < radius[o] ? radius[a] : radius[o];
            const dx = x[o] - x[a];
            const dy = y[o] - y[a];
            const d2 = dx * dx + dy * dy;
            if (d2 >= touch * touch) continue;
            const d = Math.sqrt(d2);
            const depth = ((touch - d) / smaller) * base;
            if (depth > this.deepest) this.deepest = depth;
            if (d < touch - OVERLAP_TOLERANCE * smaller) this.pairs.add(a * n + o);
          }
        }
      }
    }
  }

  endTurn(): void {
    this.total += this.pairs.size;
    this.pairs.clear();
  }
}
