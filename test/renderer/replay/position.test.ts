import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import type { ScenarioAgent } from '../../../core/scenario/schema.ts';
import { drawDynamic, type DynamicScene } from '../../../renderer/src/canvas/drawDynamic.ts';
import type { ReplayAnalysis } from '../../../renderer/src/replay/analysis.ts';
import { positionAt } from '../../../renderer/src/replay/position.ts';

describe('positionAt (follow mode and the dynamic layer)', () => {
  // Width 4: cells 0 (0,0), 1 (1,0), 5 (1,1).
  const path = [0, 1, 5, 5];

  it('is the cell centre on whole turns and moves linearly between them', () => {
    expect(positionAt(path, 0, 4)).toEqual([0.5, 0.5]);
    expect(positionAt(path, 1, 4)).toEqual([1.5, 0.5]);
    expect(positionAt(path, 0.25, 4)).toEqual([0.75, 0.5]);
    expect(positionAt(path, 1.5, 4)).toEqual([1.5, 1]);
  });

  it('holds the first and last cell outside the path', () => {
    expect(positionAt(path, -3, 4)).toEqual([0.5, 0.5]);
    expect(positionAt(path, 9.5, 4)).toEqual([1.5, 1.5]);
  });
});

/** A 2D context stand-in that records where discs are centred and where lines end. */
function recordingContext() {
  const arcs: [number, number][] = [];
  const lineEnds: [number, number][] = [];
  const context = new Proxy(
    {
      arc: (x: number, y: number) => arcs.push([x, y]),
      lineTo: (x: number, y: number) => lineEnds.push([x, y]),
    } as Record<string | symbol, unknown>,
    // Every other method is a no-op; style properties are plain fields.
    { get: (target, key) => (key in target ? target[key] : () => {}) },
  ) as unknown as CanvasRenderingContext2D;
  return { context, arcs, lineEnds };
}

describe('drawDynamic draws units where positionAt puts them', () => {
  // . . . .
  // . . . .    unit a walks 0 → 1 → 5 → 6; unit b has no path and stands on its start (3, 1).
  const grid = Grid.fromAscii(['....', '....']);
  const agent = (id: string, start: [number, number]): ScenarioAgent => ({ id, name: id, colour: '#ff0000', start, goal: start, priority: 0, size: 1, speed: 1 });
  const scene = (t: number, trails: boolean): DynamicScene => ({
    grid,
    agents: [agent('a', [0, 0]), agent('b', [3, 1])],
    view: { cellSize: 10, offsetX: 7, offsetY: 3 },
    width: 100,
    height: 100,
    plan: { paths: [[0, 1, 5, 6], []], analysis: { heatMax: 0 } as unknown as ReplayAnalysis },
    t,
    trails,
    labels: false,
    heat: false,
    events: [],
    selection: new Set(),
    preview: null,
    brush: null,
  });
  const screen = ([x, y]: [number, number]): [number, number] => [7 + x * 10, 3 + y * 10];

  it('centres each disc on its interpolated cell position, or its start without a path', () => {
    for (const t of [0, 0.25, 1.5, 2.75, 9]) {
      const { context, arcs } = recordingContext();
      drawDynamic(context, scene(t, false));
      expect(arcs[0][0]).toBeCloseTo(screen(positionAt([0, 1, 5, 6], t, 4))[0], 9);
      expect(arcs[0][1]).toBeCloseTo(screen(positionAt([0, 1, 5, 6], t, 4))[1], 9);
      expect(arcs[1]).toEqual(screen([3.5, 1.5]));
    }
    // Half way from (1, 0) to (1, 1): the disc is between the two cell centres.
    const { context, arcs } = recordingContext();
    drawDynamic(context, scene(1.5, false));
    expect(arcs[0]).toEqual([22, 13]);
  });

  it("ends a trail at the unit's disc", () => {
    const { context, arcs, lineEnds } = recordingContext();
    drawDynamic(context, scene(2.25, true));
    expect(lineEnds.at(-1)).toEqual(arcs[0]);
    expect(arcs[0][0]).toBeCloseTo(24.5, 9);
    expect(arcs[0][1]).toBeCloseTo(18, 9);
  });
});
