/**
 * The data of a stream's throughput line (ThroughputChart, under the replay's timeline):
 * deliveries (goals reached, exits included) in the 10 turns up to each turn, the measure a
 * designer reads a chokepoint's capacity in (lifelong MAPF's throughput, Li et al., AAAI 2021).
 * Its geometry is the queue chart's (queueChartModel.ts) on a wider, lower plot. Pure.
 */
import type { QueuePlot } from './queueChartModel.ts';

/** The line spans the replay bar's width; the svg scales to it. */
export const THROUGHPUT_PLOT: QueuePlot = { width: 800, height: 64, left: 26, right: 8, top: 6, bottom: 18 };

/** Turns per throughput window. */
export const THROUGHPUT_WINDOW = 10;

/** At each turn t, the sum of `perTurn` over turns t - window + 1 … t (fewer at the start of the run). */
export function trailingSums(perTurn: readonly number[], window = THROUGHPUT_WINDOW): number[] {
  const out = new Array<number>(perTurn.length);
  let sum = 0;
  for (let t = 0; t < perTurn.length; t++) {
    sum += perTurn[t];
    if (t >= window) sum -= perTurn[t - window];
    out[t] = sum;
  }
  return out;
}
