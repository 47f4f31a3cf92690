/**
 * A region's queue over the run as a chart a designer reads: turns along the x axis and units
 * queued next to the region up the y axis, with their ticks; the replay's turn marked; the value
 * under the pointer shown; a click moves the replay to that turn (queueChartModel.ts: geometry).
 */
import { type MouseEvent, useState } from 'react';
import type { RegionMeasures } from '../../../core/mapf/regionMeasures.ts';
import { replayStore, seek } from '../state/replayState.ts';
import { useSlice } from '../state/store.ts';
import { lastTurn } from '../solve/plan.ts';
import { setPlaying } from '../replay/player.ts';
import { TurnChartAxes } from './TurnChartAxes.tsx';
import { QUEUE_PLOT as plot, turnAtX, xOfTurn, yOfValue } from './queueChartModel.ts';

export function QueueChart({ measures, testId }: { measures: RegionMeasures; testId: string }) {
  const t = useSlice(replayStore, (s) => s.t);
  const [hover, setHover] = useState<number | null>(null);
  const { queue, maxQueue } = measures;
  const last = Math.max(0, queue.length - 1);
  const top = Math.max(1, maxQueue);
  const x = (turn: number) => xOfTurn(plot, last, turn);
  const y = (value: number) => yOfValue(plot, top, value);
  const points = queue.map((q, turn) => `${x(turn).toFixed(1)},${y(q).toFixed(1)}`).join(' ');
  const now = Math.min(Math.floor(t), last);
  /** The turn under a pointer event, in the chart's own units (the svg may be scaled to its column). */
  const turnOf = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return turnAtX(plot, last, ((event.clientX - box.left) / box.width) * plot.width);
  };
  const shown = hover ?? now;
  const bottom = plot.height - plot.bottom;
  return (
    <figure className="queue-figure">
      <svg
        className="queue-chart"
        width={plot.width}
        height={plot.height}
        viewBox={`0 0 ${plot.width} ${plot.height}`}
        role="img"
        aria-label={`${measures.name}: units queued next to it per turn, at most ${maxQueue}; click a turn to replay it`}
        data-testid={testId}
        data-turns={last}
        onMouseMove={(e) => setHover(turnOf(e))}
        onMouseLeave={() => setHover(null)}
        onClick={(e) => {
          setPlaying(false, lastTurn);
          seek(turnOf(e), lastTurn());
        }}
      >
        {/* Axes with their ticks: turns below, units queued on the left. */}
        <TurnChartAxes plot={plot} last={last} top={top} xTicks={5} yTicks={3} labelGap={13} />
        <text x={(plot.left + plot.width - plot.right) / 2} y={plot.height - 1} fontSize="9" textAnchor="middle" fill="currentColor">turn</text>
        <polyline points={points} fill="none" stroke="#0f9d8a" strokeWidth="1.5" />
        <line x1={x(now)} x2={x(now)} y1={plot.top} y2={bottom} stroke="#e0a030" strokeWidth="1" data-testid={`${testId}-now`} />
        {hover !== null && <line x1={x(hover)} x2={x(hover)} y1={plot.top} y2={bottom} stroke="currentColor" strokeDasharray="2 2" />}
        <circle cx={x(shown)} cy={y(queue[shown] ?? 0)} r="2.5" fill="#0f9d8a" />
      </svg>
      <figcaption className="queue-readout" data-testid={`${testId}-value`}>
        {hover !== null ? `turn ${hover}: ${queue[hover] ?? 0} queued (click to replay it)` : `turn ${now}: ${queue[now] ?? 0} queued next to it; most ${maxQueue}`}
      </figcaption>
    </figure>
  );
}
