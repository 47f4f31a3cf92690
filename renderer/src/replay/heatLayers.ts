/**
 * The heat map's measures per cell: congestion (waits plus
 * refused moves, the chokepoint view), waits, visits (a unit entering the cell, or starting on
 * it), turns occupied (unit-turns spent on it, resting at goals included), and the flow: the net
 * direction units moved through each cell (every move adds its step to the cell it left and the
 * cell it entered), drawn as arrows. Cells are the units' anchors (top-left cells). Computed once
 * per plan and kept with its analysis.
 */
import type { ReplayAnalysis } from './analysis.ts';

export const HEAT_MEASURES = ['congestion', 'waits', 'visits', 'occupied'] as const;
export type HeatMeasure = (typeof HEAT_MEASURES)[number];

export const HEAT_LABELS: Record<HeatMeasure, string> = {
  congestion: 'waits + refused moves',
  waits: 'waiting turns',
  visits: 'visits',
  occupied: 'turns occupied',
};

/** The measure's name in the replay bar's narrow select. */
export const HEAT_OPTIONS: Record<HeatMeasure, string> = { congestion: 'congestion', waits: 'waits', visits: 'visits', occupied: 'occupancy' };

export interface HeatLayers {
  values: Record<HeatMeasure, Uint32Array>;
  max: Record<HeatMeasure, number>;
  flowX: Float32Array;
  flowY: Float32Array;
  flowMax: number;
}

const cache = new WeakMap<ReplayAnalysis, HeatLayers>();

export function heatLayers(width: number, cells: number, paths: readonly (readonly number[])[], analysis: ReplayAnalysis): HeatLayers {
  const known = cache.get(analysis);
  if (known) return known;
  const visits = new Uint32Array(cells);
  const occupied = new Uint32Array(cells);
  const flowX = new Float32Array(cells);
  const flowY = new Float32Array(cells);
  const turns = analysis.turns;
  for (const path of paths) {
    if (path.length === 0) continue;
    for (let t = 0; t <= turns; t++) {
      const cell = path[t < path.length ? t : path.length - 1];
      if (cell < 0 || cell >= cells) continue;
      occupied[cell]++;
      if (t === 0) {
        visits[cell]++;
        continue;
      }
      const before = path[t - 1 < path.length ? t - 1 : path.length - 1];
      if (before === cell) continue;
      visits[cell]++;
      // A stream's unit appearing (from ABSENT, -1) arrives from nowhere: a visit, no flow.
      if (before < 0) continue;
      const dx = (cell % width) - (before % width);
      const dy = Math.floor(cell / width) - Math.floor(before / width);
      flowX[cell] += dx;
      flowY[cell] += dy;
      if (before >= 0 && before < cells) {
        flowX[before] += dx;
        flowY[before] += dy;
      }
    }
  }
  let flowMax = 0;
  for (let c = 0; c < cells; c++) flowMax = Math.max(flowMax, Math.hypot(flowX[c], flowY[c]));
  const values = { congestion: analysis.heat, waits: analysis.waits, visits, occupied };
  const max = { congestion: analysis.heatMax, waits: maxOf(analysis.waits), visits: maxOf(visits), occupied: maxOf(occupied) };
  const layers = { values, max, flowX, flowY, flowMax };
  cache.set(analysis, layers);
  return layers;
}

function maxOf(values: Uint32Array): number {
  let max = 0;
  for (let i = 0; i < values.length; i++) if (values[i] > max) max = values[i];
  return max;
}

/** The heat colour of a value (0…max): pale orange to red, more opaque as it grows. */
export function heatColour(value: number, max: number): string {
  const v = max > 0 ? value / max : 0;
  return `rgba(${230 + Math.round(25 * v)}, ${Math.round(170 * (1 - v))}, 40, ${0.3 + 0.55 * v})`;
}
