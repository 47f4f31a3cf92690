/**
 * Whether the units on the map still make progress: each unit's best (smallest) distance to its
 * goal so far, and the last turn any unit beat its best or stood on its goal. Units that keep
 * moving without any of them ever getting nearer (a head-on pair in a one-lane corridor pushed
 * back and forth, a wait-for cycle) beat no best, so the count of turns since the last progress
 * grows; this is the trigger of the windowed planners' deadlock remedies (RHCR: Li et al.,
 * AAAI 2021, deadlock avoidance by a window that grows while units make too little progress).
 */
import { ABSENT } from '../mapf/plan.ts';

export class ProgressWatch {
  private best = new Float64Array(0);
  private goal = new Int32Array(0);
  private lastProgress = 0;

  /** Turns without progress after which `observe` reports a stall. */
  constructor(readonly stallTurns: number) {}

  /**
   * Takes the units' cells at turn t (ABSENT: not on the map) and returns true when no unit on
   * the map has got nearer its goal than ever before, or stood on it, for `stallTurns` turns.
   */
  observe(t: number, positions: ArrayLike<number>, goals: (a: number) => number, distance: (goal: number, cell: number) => number): boolean {
    const n = positions.length;
    if (this.best.length < n) this.grow(n);
    let progressed = false;
    let away = 0;
    for (let a = 0; a < n; a++) {
      const cell = positions[a];
      if (cell === ABSENT) continue;
      const goal = goals(a);
      if (goal !== this.goal[a]) {
        this.goal[a] = goal;
        this.best[a] = Infinity;
      }
      if (cell === goal) continue;
      away++;
      const d = distance(goal, cell);
      // A unit seen for the first time (just appeared, or a new goal) sets its mark: appearing is
      // not progress, or a spawner feeding a jam would hide it.
      if (this.best[a] === Infinity) this.best[a] = d;
      else if (d < this.best[a]) {
        this.best[a] = d;
        progressed = true;
      }
    }
    if (progressed || away === 0) this.lastProgress = t;
    return t - this.lastProgress >= this.stallTurns;
  }

  /** Turns since a unit last made progress. */
  since(t: number): number {
    return t - this.lastProgress;
  }

  /** Starts counting again from turn t (after a remedy was applied). */
  restart(t: number): void {
    this.lastProgress = t;
  }

  private grow(n: number): void {
    const cap = Math.max(n, 2 * this.best.length);
    const best = new Float64Array(cap).fill(Infinity);
    best.set(this.best);
    const goal = new Int32Array(cap).fill(-1);
    goal.set(this.goal);
    this.best = best;
    this.goal = goal;
  }
}
