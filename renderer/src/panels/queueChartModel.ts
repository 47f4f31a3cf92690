/**
 * The geometry of a region's queue chart (RegionsPanel): the plot box inside its axes, turns to x
 * and back (the pointer's turn, a click's turn), queue sizes to y, and round tick values. Pure, so
 * the pointer-to-turn mapping is tested without a page.
 */

export interface QueuePlot {
  width: number;
  height: number;
  /** Margins: the y axis's labels on the left, the x axis's at the bottom. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export const QUEUE_PLOT: QueuePlot = { width: 280, height: 100, left: 26, right: 8, top: 8, bottom: 26 };

/** The x of turn `t` on a chart of turns 0..last. */
export function xOfTurn(plot: QueuePlot, last: number, t: number): number {
  const span = plot.width - plot.left - plot.right;
  return plot.left + (last > 0 ? (t / last) * span : 0);
}

/** The y of a queue of `value` units on a chart whose axis goes to `top`. */
export function yOfValue(plot: QueuePlot, top: number, value: number): number {
  const span = plot.height - plot.top - plot.bottom;
  return plot.top + span - (top > 0 ? (value / top) * span : 0);
}

/** The turn nearest to x (the pointer's, in the chart's own units), within 0..last. */
export function turnAtX(plot: QueuePlot, last: number, x: number): number {
  const span = plot.width - plot.left - plot.right;
  if (last <= 0 || span <= 0) return 0;
  return Math.max(0, Math.min(last, Math.round(((x - plot.left) / span) * last)));
}

/**
 * Round ticks from 0 to `max` (both included), about `count` of them: steps of 1, 2 or 5 times a
 * power of ten, so the labels read as a chart's do (0, 20, 40 … 98 for 98 turns).
 */
export function ticks(max: number, count: number): number[] {
  if (max <= 0) return [0];
  const raw = max / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const whole = Math.max(1, Math.round(step));
  const out: number[] = [];
  for (let v = 0; v < max; v += whole) out.push(v);
  // The last value itself, unless a tick sits so close that the labels would overlap.
  if (out.length > 1 && max - out[out.length - 1] < whole / 2) out.pop();
  out.push(max);
  return out;
}
