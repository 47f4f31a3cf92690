/**
 * The live charts: every measure of the report (CHART_MEASURES) against the number of agents,
 * one line per solver setting with its 95% band, log scales for times, values on hover, a
 * click on a point opens a replay of one of its runs, and each chart saves as PNG.
 *
 * The charts are Chart.js instances driven outside React: React only lays out their figures.
 * New records mark them out of date, and chartQueue.ts brings them up to date one small step
 * per task (create, lay out with the new data, draw), so a sweep never blocks the UI thread for
 * long, even on a machine whose cores are busy with the solver workers and other work.
 */
import { memo, useEffect, useMemo, useRef } from 'react';
import {
  Chart as ChartJS, CategoryScale, Filler, Legend, LineController, LineElement, LinearScale, LogarithmicScale, PointElement, Title, Tooltip,
  type ChartOptions, type Plugin,
} from 'chart.js';
import { CHART_MEASURES, type ChartMeasure } from '../../../core/experiments/report/reportCharts.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import type { Experiment } from '../../../core/experiments/schema.ts';
import { kneeSentence, throughputKnees } from '../../../core/experiments/throughputKnee.ts';
import { DoorFlowChart } from './DoorFlowChart.tsx';
import { ChartQueue, type QueuedChart, type Step } from './chartQueue.ts';
import { type LabDataset, type PlacedPoint, labDatasets, nearestPoint, pointText, runForPoint, runsText } from './labCharts.ts';
import { EMPTY_LIVE, type Live, LiveChartData } from './liveChartData.ts';
import { saveCanvasPng, slugName } from './labExports.ts';
import { pickRun } from './PickedRun.tsx';
import { themeStore } from '../state/themeState.ts';
import { useSlice } from '../state/store.ts';

ChartJS.register(LineController, LineElement, PointElement, LinearScale, LogarithmicScale, CategoryScale, Filler, Legend, Title, Tooltip);

/** The charts' colours in each theme (the page's --text, --border and --panel): they stayed dark in the light theme. */
export const CHART_COLOURS = {
  dark: { text: '#c9c7c2', grid: '#3a3c44', background: '#272930' },
  light: { text: '#3b3d44', grid: '#dcdcd6', background: '#ffffff' },
} as const;
let colours: (typeof CHART_COLOURS)[keyof typeof CHART_COLOURS] = CHART_COLOURS.dark;

/** Chart.js reads its defaults when a chart is made: the charts are made again when the theme changes (MeasureChart's `theme`). */
function applyChartTheme(theme: 'light' | 'dark'): void {
  colours = CHART_COLOURS[theme];
  ChartJS.defaults.color = colours.text;
  ChartJS.defaults.borderColor = colours.grid;
}

/** Paints the chart's background, so an exported PNG reads on any page. */
const background: Plugin<'line'> = {
  id: 'labBackground',
  beforeDraw(chart) {
    const { ctx, width, height } = chart;
    ctx.save();
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = colours.background;
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  },
};

/** Set while a step creates or updates a chart: its drawing is left to the next step. */
let drawLater = false;
const deferDraw: Plugin<'line'> = {
  id: 'labDeferDraw',
  beforeRender: () => (drawLater ? false : undefined),
};

const PLUGINS = [background, deferDraw];

type LineChart = ChartJS<'line', { x: number; y: number | null }[]>;

/** Runs `change` (a chart's creation or update) without its draw, which Chart.js would do at the end. */
function withoutDraw<T>(change: () => T): T {
  drawLater = true;
  try {
    return change();
  } finally {
    drawLater = false;
  }
}

/**
 * New datasets into the chart's own objects: Chart.js keeps a dataset's controller and
 * elements while the object stays, where new objects would be set up from scratch.
 */
function setDatasets(chart: LineChart, next: readonly LabDataset[]): void {
  const datasets = chart.data.datasets as unknown as LabDataset[];
  next.forEach((d, i) => {
    if (datasets[i] && datasets[i].label === d.label) Object.assign(datasets[i], d);
    else datasets[i] = { ...d };
  });
  datasets.length = next.length;
}

