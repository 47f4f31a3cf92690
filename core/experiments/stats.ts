/**
 * 95% confidence intervals for the sweep summary: Student's t for a mean over few repeats, and
 * Wilson's score interval for a success rate (which stays inside [0, 1] and is sensible at 0 and
 * 100%, where the normal approximation collapses to a zero-width interval).
 */

/** A mean (or proportion) with its 95% interval; low and high are NaN when n is too small to say. */
export interface Estimate {
  mean: number;
  low: number;
  high: number;
  n: number;
}

/** Two-sided 95% quantiles t(0.975, df) for df = 1..30. */
const T975 = [12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.306, 2.2622, 2.2281, 2.201, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.093, 2.086, 2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423];
/** Beyond the table: (df, t) at 30, 40, 60, 120 and infinity, interpolated linearly in 1/df. */
const T975_TAIL: [number, number][] = [[30, 2.0423], [40, 2.0211], [60, 2.0003], [120, 1.9799], [Infinity, 1.96]];

export const Z975 = 1.959964;

export function tQuantile975(df: number): number {
  if (!(df >= 1)) return NaN;
  if (df <= 30) return T975[Math.floor(df) - 1];
  for (let i = 1; i < T975_TAIL.length; i++) {
    const [d1, t1] = T975_TAIL[i];
    if (df <= d1) {
      const [d0, t0] = T975_TAIL[i - 1];
      const x = (1 / d0 - 1 / df) / (1 / d0 - 1 / d1);
      return t0 + x * (t1 - t0);
    }
  }
  return 1.96;
}

/**
 * Mean and Student-t 95% interval of the finite values (NaN marks "not measured" and is left out).
 * `floor` is the least value the measure can take (0 for times, counts and costs, 1 for path
 * length over its lower bound): the interval is clamped to it, so a report never shows negative
 * times or a ratio band below 1.
 */
export function meanInterval(values: readonly number[], floor = -Infinity): Estimate {
  let n = 0;
  let sum = 0;
  for (const v of values) {
    if (Number.isFinite(v)) {
      n++;
      sum += v;
    }
  }
  if (n === 0) return { mean: NaN, low: NaN, high: NaN, n };
  const mean = sum / n;
  if (n === 1) return { mean, low: NaN, high: NaN, n };
  let squares = 0;
  for (const v of values) if (Number.isFinite(v)) squares += (v - mean) * (v - mean);
  const half = (tQuantile975(n - 1) * Math.sqrt(squares / (n - 1))) / Math.sqrt(n);
  return { mean, low: Math.max(floor, mean - half), high: mean + half, n };
}

/** Proportion successes / trials with Wilson's 95% score interval. */
export function wilsonInterval(successes: number, trials: number): Estimate {
  if (trials <= 0) return { mean: NaN, low: NaN, high: NaN, n: 0 };
  const p = successes / trials;
  const z2 = Z975 * Z975;
  const denominator = 1 + z2 / trials;
  const center = (p + z2 / (2 * trials)) / denominator;
  const half = (Z975 * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { mean: p, low: Math.max(0, center - half), high: Math.min(1, center + half), n: trials };
}
