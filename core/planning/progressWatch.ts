/**
 * Whether the units on the map still make progress: each unit's best (smallest) distance to its
 * goal so far, and the last turn any unit beat its best or stood on its goal. With `newCells`, for
 * a distance as the crow flies (gridDistance: no distance table asked for per unit and turn), a
 * unit walking round a wall, further from its goal that way, counts as progressing as long as it
 * reaches cells it has not stood on since its last best; units pushed back and forth over the
 * same cells do not. Units that keep
 * moving without any of them ever getting nearer (a head-on pair in a one-lane corridor pushed
 * back and forth, a wait-for cycle) beat no best, so the count of turns since the last progress
 * grows; this is the trigger of the windowed planners' deadlock remedies (RHCR: Li et al.,
 * AAAI 2021, deadlock avoidance by a window that grows while units make too little progress).
 */
import { ABSENT } from '../mapf/plan.ts';

/** Turns without an arrival that make a stall: a crossing's time twice over (twice the map's width + height), at least 100. */
export function arrivalTurns(width: number, height: number): number {
  return Math.max(100, 2 * (width + height));
}

export class ProgressWatch {
  private best = new Float64Array(0);
  /** Per unit, the turn it last beat its best (or set its first). */
  private bestAt = new Int32Array(0);
  private goal = new Int32Array(0);
  /** Cells each unit stood on since its last best (null: none yet). */
  private seen: (Set<number> | null)[] = [];
  private lastProgress = 0;
  /** The last turn a unit stood on its goal for the first time or left the map. */
  private lastArrival = 0;
  private away = new Uint8Array(0);

  /**
   * Turns without progress after which `observe` reports a stall; `newCells`: see above;
   * `arrivalTurns` (0: none): turns without any unit arriving or leaving the map while some are
   * away, also a stall. In a crowd somebody always edges nearer its goal, on a bank far from a
   * locked lane; arrivals stop there all the same.
   */
  constructor(readonly stallTurns: number, private readonly newCells = false, private readonly arrivalTurns = 0) {}

  /**
   * Takes the units' cells at turn t (ABSENT: not on the map; `distance(a, cell)`: unit a's to its
   * goal) and returns true when no unit on
   * the map has got nearer its goal than ever before, or stood on it, for `stallTurns` turns.
   */
  observe(t: number, positions: ArrayLike<number>, goals: (a: number) => number, distance: (a: number, cell: number) => number): boolean {
    const n = positions.length;
    if (this.best.length < n) this.grow(n);
    let progressed = false;
    let away = 0;
    for (let a = 0; a < n; a++) {
      const cell = positions[a];
      if (cell === ABSENT) {
        if (this.away[a] === 1) this.lastArrival = t;
        this.away[a] = 0;
        continue;
      }
      const goal = goals(a);
      if (goal !== this.goal[a]) {
        this.goal[a] = goal;
        this.best[a] = Infinity;
      }
      this.away[a] = cell === goal ? 0 : 1;
      if (cell === goal && this.best[a] !== 0) {
        // Reaching the goal for the first time is progress (stepping off it to let another pass
        // and back is not).
        if (this.best[a] !== Infinity) progressed = true;
        this.best[a] = 0;
        this.lastArrival = t;
      }
      if (cell === goal) continue;
      away++;
      const d = distance(a, cell);
      const seen = (this.seen[a] ??= new Set());
      // A unit seen for the first time (just appeared, or a new goal) sets its mark: appearing is
      // not progress, or a spawner feeding a jam would hide it.
      if (this.best[a] === Infinity) {
        this.best[a] = d;
        this.bestAt[a] = t;
        seen.clear();
        seen.add(cell);
      } else if (d < this.best[a]) {
        this.best[a] = d;
        this.bestAt[a] = t;
        seen.clear();
        seen.add(cell);
        progressed = true;
      } else if (this.newCells && !seen.has(cell)) {
        seen.add(cell);
        progressed = true;
      }
    }
    if (progressed || away === 0) this.lastProgress = t;
    if (away === 0) this.lastArrival = t;
    return t - this.lastProgress >= this.stallTurns || (this.arrivalTurns > 0 && t - this.lastArrival >= this.arrivalTurns);
  }

  /** Turns since a unit last made progress (or arrived, when arrivals are watched). */
  since(t: number): number {
    if (this.arrivalTurns === 0 || t - this.lastProgress >= this.stallTurns) return t - this.lastProgress;
    return Math.max(t - this.lastProgress, t - this.lastArrival);
  }

  /** The first turn of the stall at turn t (no progress for `stallTurns`, or no arrival for `arrivalTurns`), or -1 when there is none. */
  stallFrom(t: number): number {
    if (t - this.lastProgress >= this.stallTurns) return this.lastProgress;
    if (this.arrivalTurns > 0 && t - this.lastArrival >= this.arrivalTurns) return this.lastArrival;
    return -1;
  }

  /** The last turn a unit reached its goal or left the map. */
  lastArrivalTurn(): number {
    return this.lastArrival;
  }

  /** The turn unit a last got nearer its goal than ever before. */
  lastBest(a: number): number {
    return a < this.bestAt.length ? this.bestAt[a] : 0;
  }

  /** Starts counting again from turn t (after a remedy was applied). */
  restart(t: number): void {
    this.lastProgress = t;
    this.lastArrival = t;
  }

  private grow(n: number): void {
    const cap = Math.max(n, 2 * this.best.length);
    const best = new Float64Array(cap).fill(Infinity);
    best.set(this.best);
    const goal = new Int32Array(cap).fill(-1);
    goal.set(this.goal);
    this.best = best;
    const bestAt = new Int32Array(cap);
    bestAt.set(this.bestAt);
    this.bestAt = bestAt;
    this.goal = goal;
    this.seen.length = cap;
    const away = new Uint8Array(cap);
    away.set(this.away);
    this.away = away;
  }
}
