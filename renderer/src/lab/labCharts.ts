/**
 * The lab's live charts as Chart.js data: the report's chart definitions (CHART_MEASURES and
 * chartSeries in core/experiments/report/reportCharts.ts) turned into datasets the same way the
 * report's CHART_SCRIPT does, so the lab and the report draw the same lines and bands. Pure.
 */
import { type AggregateRow } from '../../../core/experiments/aggregate.ts';
import { type ChartMeasure, type ChartSeries } from '../../../core/experiments/report/reportCharts.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import { isFailure } from '../../../core/experiments/runRecord.ts';

export const PALETTE = ['#4c8dff', '#ff6b6b', '#59c27a', '#ffa94d', '#b197fc', '#c0a080', '#f783ac', '#3bc9db', '#d8d84a', '#adb5bd'];

export interface LabDataset {
  label: string;
  data: { x: number; y: number | null }[];
  borderColor: string;
  backgroundColor: string;
  borderWidth: number;
  pointRadius: number;
  pointHitRadius: number;
  fill: false | string;
  spanGaps: boolean;
  /** The 95% band's edges: left out of the legend, tooltips and clicks. */
  band: boolean;
  /** Which series (solver setting) this dataset draws. */
  series: number;
}

/** Three datasets per series, as the report: the band's low and high edges (filled between), then the means. */
export function labDatasets(series: readonly ChartSeries[], measure: ChartMeasure): LabDataset[] {
  const out: LabDataset[] = [];
  series.forEach((s, i) => {
    const colour = PALETTE[i % PALETTE.length];
    const points = s.points[measure.key] ?? [];
    const at = (k: 1 | 2 | 3) => points.map((p) => ({ x: p[0], y: p[k] }));
    const edge = { borderWidth: 0, pointRadius: 0, pointHitRadius: 0, spanGaps: false, band: true, series: i, borderColor: 'transparent' };
    out.push({ ...edge, label: `${s.label} (95% low)`, data: at(2), backgroundColor: 'transparent', fill: false });
    out.push({ ...edge, label: `${s.label} (95% high)`, data: at(3), backgroundColor: `${colour}33`, fill: '-1' });
    out.push({ label: s.label, data: at(1), borderColor: colour, backgroundColor: colour, borderWidth: 2, pointRadius: 3, pointHitRadius: 8, fill: false, spanGaps: false, band: false, series: i });
  });
  return out;
}

/** "0.8125 (95% 0.71 to 0.89)" for a point's tooltip. */
export function pointText(series: ChartSeries, measure: ChartMeasure, index: number): string {
  const p = series.points[measure.key]?.[index];
  if (!p) return series.label;
  const f = (v: number | null) => (v === null ? '-' : Number(v.toPrecision(4)).toString());
  return `${series.label}: ${f(p[1])}${p[2] === null ? '' : ` (95% ${f(p[2])} to ${f(p[3])})`}`;
}

/** How many runs stand behind each point, for the tooltip's footer. */
export function runsText(rows: readonly AggregateRow[], label: string, agents: number): string {
  const row = rows.find((r) => r.label === label && r.agents === agents);
  if (!row) return '';
  return `${row.runs} run${row.runs === 1 ? '' : 's'}${row.failures > 0 ? `, ${row.failures} failed` : ''} — click to pick one (replay, replay file)`;
}

/**
 * The run to replay for a clicked point: a measured run of that solver setting and agent count,
 * preferring one where not every agent arrived (the interesting one), then the lowest id.
 */
export function runForPoint(records: readonly RunRecord[], label: string, agents: number): RunRecord | undefined {
  const candidates = records.filter((r) => r.label === label && r.agents === agents && !isFailure(r)).sort((a, b) => a.id - b.id);
  return candidates.find((r) => r.successRate < 1) ?? candidates[0];
}

export interface PlacedPoint {
  /** The dataset's series (solver setting) and the point's index in it. */
  series: number;
  index: number;
  x: number;
  y: number;
}

/** The point drawn nearest to a click, if one is within `radius` pixels (bands are not offered). */
export function nearestPoint(points: readonly PlacedPoint[], x: number, y: number, radius = 24): PlacedPoint | undefined {
  let best: PlacedPoint | undefined;
  let bestDistance = radius * radius;
  for (const p of points) {
    const d = (p.x - x) ** 2 + (p.y - y) ** 2;
    if (d <= bestDistance) {
      best = p;
      bestDistance = d;
    }
  }
  return best;
}

/** Failed runs grouped by reason, most frequent first, for the lab's failure notes. */
export function failureReasons(records: readonly RunRecord[], limit = 5): { message: string; count: number; example: RunRecord }[] {
  const byMessage = new Map<string, { message: string; count: number; example: RunRecord }>();
  for (const r of records) {
    if (!isFailure(r)) continue;
    const entry = byMessage.get(r.message);
    if (entry) entry.count++;
    else byMessage.set(r.message, { message: r.message, count: 1, example: r });
  }
  return [...byMessage.values()].sort((a, b) => b.count - a.count).slice(0, limit);
}
