/**
 * A stream's throughput over the run, under the replay's timeline: deliveries (goals reached and
 * exits) in the 10 turns up to each turn, the replay's turn marked, the value under the pointer
 * shown, and a click moves the replay there. Axes and pointer mapping are the queue chart's
 * (queueChartModel.ts); the series is throughputChartModel.ts's.
 */
import { type MouseEvent, useMemo, useState } from 'react';
import { replayStore, seek } from '../state/replayState.ts';
import { useSlice } from '../state/store.ts';
import { lastTurn, useCurrentOutcome } from '../state/plan.ts';
import { setPlaying } from '../replay/player.ts';
import { ticks, turnAtX, xOfTurn, yOfValue } from './queueChartModel.ts';
import { THROUGHPUT_PLOT as plot, THROUGHPUT_WINDOW, trailingSums } from './throughputChartModel.ts';

export function ThroughputChart() {
  const outcome = useCurrentOutcome();
  const t = useSlice(replayStore, (s) => s.t);
  const [hover, setHover] = useState<number | null>(null);
  const streams = outcome?.streams;
  const series = useMemo(() => (streams ? trailingSums(streams.goalsReached) : []), [streams]);
  if (!streams || series.length === 0) return null;
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
        aria-label={`Deliveries per ${THROUGHPUT_WINDOW} turns over the run, at most ${top}; click a turn to replay it`}
        data-testid="throughput-chart"
        data-turns={last}
        onMouseMove={(e) => setHover(turnOf(e))}
        onMouseLeave={() => setHover(null)}
        onClick={(e) => {
          setPlaying(false, lastTurn);
          seek(turnOf(e), lastTurn());
        }}
      >
        <line x1={plot.left} x2={plot.width - plot.right} y1={bottom} y2={bottom} stroke="currentColor" strokeWidth="1" />
        <line x1={plot.left} x2={plot.left} y1={plot.top} y2={bottom} stroke="currentColor" strokeWidth="1" />
        {ticks(last, 10).map((turn) => (
          <g key={`x${turn}`}>
            <line x1={x(turn)} x2={x(turn)} y1={bottom} y2={bottom + 3} stroke="currentColor" />
            <text x={x(turn)} y={bottom + 12} fontSize="9" textAnchor="middle" fill="currentColor">{turn}</text>
          </g>
        ))}
        {ticks(top, 2).map((value) => (
          <g key={`y${value}`}>
            <line x1={plot.left - 3} x2={plot.left} y1={y(value)} y2={y(value)} stroke="currentColor" />
            <text x={plot.left - 5} y={y(value) + 3} fontSize="9" textAnchor="end" fill="currentColor">{value}</text>
          </g>
        ))}
        <polyline points={points} fill="none" stroke="#2b9348" strokeWidth="1.5" vectorEffect="non-scaling-stroke" />
        <line x1={x(now)} x2={x(now)} y1={plot.top} y2={bottom} stroke="#e0a030" strokeWidth="1" vectorEffect="non-scaling-stroke" data-testid="throughput-now" />
        {hover !== null && <line x1={x(hover)} x2={x(hover)} y1={plot.top} y2={bottom} stroke="currentColor" strokeDasharray="2 2" vectorEffect="non-scaling-stroke" />}
        <circle cx={x(shown)} cy={y(valueAt(shown))} r="2.5" fill="#2b9348" />
      </svg>
      <figcaption className="throughput-readout" data-testid="throughput-value">
        {hover !== null
          ? `turn ${hover}: ${valueAt(hover)} delivered in the last ${THROUGHPUT_WINDOW} turns (click to replay it)`
          : `Throughput: ${valueAt(now)} delivered in the ${THROUGHPUT_WINDOW} turns to turn ${now}; ${streams.throughput.toFixed(2)} per ${THROUGHPUT_WINDOW} turns over the run`}
      </figcaption>
    </figure>
  );
}
