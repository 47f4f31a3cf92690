/**
 * The axes of a chart over the run's turns (the queue next to a region, a stream's throughput):
 * turns below, the value on the left, each with round ticks (queueChartModel's).
 */
import { type QueuePlot, ticks, xOfTurn, yOfValue } from './queueChartModel.ts';

interface Props {
  plot: QueuePlot;
  /** The last turn (the x axis's end) and the y axis's top value. */
  last: number;
  top: number;
  /** About how many ticks on each axis. */
  xTicks: number;
  yTicks: number;
  /** Tick labels' distance below the x axis, px. */
  labelGap: number;
}

export function TurnChartAxes({ plot, last, top, xTicks, yTicks, labelGap }: Props) {
  const x = (turn: number) => xOfTurn(plot, last, turn);
  const y = (value: number) => yOfValue(plot, top, value);
  const bottom = plot.height - plot.bottom;
  return (
    <>
      <line x1={plot.left} x2={plot.width - plot.right} y1={bottom} y2={bottom} stroke="currentColor" strokeWidth="1" />
      <line x1={plot.left} x2={plot.left} y1={plot.top} y2={bottom} stroke="currentColor" strokeWidth="1" />
      {ticks(last, xTicks).map((turn) => (
        <g key={`x${turn}`}>
          <line x1={x(turn)} x2={x(turn)} y1={bottom} y2={bottom + 3} stroke="currentColor" />
          <text x={x(turn)} y={bottom + labelGap} fontSize="9" textAnchor="middle" fill="currentColor">{turn}</text>
        </g>
      ))}
      {ticks(top, yTicks).map((value) => (
        <g key={`y${value}`}>
          <line x1={plot.left - 3} x2={plot.left} y1={y(value)} y2={y(value)} stroke="currentColor" />
          <text x={plot.left - 5} y={y(value) + 3} fontSize="9" textAnchor="end" fill="currentColor">{value}</text>
        </g>
      ))}
    </>
  );
}
