/**
 * A stream's throughput over the run, under the replay's timeline: deliveries (goals reached and
 * exits) in the 10 turns up to each turn (a lifelong LoRR run's: tasks finished), the replay's turn marked, the value under the pointer
 * shown, and a click moves the replay there. Axes and pointer mapping are the queue chart's
 * (queueChartModel.ts); the series is throughputChartModel.ts's.
 */
import { type MouseEvent, useMemo, useState } from 'react';
import { replayStore, seek } from '../state/replayState.ts';
import { useSlice } from '../state/store.ts';
import { lastTurn, useCurrentOutcome } from '../solve/plan.ts';
import { setPlaying } from '../replay/player.ts';
import { TurnChartAxes } from './TurnChartAxes.tsx';
import { modelStore } from '../state/modelStore.ts';
import { realRate } from '../../../core/experiments/rateUnits.ts';
import { turnAtX, xOfTurn, yOfValue } from './queueChartModel.ts';
import { THROUGHPUT_PLOT as plot, THROUGHPUT_WINDOW, trailingSums } from './throughputChartModel.ts';

export function ThroughputChart() {
  const outcome = useCurrentOutcome();
  const t = useSlice(replayStore, (s) => s.t);
  // The game's turn length (Scenario panel): the run's rate a minute too.
  const scale = useSlice(modelStore, (s) => s.scale);
  const [hover, setHover] = useState<number | null>(null);
  const streams = outcome?.streams;
  // A lifelong run (LoRR): tasks finished during step t land at turn t + 1.
  const lifelong = streams ? undefined : outcome?.lifelong?.run;
  const series = useMemo(() => (streams ? trailingSums(streams.goalsReached) : lifelong ? trailingSums([0, ...lifelong.finishedPerStep]) : []), [streams, lifelong]);
  if ((!streams && !lifelong) || series.length === 0) return null;
  const what = streams ? 'delivered' : 'tasks finished';
  const overall = streams ? streams.throughput : (THROUGHPUT_WINDOW * lifelong!.tasksFinished) / Math.max(1, lifelong!.steps);
  const last = Math.max(0, outcome!.analysis.turns);
  const top = Math.max(1, ...series);
  const x = (turn: number) => xOfTurn(plot, last, turn);
  const y = (value: number) => yOfValue(plot, top, value);
  const points = series.map((v, turn) => `${x(turn).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const now = Math.min(Math.floor(t), last);
  const turnOf = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return turnAtX(plot, last, ((event.clientX - box.left) / box.width) * plot.width);
  };
  const valueAt = (turn: number) => series[Math.min(turn, series.length - 1)] ?? 0;
  const shown = hover ?? now;
  const bottom = plot.height - plot.bottom;
  return (
    <figure className="throughput-figure" data-testid="throughput">
      <svg
        className="throughput-chart"
        viewBox={`0 0 ${plot.width} ${plot.height}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`${streams ? 'Deliveries' : 'Tasks finished'} per ${THROUGHPUT_WINDOW} turns over the run, at most ${top}; click a turn to replay it`}
        data-testid="throughput-chart"
        data-turns={last}
        onMouseMove={(e) => setHover(turnOf(e))}
        onMouseLeave={() => setHover(null)}
        onClick={(e) => {
          setPlaying(false, lastTurn);
          seek(turnOf(e), lastTurn());
        }}
      >
        <TurnChartAxes plot={plot} last={last} top={top} xTicks={10} yTicks={2} labelGap={12} />
        <polyline points={points} fill="none" stroke="#2b9348" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
        <line x1={x(now)} x2={x(now)} y1={plot.top} y2={bottom} stroke="#e0a030" strokeWidth="1" vectorEffect="non-scaling-stroke" data-testid="throughput-now" />
        {hover !== null && <line x1={x(hover)} x2={x(hover)} y1={plot.top} y2={bottom} stroke="currentColor" strokeDasharray="2 2" vectorEffect="non-scaling-stroke" />}
        <circle cx={x(shown)} cy={y(valueAt(shown))} r="2.5" fill="#2b9348" />
      </svg>
      <figcaption className="throughput-readout" data-testid="throughput-value">
        {hover !== null
          ? `turn ${hover}: ${valueAt(hover)} ${what} in the last ${THROUGHPUT_WINDOW} turns (click to replay it)`
          : `Throughput: ${valueAt(now)} ${what} in the ${THROUGHPUT_WINDOW} turns to turn ${now}; ${overall.toFixed(2)} per ${THROUGHPUT_WINDOW} turns${realRate(overall, scale, false)} over the run`}
      </figcaption>
    </figure>
  );
}
