/**
 * Runs the live charts' work on the UI thread one small step per task. A chart's update is
 * split into steps (take the new data and lay out; then draw), and the queue runs one step,
 * then yields for GAP_MS before the next, so eight charts updating never add up to one long
 * task, and input and the progress bar get the thread in between. New data reaches the charts
 * at most every INTERVAL_MS.
 *
 * Why not React: state updates of several charts that land together are rendered in one commit,
 * and their chart updates then run in one task. On a loaded machine the staggered timers that
 * were meant to keep them apart fire late and together, which is exactly when the UI thread has
 * the least CPU and a task's wall time is several times its CPU time.
 *
 * Pure (the scheduler is passed in), so it is tested without a browser.
 */

/** One piece of work; returns the next piece of the same job, to run in a task of its own. */
export type Step = () => Step | void;

export interface QueuedChart {
  /** Charts scrolled out of view wait, and take the latest data when they come back. */
  visible(): boolean;
  /** The first step of bringing the chart up to date. */
  update: Step;
}

/** Schedules `run` in a new task after `delayMs` (setTimeout in the app). */
export type Schedule = (run: () => void, delayMs: number) => void;

/**
 * Time given back to the UI thread between two steps. A thread that has slept gets the CPU
 * sooner from the OS when it wakes; one that keeps running is the one preempted mid-task
 * (measured on a 2-core machine at load 5-6: tasks of 1.5-2.5 ms CPU often took 20-47 ms of wall
 * time, tasks under 1 ms almost never over 10 ms).
 */
export const GAP_MS = 25;

/** Charts take new data at most this often: live enough to watch, and few steps to run. */
export const INTERVAL_MS = 1000;

export interface ChartQueueOptions {
  gapMs?: number;
  intervalMs?: number;
  /** The clock (performance.now in the app). */
  now?: () => number;
}

export class ChartQueue {
  private readonly charts: QueuedChart[] = [];
  /** Charts out of date, first come first served (a Set keeps insertion order), so charts low on the page are not starved by data that comes faster than a round. */
  private readonly dirty = new Set<QueuedChart>();
  /** The rest of the job a step started: it runs before any other chart's. */
  private next: Step | undefined;
  private scheduled = false;
  private readonly gapMs: number;
  private readonly intervalMs: number;
  private readonly now: () => number;
  /** When new data last made the charts out of date, and whether newer data waits for the interval. */
  private lastInvalidated = -Infinity;
  private invalidateWaiting = false;

  constructor(private readonly schedule: Schedule, options: ChartQueueOptions = {}) {
    this.gapMs = options.gapMs ?? GAP_MS;
    this.intervalMs = options.intervalMs ?? INTERVAL_MS;
    this.now = options.now ?? (() => performance.now());
  }

  /** Adds a chart in display order; it is out of date until its first update. */
  add(chart: QueuedChart): void {
    this.charts.push(chart);
    this.dirty.add(chart);
    this.kick();
  }

  remove(chart: QueuedChart): void {
    const i = this.charts.indexOf(chart);
    if (i >= 0) this.charts.splice(i, 1);
    this.dirty.delete(chart);
  }

  /**
   * New data: every chart is out of date, at once or, within INTERVAL_MS of the last time, when
   * the interval is up (the charts then take the latest data). Charts already waiting keep their
   * place; the others queue behind them in display order. `atOnce` skips the interval (no sweep
   * running: a finished sweep's last records, stored ones, a merge).
   */
  invalidate(atOnce = false): void {
    if (atOnce) {
      this.invalidateNow();
      return;
    }
    if (this.invalidateWaiting) return;
    const wait = this.lastInvalidated + this.intervalMs - this.now();
    if (wait > 0) {
      this.invalidateWaiting = true;
      this.schedule(() => {
        this.invalidateWaiting = false;
        this.invalidateNow();
      }, wait);
      return;
    }
    this.invalidateNow();
  }

  private invalidateNow(): void {
    this.lastInvalidated = this.now();
    for (const chart of this.charts) this.dirty.add(chart);
    this.kick();
  }

  /** Something changed that may let a waiting chart run (it scrolled into view). */
  kick(): void {
    if (this.scheduled || !this.hasWork()) return;
    this.scheduled = true;
    this.schedule(() => this.runOne(), this.gapMs);
  }

  /** Charts waiting for an update (visible or not); for tests and the e2e figures. */
  get waiting(): number {
    return this.dirty.size;
  }

  private nextVisible(): QueuedChart | undefined {
    for (const chart of this.dirty) if (chart.visible()) return chart;
    return undefined;
  }

  private hasWork(): boolean {
    return this.next !== undefined || this.nextVisible() !== undefined;
  }

  private runOne(): void {
    this.scheduled = false;
    let step = this.next;
    this.next = undefined;
    if (!step) {
      const chart = this.nextVisible();
      if (chart) {
        this.dirty.delete(chart);
        step = chart.update;
      }
    }
    try {
      if (step) this.next = step() ?? undefined;
    } finally {
      // A chart that throws must not stop the others.
      this.kick();
    }
  }
}
