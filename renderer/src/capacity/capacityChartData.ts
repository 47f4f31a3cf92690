/**
 * The capacity sweep as chart series (pure): per solver, delivered throughput against offered
 * rate and mean time in system against offered rate, with the line delivered = offered for
 * reference (a solver on it carries everything offered; below it the queue grows).
 */
import type { CapacityResult } from '../../../core/experiments/capacity.ts';

export interface CapacitySeries {
  label: string;
  points: { x: number; y: number | null }[];
  /** The saturation point's x (null: none). */
  saturation: number | null;
}

export function throughputSeries(result: CapacityResult): CapacitySeries[] {
  return result.solvers.map((s) => ({
    label: s.label,
    points: result.runs.filter((r) => r.label === s.label).map((r) => ({ x: r.offered, y: r.valid ? r.delivered : null })),
    saturation: s.saturationOffered,
  }));
}

export function timeSeries(result: CapacityResult): CapacitySeries[] {
  return result.solvers.map((s) => ({
    label: s.label,
    points: result.runs.filter((r) => r.label === s.label).map((r) => ({ x: r.offered, y: r.valid && r.timeInSystem ? r.timeInSystem.mean : null })),
    saturation: s.saturationOffered,
  }));
}

/** The reference line delivered = offered over the swept range. */
export function offeredLine(result: CapacityResult): { x: number; y: number }[] {
  const xs = [...new Set(result.runs.map((r) => r.offered))].sort((a, b) => a - b);
  return xs.length === 0 ? [] : [{ x: xs[0], y: xs[0] }, { x: xs[xs.length - 1], y: xs[xs.length - 1] }];
}
