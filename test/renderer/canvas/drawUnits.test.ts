import { describe, expect, it } from 'vitest';
import { colourGroups, drawGoals, drawUnits, type UnitsScene } from '../../../renderer/src/canvas/drawUnits.ts';
import type { ScenarioAgent } from '../../../core/scenario/schema.ts';
import { ABSENT } from '../../../core/mapf/plan.ts';

/** A 2D context that records the calls the batched drawing makes (no canvas in node). */
function recorder() {
  const calls: { name: string; args: unknown[]; fillStyle: unknown; strokeStyle: unknown }[] = [];
  const state: Record<string, unknown> = { fillStyle: '', strokeStyle: '' };
  const context = new Proxy(state, {
    get(target, key: string) {
      if (key in target) return target[key];
      return (...args: unknown[]) => calls.push({ name: key, args, fillStyle: target.fillStyle, strokeStyle: target.strokeStyle });
    },
    set(target, key: string, value) {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
  return { context, calls };
}

const unit = (i: number, colour: string, goal: [number, number]): ScenarioAgent => ({ id: `u${i}`, name: `u${i}`, colour, start: [i, 0], goal, priority: 0, size: 1, speed: 1 }) as ScenarioAgent;

describe('batched unit drawing', () => {
  const width = 10;
  const agents = Array.from({ length: 9 }, (_, i) => unit(i, i % 3 === 0 ? '#ff0000' : '#00ff00', [i, 1]));
  const view = { cellSize: 10, offsetX: 0, offsetY: 0 };
  // Every unit walks from (i, 0) to (i, 1) except unit 5, which stays (so ends off its goal), and unit 7, absent at turn 1.
  const paths = agents.map((_, i) => (i === 5 ? [5, 5] : i === 7 ? [7, ABSENT] : [i, width + i]));
  const scene = (t: number): UnitsScene => ({ agents, view, width, paths, t, radius: 3, selection: new Set(['u2']), showNumbers: false });

  it('groups units by colour once per units array', () => {
    const groups = colourGroups(agents);
    expect(groups.colours).toEqual(['#ff0000', '#00ff00']);
    expect([...groups.order.subarray(groups.starts[0], groups.starts[1])]).toEqual([0, 3, 6]);
    expect(colourGroups(agents)).toBe(groups);
  });

  it('fills the discs with one fill per colour, rings the unit off its goal and the selected one, skips the absent', () => {
    const { context, calls } = recorder();
    drawUnits(context, scene(1));
    const fills = calls.filter((c) => c.name === 'fill');
    expect(fills.map((c) => c.fillStyle)).toEqual(['#ff0000', '#00ff00']);
    // 9 units, one absent at turn 1: 8 discs, then unit 6's ring (it stays off its goal), then unit 3's selection ring.
    const arcs = calls.filter((c) => c.name === 'arc');
    expect(arcs.length).toBe(8 + 1 + 1);
    const ring = arcs[8].args as number[];
    expect([ring[0], ring[1]]).toEqual([55, 5]);
    const strokes = calls.filter((c) => c.name === 'stroke');
    expect(strokes.map((c) => c.strokeStyle)).toEqual(['#e5383b', '#111318']);
  });

  it('outlines every goal with one stroke per colour', () => {
    const { context, calls } = recorder();
    drawGoals(context, agents, view);
    expect(calls.filter((c) => c.name === 'rect').length).toBe(9);
    expect(calls.filter((c) => c.name === 'stroke').map((c) => c.strokeStyle)).toEqual(['#ff0000', '#00ff00']);
  });
});

describe('turning units (LoRR robots): wedge and number', () => {
  it('draw each number over its wedge with a dark rim, so white digits stay readable on the white wedge', () => {
    const agents = [unit(0, '#ff0000', [5, 5]), unit(1, '#00ff00', [6, 5])];
    const { context, calls } = recorder();
    drawUnits(context, { agents, view: { cellSize: 30, offsetX: 0, offsetY: 0 }, width: 10, paths: [[0, 0], [1, 1]], t: 0, radius: 12, selection: new Set(), showNumbers: true, headings: [[0, 0], [1, 1]] });
    const lastWedge = calls.map((c) => c.name).lastIndexOf('fill');
    const numbers = calls.filter((c) => c.name === 'fillText');
    expect(numbers.map((c) => c.args[0])).toEqual(['1', '2']);
    for (const number of numbers) {
      const at = calls.indexOf(number);
      expect(at).toBeGreaterThan(lastWedge);
      const rim = calls[at - 1];
      expect(rim.name).toBe('strokeText');
      expect(rim.args).toEqual(number.args);
      expect(String(rim.strokeStyle)).toMatch(/^rgba\(17, 19, 24/);
    }
  });
});
