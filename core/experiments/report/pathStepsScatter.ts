/**
 * Patel's claims about growth (Patel, "Dealing with moving obstacles"): recalculating the
 * whole path every k steps computes about L^2 / (2k) path steps for a path of length L (it grows
 * with the square of the length), while splicing computes 2L to 3L (it grows with the length,
 * whatever m is). The report shows them on the experiment's one-unit runs: one point per run,
 * path steps computed against the unit's path length without obstacles (its lower bound), one
 * series per solver setting, and per setting the growth exponent (the slope of a least-squares
 * line through log steps against log length: near 2 for square growth, near 1 for linear) and
 * the mean path steps per step of path (splice's 2 to 3). Units that never arrived have no
 * lower bound on record and are left out.
 */
import type { RunRecord } from '../runRecord.ts';

export interface PathStepsSeries {
  label: string;
  /** [path length without obstacles, path steps computed], one per one-unit run. */
  points: [number, number][];
  /** Slope of log(steps) on log(length); null with fewer than two distinct lengths. */
  exponent: number | null;
  /** Mean of steps / length over the runs. */
  stepsPerLength: number;
}

/** The one-unit runs among moving obstacles, per solver setting (in order of first appearance). */
export function pathStepsScatter(records: readonly RunRecord[]): PathStepsSeries[] {
  const byLabel = new Map<string, [number, number][]>();
  for (const r of records) {
    if (r.agents !== 1 || !(r.meanLowerBound > 0) || !(r.pathStepsComputed > 0)) continue;
    const points = byLabel.get(r.label) ?? [];
    points.push([r.meanLowerBound, r.pathStepsComputed]);
    byLabel.set(r.label, points);
  }
  return [...byLabel].map(([label, points]) => ({
    label,
    points: points.sort((a, b) => a[0] - b[0] || a[1] - b[1]),
    exponent: logLogSlope(points),
    stepsPerLength: points.reduce((sum, [length, steps]) => sum + steps / length, 0) / points.length,
  }));
}

/** Least-squares slope of ln y on ln x; null when x takes fewer than two values. */
export function logLogSlope(points: readonly (readonly [number, number])[]): number | null {
  const n = points.length;
  if (n < 2) return null;
  let sx = 0;
  let sy = 0;
  for (const [x, y] of points) {
    sx += Math.log(x);
    sy += Math.log(y);
  }
  const mx = sx / n;
  const my = sy / n;
  let sxx = 0;
  let sxy = 0;
  for (const [x, y] of points) {
    const dx = Math.log(x) - mx;
    sxx += dx * dx;
    sxy += dx * (Math.log(y) - my);
  }
  return sxx < 1e-12 ? null : sxy / sxx;
}
