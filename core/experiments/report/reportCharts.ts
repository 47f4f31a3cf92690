/**
 * What the report's charts show: one chart per measure against the number of agents, one line
 * per solver setting with its 95% band. The data is built here (testable, pure); the few lines
 * of browser code that hand it to Chart.js are in CHART_SCRIPT.
 */
import type { AggregateRow, MeanMeasure } from '../aggregate.ts';
import type { Estimate } from '../stats.ts';

export interface ChartMeasure {
  key: 'successRate' | MeanMeasure;
  title: string;
  /** Axis label. */
  unit: string;
  /** Times span orders of magnitude between solvers. */
  log: boolean;
}

export const CHART_MEASURES: readonly ChartMeasure[] = [
  { key: 'successRate', title: 'Success rate', unit: 'agents at their goals (fraction)', log: false },
  { key: 'meanPathLength', title: 'Mean path length', unit: 'moves', log: false },
  { key: 'pathRatio', title: 'Path length / lower bound', unit: 'ratio', log: false },
  { key: 'cyclesPerAgent', title: 'Cycles per agent', unit: 'cycles', log: false },
  { key: 'sumOfCosts', title: 'Sum of costs', unit: 'moves', log: false },
  { key: 'makespan', title: 'Makespan', unit: 'turns', log: false },
  { key: 'initMs', title: 'Initial planning time', unit: 'ms (log scale)', log: true },
  { key: 'maxTurnMs', title: 'Maximum turn time', unit: 'ms (log scale)', log: true },
];

/** One point: agents, then mean, low and high (null where not measured or, on a log scale, not positive). */
export type ChartPoint = [number, number | null, number | null, number | null];

export interface ChartSeries {
  label: string;
  /** By measure key, points in agent order. */
  points: Record<string, ChartPoint[]>;
}

export function chartSeries(rows: readonly AggregateRow[]): ChartSeries[] {
  const series: ChartSeries[] = [];
  // On a log scale a band reaching 0 or below would fall off the chart: it is cut at half the
  // smallest positive value drawn, the bottom of the axis.
  const floors = new Map<string, number>();
  for (const measure of CHART_MEASURES) {
    if (!measure.log) continue;
    let floor = Infinity;
    for (const row of rows) for (const v of [row[measure.key].mean, row[measure.key].low]) if (v > 0 && v < floor) floor = v;
    floors.set(measure.key, floor / 2);
  }
  for (const row of rows) {
    let s = series.find((x) => x.label === row.label);
    if (!s) series.push((s = { label: row.label, points: Object.fromEntries(CHART_MEASURES.map((m) => [m.key, []])) }));
    for (const measure of CHART_MEASURES) {
      const e: Estimate = row[measure.key];
      const y = (v: number) => (Number.isFinite(v) && (!measure.log || v > 0) ? v : null);
      // Every measure is >= 0; a t interval reaching below 0 is drawn from 0 (the table has it as computed).
      const low = measure.log ? (e.low > 0 || !Number.isFinite(e.low) ? e.low : floors.get(measure.key)!) : Math.max(0, e.low);
      s.points[measure.key].push([row.agents, y(e.mean), y(low), y(e.high)]);
    }
  }
  return series;
}

/**
 * Browser code: reads the data block and draws every chart with the inlined Chart.js. The band
 * is two invisible lines (low, high) with the area between them filled; tooltips and the legend
 * leave them out.
 */
export const CHART_SCRIPT = `
(function () {
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#bcbd22', '#7f7f7f'];
  if (typeof Chart === 'undefined') return;
  data.measures.forEach(function (measure) {
    var canvas = document.getElementById('chart-' + measure.key);
    if (!canvas) return;
    var datasets = [];
    data.series.forEach(function (series, i) {
      var colour = palette[i % palette.length];
      var points = series.points[measure.key];
      var at = function (k) { return points.map(function (p) { return { x: p[0], y: p[k] }; }); };
      datasets.push({ label: series.label + ' (95% low)', data: at(2), borderWidth: 0, pointRadius: 0, pointHitRadius: 0, fill: false, band: true });
      datasets.push({ label: series.label + ' (95% high)', data: at(3), borderWidth: 0, pointRadius: 0, pointHitRadius: 0, backgroundColor: colour + '30', fill: '-1', band: true });
      datasets.push({ label: series.label, data: at(1), borderColor: colour, backgroundColor: colour, pointRadius: 3, fill: false, spanGaps: false });
    });
    new Chart(canvas, {
      type: 'line',
      data: { datasets: datasets },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        interaction: { mode: 'nearest', intersect: false },
        scales: {
          x: { type: 'linear', title: { display: true, text: 'agents' } },
          y: { type: measure.log ? 'logarithmic' : 'linear', title: { display: true, text: measure.unit } },
        },
        plugins: {
          title: { display: true, text: measure.title },
          legend: { labels: { filter: function (item, chart) { return !chart.datasets[item.datasetIndex].band; } } },
          tooltip: {
            filter: function (item) { return !item.dataset.band; },
            callbacks: {
              label: function (ctx) {
                var series = data.series[Math.floor(ctx.datasetIndex / 3)];
                var p = series.points[measure.key][ctx.dataIndex];
                var f = function (v) { return v === null ? '-' : Number(v.toPrecision(4)).toString(); };
                return series.label + ': ' + f(p[1]) + (p[2] === null ? '' : ' (95% ' + f(p[2]) + ' to ' + f(p[3]) + ')');
              },
            },
          },
        },
      },
    });
  });
  document.documentElement.setAttribute('data-charts', 'drawn');
})();
`;
