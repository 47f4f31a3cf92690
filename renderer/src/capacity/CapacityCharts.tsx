/**
 * The capacity sweep's two charts (Chart.js, as the lab draws): delivered throughput against
 * offered rate per solver, with the line delivered = offered, and mean time in system against
 * offered rate; a saturation point is drawn larger. Made again when the result or the theme changes.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Chart as ChartJS, Legend, LineController, LineElement, LinearScale, PointElement, Title, Tooltip } from 'chart.js';
import type { CapacityResult } from '../../../core/experiments/capacity.ts';
import { PALETTE } from '../lab/labCharts.ts';
import { themeStore } from '../state/themeState.ts';
import { useSlice } from '../state/store.ts';
import { type CapacitySeries, offeredLine, throughputSeries, timeSeries } from './capacityChartData.ts';

ChartJS.register(LineController, LineElement, PointElement, LinearScale, Legend, Title, Tooltip);

const THEME = { dark: { text: '#c9c7c2', grid: '#3a3c44' }, light: { text: '#3b3d44', grid: '#dcdcd6' } } as const;

function CapacityChart({ title, yTitle, series, reference, testId }: { title: string; yTitle: string; series: CapacitySeries[]; reference?: { x: number; y: number }[]; testId: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const theme = useSlice(themeStore, (s) => s.effective);
  useEffect(() => {
    if (!canvas.current) return;
    const colours = THEME[theme];
    const datasets = series.map((s, i) => ({
      label: s.label,
      data: s.points,
      borderColor: PALETTE[i % PALETTE.length],
      backgroundColor: PALETTE[i % PALETTE.length],
      borderWidth: 2,
      // Solvers that carry alike draw one line over the other: every other one dashed shows both.
      borderDash: i % 2 === 1 ? [6, 4] : [],
      // Chart.js draws lower orders on top: each solver's line over the one before it.
      order: series.length - i,
      pointStyle: i % 2 === 1 ? 'rectRot' : 'circle',
      pointRadius: s.points.map((p): number => (p.x === s.saturation ? 6 : 3)),
      spanGaps: false,
    }));
    if (reference) datasets.push({ label: 'offered', data: reference, borderColor: colours.grid, backgroundColor: colours.grid, borderWidth: 1, borderDash: [2, 2], pointStyle: 'circle', pointRadius: [0, 0], spanGaps: true, order: series.length + 1 });
    const chart = new ChartJS(canvas.current, {
      type: 'line',
      data: { datasets },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        parsing: false,
        color: colours.text,
        scales: {
          x: { type: 'linear', title: { display: true, text: 'offered in all swept spawners, units per 10 turns', color: colours.text }, ticks: { color: colours.text }, grid: { color: colours.grid } },
          y: { type: 'linear', min: 0, title: { display: true, text: yTitle, color: colours.text }, ticks: { color: colours.text }, grid: { color: colours.grid } },
        },
        plugins: { title: { display: true, text: title, color: colours.text }, legend: { labels: { color: colours.text, boxWidth: 12 } } },
      },
    });
    return () => chart.destroy();
  }, [series, reference, theme, title, yTitle]);
  return (
    <div className="capacity-chart" data-testid={testId} data-series={series.length} data-points={series.reduce((n, s) => n + s.points.length, 0)}>
      <canvas ref={canvas} />
    </div>
  );
}

export function CapacityCharts({ result }: { result: CapacityResult }) {
  const delivered = useMemo(() => throughputSeries(result), [result]);
  const reference = useMemo(() => offeredLine(result), [result]);
  const times = useMemo(() => timeSeries(result), [result]);
  return (
    <div className="capacity-charts">
      <CapacityChart title="Delivered against offered" yTitle="delivered in all /10 turns" series={delivered} reference={reference} testId="capacity-throughput-chart" />
      <CapacityChart title="Time in system against offered" yTitle="mean turns" series={times} testId="capacity-time-chart" />
    </div>
  );
}
