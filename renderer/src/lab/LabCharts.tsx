/**
 * The live charts: every measure of the report (CHART_MEASURES) against the number of agents,
 * one line per solver setting with its 95% band, log scales for times, values on hover, a
 * click on a point opens a replay of one of its runs, and each chart saves as PNG.
 */
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Line } from 'react-chartjs-2';
import {
  Chart as ChartJS, CategoryScale, Filler, Legend, LineController, LineElement, LinearScale, LogarithmicScale, PointElement, Title, Tooltip,
  type ChartOptions, type Plugin,
} from 'chart.js';
import { aggregate, type AggregateRow } from '../../../core/experiments/aggregate.ts';
import { CHART_MEASURES, type ChartMeasure, type ChartSeries, chartSeries } from '../../../core/experiments/report/reportCharts.ts';
import type { RunRecord } from '../../../core/experiments/runner.ts';
import { type LabDataset, type PlacedPoint, labDatasets, nearestPoint, pointText, runForPoint, runsText } from './labCharts.ts';
import { saveCanvasPng, slugName } from './labExports.ts';
import { pickRun } from './PickedRun.tsx';

ChartJS.register(LineController, LineElement, PointElement, LinearScale, LogarithmicScale, CategoryScale, Filler, Legend, Title, Tooltip);
ChartJS.defaults.color = '#c9c7c2';
ChartJS.defaults.borderColor = '#3a3c44';

/** Paints the chart's background, so an exported PNG reads on any page. */
const background: Plugin<'line'> = {
  id: 'labBackground',
  beforeDraw(chart) {
    const { ctx, width, height } = chart;
    ctx.save();
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = '#272930';
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  },
};

const PLUGINS = [background];
/** Delay between one chart's update and the next's. */
const STAGGER_MS = 20;

type LineChart = ChartJS<'line', { x: number; y: number | null }[]>;

/** What the tooltip and click handlers read: current at the time of the event, without new options per update. */
interface Live {
  series: readonly ChartSeries[];
  rows: readonly AggregateRow[];
  records: readonly RunRecord[];
}

/** Options fixed per measure: a new options object would make Chart.js resolve every option again on each update. */
function optionsFor(measure: ChartMeasure, live: { current: Live }): ChartOptions<'line'> {
  return {
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    parsing: false,
    normalized: true,
    interaction: { mode: 'nearest', intersect: false },
    scales: {
      x: { type: 'linear', title: { display: true, text: 'agents' } },
      y: { type: measure.log ? 'logarithmic' : 'linear', title: { display: true, text: measure.unit }, ...(measure.key === 'successRate' ? { min: 0, max: 1 } : {}) },
    },
    plugins: {
      title: { display: true, text: measure.title },
      legend: { labels: { filter: (item, data) => !(data.datasets[item.datasetIndex!] as unknown as { band: boolean }).band } },
      tooltip: {
        filter: (item) => !(item.dataset as unknown as { band: boolean }).band,
        callbacks: {
          label: (ctx) => pointText(live.current.series[(ctx.dataset as unknown as { series: number }).series], measure, ctx.dataIndex),
          footer: (items) => {
            const item = items[0];
            if (!item) return '';
            const s = live.current.series[(item.dataset as unknown as { series: number }).series];
            const point = s.points[measure.key][item.dataIndex];
            return runsText(live.current.rows, s.label, point[0]);
          },
        },
      },
    },
    onClick: (event, _elements, chart) => {
      if (event.x === null || event.y === null) return;
      const placed: PlacedPoint[] = [];
      chart.data.datasets.forEach((dataset, i) => {
        const d = dataset as unknown as LabDataset;
        if (d.band) return;
        chart.getDatasetMeta(i).data.forEach((element, index) => {
          if (d.data[index]?.y !== null && Number.isFinite(element.x) && Number.isFinite(element.y)) placed.push({ series: d.series, index, x: element.x, y: element.y });
        });
      });
      const hit = nearestPoint(placed, event.x, event.y);
      if (!hit) return;
      const s = live.current.series[hit.series];
      const record = runForPoint(live.current.records, s.label, s.points[measure.key][hit.index][0]);
      if (record) pickRun(record);
    },
  };
}

const MeasureChart = memo(function MeasureChart({ measure, live, name, index }: { measure: ChartMeasure; live: Live; name: string; index: number }) {
  const ref = useRef<LineChart | null>(null);
  // Charts take new data one per frame, so eight redraws are eight short tasks, not one long one.
  // The first chart draws at once, the others in turn (creating eight charts at once is a long task too).
  const [shown, setShown] = useState<Live | null>(index === 0 ? live : null);
  // A chart scrolled out of view waits: it takes the latest data when it comes back.
  const figure = useRef<HTMLElement | null>(null);
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const element = figure.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setVisible(entries.some((e) => e.isIntersecting)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (!visible && shown) return;
    const timer = window.setTimeout(() => setShown(live), index * STAGGER_MS);
    return () => window.clearTimeout(timer);
    // `shown` only matters for the first draw; following it would loop.
  }, [live, index, visible]);
  const liveRef = useRef<Live>(shown ?? live);
  if (shown) liveRef.current = shown;
  const data = useMemo(() => ({ datasets: shown ? labDatasets(shown.series, measure) : [] }), [shown, measure]);
  const options = useMemo(() => optionsFor(measure, liveRef), [measure]);
  return (
    <figure className="lab-chart" data-testid={`lab-chart-${measure.key}`} ref={figure}>
      <div className="lab-chart-canvas">
        {shown && <Line ref={ref} data={data} options={options} plugins={PLUGINS} updateMode="none" />}
      </div>
      <button
        type="button"
        className="lab-chart-png"
        data-testid={`lab-png-${measure.key}`}
        title="Save this chart as PNG"
        onClick={() => {
          const canvas = ref.current?.canvas;
          if (canvas) void saveCanvasPng(canvas, `${slugName(name)}-${measure.key}.png`);
        }}
      >
        PNG
      </button>
    </figure>
  );
});

export function LabCharts({ records, name }: { records: readonly RunRecord[]; name: string }) {
  const rows = useMemo(() => aggregate(records), [records]);
  const series = useMemo(() => chartSeries(rows), [rows]);
  const live = useMemo(() => ({ series, rows, records }), [series, rows, records]);
  // Empty charts draw when the lab opens: creating a chart is the costliest thing they do, so a
  // sweep only updates them.
  return (
    <div className="lab-charts" data-testid="lab-charts" data-records={records.length}>
      {records.length === 0 && <p className="lab-note" data-testid="lab-charts-empty">The lines appear as runs finish.</p>}
      {CHART_MEASURES.map((m, i) => <MeasureChart key={m.key} measure={m} live={live} name={name} index={i} />)}
    </div>
  );
}
