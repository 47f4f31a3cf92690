// The region's queue chart: a pointer's x names the turn drawn there, and the axes' ticks are round.
import { describe, expect, it } from 'vitest';
import { QUEUE_PLOT, ticks, turnAtX, xOfTurn, yOfValue } from '../../../renderer/src/panels/queueChartModel.ts';

describe('the queue chart', () => {
  it('the turn under the pointer is the turn drawn there, at either end too, and clamps outside the plot', () => {
    for (const last of [1, 7, 98, 1000]) {
      for (let t = 0; t <= last; t += Math.max(1, Math.floor(last / 50))) expect(turnAtX(QUEUE_PLOT, last, xOfTurn(QUEUE_PLOT, last, t))).toBe(t);
      expect(turnAtX(QUEUE_PLOT, last, 0)).toBe(0);
      expect(turnAtX(QUEUE_PLOT, last, QUEUE_PLOT.width)).toBe(last);
    }
    expect(turnAtX(QUEUE_PLOT, 0, 100)).toBe(0);
  });

  it('a bigger queue is drawn higher; 0 sits on the x axis', () => {
    expect(yOfValue(QUEUE_PLOT, 4, 0)).toBe(QUEUE_PLOT.height - QUEUE_PLOT.bottom);
    expect(yOfValue(QUEUE_PLOT, 4, 4)).toBe(QUEUE_PLOT.top);
    expect(yOfValue(QUEUE_PLOT, 4, 3)).toBeLessThan(yOfValue(QUEUE_PLOT, 4, 1));
  });

  it('ticks run from 0 to the end in round steps', () => {
    expect(ticks(98, 5)).toEqual([0, 20, 40, 60, 80, 98]);
    expect(ticks(4, 3)).toEqual([0, 2, 4]);
    expect(ticks(1, 3)).toEqual([0, 1]);
    expect(ticks(0, 5)).toEqual([0]);
    expect(ticks(1000, 5)).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(ticks(101, 5)).toEqual([0, 50, 101]);
  });
});