/** Options fixed per measure: a new options object would make Chart.js resolve every option again on each update; handlers read `live` at the time of the event. */
function optionsFor(measure: ChartMeasure, live: { current: Live }): ChartOptions<'line'> {
  return {
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    parsing: false,
    normalized: true,
    interaction: { mode: 'nearest', intersect: false },
    scales: {
      // Agent counts are short labels: no rotation to try (each update measures the labels for it).
      // Whole numbers only: an empty chart drew 0.2, 0.4 … agents.
      x: { type: 'linear', title: { display: true, text: 'agents' }, ticks: { maxRotation: 0, precision: 0 } },
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

function MeasureChart({ measure, data, queue, name, theme }: { measure: ChartMeasure; data: LiveChartData; queue: ChartQueue; name: string; theme: 'light' | 'dark' }) {
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const figureRef = useRef<HTMLElement | null>(null);
  const chartRef = useRef<LineChart | null>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    const figure = figureRef.current;
    if (!canvas || !figure) return;
    let chart: LineChart | null = null;
    /** What the chart shows, for its tooltips and clicks. */
    const shown = { current: EMPTY_LIVE };
    let visible = true;
    const draw: Step = () => {
      chart?.draw();
      // What the chart shows, for tests (and a look in the inspector).
      figure.dataset.records = String(shown.current.records.length);
    };
    const refresh: Step = () => {
      const live = data.get();
      if (!chart || live === shown.current) return;
      shown.current = live;
      const target = chart;
      setDatasets(target, labDatasets(live.series, measure));
      withoutDraw(() => target.update('none'));
      return draw;
    };
    let disposed = false;
    const queued: QueuedChart = {
      visible: () => visible,
      update: () => {
        if (disposed) return;
        if (chart) return refresh();
        // Creating a chart costs more than updating one: it is a step of its own, empty.
        chart = withoutDraw(() => new ChartJS(canvas, { type: 'line', data: { datasets: [] }, options: optionsFor(measure, shown), plugins: PLUGINS }) as LineChart);
        chartRef.current = chart;
        return () => {
          draw();
          return refresh;
        };
      },
    };
    queue.add(queued);
    // A chart scrolled out of view waits: it takes the latest data when it comes back.
    let observer: IntersectionObserver | undefined;
    if (typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver((entries) => {
        visible = entries.some((e) => e.isIntersecting);
        if (visible) queue.kick();
      });
      observer.observe(figure);
    }
    return () => {
      // A step of this chart may still be queued (its draw): it finds no chart and does nothing.
      disposed = true;
      observer?.disconnect();
      queue.remove(queued);
      chart?.destroy();
      chart = null;
      chartRef.current = null;
    };
  }, [measure, data, queue, theme]);
  return (
    <figure className="lab-chart" data-testid={`lab-chart-${measure.key}`} data-theme={theme} ref={figureRef}>
      <div className="lab-chart-canvas">
        <canvas ref={canvasRef} role="img" aria-label={measure.title} />
      </div>
      <button
        type="button"
        className="lab-chart-png"
        data-testid={`lab-png-${measure.key}`}
        title="Save this chart as PNG"
        onClick={() => {
          const canvas = chartRef.current?.canvas;
          if (canvas) void saveCanvasPng(canvas, `${slugName(name)}-${measure.key}.png`);
        }}
      >
        PNG
      </button>
    </figure>
  );
}

const MemoChart = memo(MeasureChart);

/**
 * `labels`: the solver settings the definition plans, whose lines are set up before their runs
 * come. `running`: a sweep is adding records, which the charts take at most every INTERVAL_MS
 * (chartQueue.ts); otherwise new records show at once.
 */
/** The charts of LoRR problems' runs. */
const LIFELONG_CHARTS: readonly string[] = ['tasksPerStep', 'initMs', 'maxTurnMs'];

export function LabCharts({ records, labels = [], name, running = false, experiment = null }: { records: readonly RunRecord[]; labels?: readonly string[]; name: string; running?: boolean; experiment?: Experiment | null }) {
  const data = useMemo(() => new LiveChartData(), []);
  const theme = useSlice(themeStore, (s) => s.effective);
  applyChartTheme(theme);
  // Path steps (Patel, "Dealing with moving obstacles") only mean something among moving obstacles: that chart comes with the first such run.
  const amongObstacles = records.some((r) => Number.isFinite(r.pathStepsComputed));
  // The measured region's charts come with the first run that measured one.
  const measuredRegion = records.some((r) => Number.isFinite(r.regionThroughput));
  // The proved lower bound's charts come with the first run of a solver that proves one (cbs, eecbs, lacam-star).
  const bounded = records.some((r) => Number.isFinite(r.costLowerBound));
  // LoRR problems' runs (lifelong): their throughput against team size and planning times, nothing of paths and costs.
  const lifelong = records.some((r) => Number.isFinite(r.tasksPerStep));
  const queue = useMemo(() => new ChartQueue((run, ms) => void window.setTimeout(run, ms)), []);
  // Rendering only hands the records over; the charts' work is the queue's, in steps of its own.
  useEffect(() => {
    if (data.set(records, labels)) queue.invalidate(!running);
  }, [records, labels, running, data, queue]);
  // Empty charts are created when the lab opens: creating a chart is the costliest thing they
  // do, so a sweep only updates them.
  return (
    <div className="lab-charts" data-testid="lab-charts" data-records={records.length}>
      {records.length === 0 && <p className="lab-note" data-testid="lab-charts-empty">The lines appear as runs finish.</p>}
      {CHART_MEASURES.filter((m) => (lifelong ? LIFELONG_CHARTS.includes(m.key) : m.key !== 'tasksPerStep') && (m.key !== 'pathStepsComputed' || amongObstacles) && ((m.key !== 'regionThroughput' && m.key !== 'regionMeanWait' && m.key !== 'regionCrossingRate') || measuredRegion) && ((m.key !== 'costLowerBound' && m.key !== 'costOverBound') || bounded)).map((m) => <MemoChart key={m.key} measure={m} data={data} queue={queue} name={name} theme={theme} />)}
      {experiment?.doorFlow && experiment.region && records.length > 0 && <DoorFlowChart experiment={experiment} records={records} theme={theme} />}
      {lifelong && <ThroughputKnees records={records} />}
    </div>
  );
}

/** Where adding robots stops adding throughput, a sentence per planner and problem, under the lifelong charts. */
function ThroughputKnees({ records }: { records: readonly RunRecord[] }) {
  const knees = useMemo(() => throughputKnees(records), [records]);
  return (
    <ul className="lab-knees" data-testid="lab-knees" aria-label="Where adding robots stops adding throughput">
      {knees.map((k) => <li key={k.label} data-testid="lab-knee">{kneeSentence(k)}</li>)}
    </ul>
  );
}
