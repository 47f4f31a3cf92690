import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import type { ScenarioAgent } from '../../../core/scenario/schema.ts';
import { drawDynamic, type DynamicScene } from '../../../renderer/src/canvas/drawDynamic.ts';
import type { ReplayAnalysis } from '../../../renderer/src/replay/analysis.ts';
import { covers, crowdPositionAt, nearestUnitShownAt, positionAt, unitPosition } from '../../../renderer/src/replay/position.ts';
import { CROWD_TRACK_FORMAT, CROWD_TRACK_VERSION, type CrowdTrack } from '../../../core/contract/crowdTrack.ts';

describe('positionAt (follow mode and the dynamic layer)', () => {
  // Width 4: cells 0 (0,0), 1 (1,0), 5 (1,1).
  const path = [0, 1, 5, 5];

  it('is the cell centre on whole turns and moves linearly between them', () => {
    expect(positionAt(path, 0, 4, 1)).toEqual([0.5, 0.5]);
    expect(positionAt(path, 1, 4, 1)).toEqual([1.5, 0.5]);
    expect(positionAt(path, 0.25, 4, 1)).toEqual([0.75, 0.5]);
    expect(positionAt(path, 1.5, 4, 1)).toEqual([1.5, 1]);
  });

  it('holds the first and last cell outside the path', () => {
    expect(positionAt(path, -3, 4, 1)).toEqual([0.5, 0.5]);
    expect(positionAt(path, 9.5, 4, 1)).toEqual([1.5, 1.5]);
  });

  it("is the centre of a large unit's footprint: a size-2 unit anchored at (x, y) covers x..x+1, y..y+1", () => {
    // Anchored at (0,0) its centre is the corner shared by (0,0), (1,0), (0,1) and (1,1).
    expect(positionAt(path, 0, 4, 2)).toEqual([1, 1]);
    expect(positionAt(path, 1, 4, 2)).toEqual([2, 1]);
    expect(positionAt(path, 1.5, 4, 2)).toEqual([2, 1.5]);
    expect(positionAt(path, 9, 4, 3)).toEqual([2.5, 2.5]);
  });
});

describe('unitPosition (a unit with or without a plan)', () => {
  const unit = (size: number) => ({ start: [1, 0] as const, size });

  it('puts a unit without a plan on the centre of its footprint at its start', () => {
    expect(unitPosition(unit(1), undefined, 3, 4)).toEqual([1.5, 0.5]);
    expect(unitPosition(unit(1), [], 3, 4)).toEqual([1.5, 0.5]);
    expect(unitPosition(unit(2), undefined, 3, 4)).toEqual([2, 1]);
  });

  it('puts a unit with a plan where it stood without one, at turn 0 (no jump when the plan arrives)', () => {
    // Width 4: the plan starts on the start cell 1 (1,0) and moves down to 5 (1,1).
    for (const size of [1, 2]) expect(unitPosition(unit(size), [1, 5], 0, 4)).toEqual(unitPosition(unit(size), undefined, 0, 4));
    expect(unitPosition(unit(1), [1, 5], 0.5, 4)).toEqual([1.5, 1]);
    expect(unitPosition(unit(2), [1, 5], 0.5, 4)).toEqual([2, 1.5]);
  });
});

describe('covers (picking a unit by a cell)', () => {
  it('is true on the k x k square from the anchor and false just past each edge', () => {
    // Size 2 anchored at (3,1): covers (3,1)..(4,2).
    for (const [x, y] of [[3, 1], [4, 1], [3, 2], [4, 2]]) expect(covers(3, 1, 2, x, y)).toBe(true);
    for (const [x, y] of [[2, 1], [5, 1], [3, 0], [3, 3]]) expect(covers(3, 1, 2, x, y)).toBe(false);
    expect(covers(3, 1, 1, 3, 1)).toBe(true);
    expect(covers(3, 1, 1, 4, 1)).toBe(false);
  });
});

/**
 * A 2D context stand-in that records where discs are centred (filled arcs: rings such as the one
 * round a unit that did not arrive are stroked) and where lines go.
 */
function recordingContext() {
  const arcs: [number, number][] = [];
  const radii: number[] = [];
  const lineEnds: [number, number][] = [];
  const lineStarts: [number, number][] = [];
  // Units of one colour are one path of discs (drawUnits.ts): every arc since beginPath is a disc when the path is filled.
  let pending: [number, number, number][] = [];
  const context = new Proxy(
    {
      arc: (x: number, y: number, r: number) => {
        // The moveTo that starts a disc's own subpath (on its rim) is not a line.
        const last = lineStarts.at(-1);
        if (last && last[0] === x + r && last[1] === y) lineStarts.pop();
        pending.push([x, y, r]);
      },
      fill: () => {
        for (const [x, y, r] of pending) {
          arcs.push([x, y]);
          radii.push(r);
        }
        pending = [];
      },
      beginPath: () => (pending = []),
      lineTo: (x: number, y: number) => lineEnds.push([x, y]),
      moveTo: (x: number, y: number) => lineStarts.push([x, y]),
    } as Record<string | symbol, unknown>,
    // Every other method is a no-op; style properties are plain fields.
    { get: (target, key) => (key in target ? target[key] : () => {}) },
  ) as unknown as CanvasRenderingContext2D;
  return { context, arcs, radii, lineEnds, lineStarts };
}

const agent = (id: string, start: [number, number], size = 1): ScenarioAgent => ({ id, name: id, colour: '#ff0000', start, goal: start, priority: 0, size, speed: 1 });
const sceneOf = (grid: Grid, agents: ScenarioAgent[], paths: number[][], t: number, trails: boolean): DynamicScene => ({
  grid,
  agents,
  view: { cellSize: 10, offsetX: 7, offsetY: 3 },
  width: 100,
  height: 100,
  plan: { paths, analysis: { heatMax: 0 } as unknown as ReplayAnalysis },
  t,
  trails,
  labels: false,
  heat: false,
  events: [],
  obstacles: [],
  selection: new Set(),
  preview: null,
  brush: null,
});
const screen = ([x, y]: [number, number]): [number, number] => [7 + x * 10, 3 + y * 10];

describe('drawDynamic draws units where positionAt puts them', () => {
  // . . . .
  // . . . .    unit a walks 0 → 1 → 5 → 6; unit b has no path and stands on its start (3, 1).
  const grid = Grid.fromAscii(['....', '....']);
  const scene = (t: number, trails: boolean) => sceneOf(grid, [agent('a', [0, 0]), agent('b', [3, 1])], [[0, 1, 5, 6], []], t, trails);

  it('centres each disc on its interpolated cell position, or its start without a path', () => {
    for (const t of [0, 0.25, 1.5, 2.75, 9]) {
      const { context, arcs } = recordingContext();
      drawDynamic(context, scene(t, false));
      expect(arcs[0][0]).toBeCloseTo(screen(positionAt([0, 1, 5, 6], t, 4, 1))[0], 9);
      expect(arcs[0][1]).toBeCloseTo(screen(positionAt([0, 1, 5, 6], t, 4, 1))[1], 9);
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

describe('drawDynamic centres large units on their footprint, with or without a plan', () => {
  // . . . . . .
  // . . . . . .    size-2 unit a (anchor (0,0)) walks right: anchors 0 → 1 → 2;
  // . . . . . .    size-2 unit b has no path and stands on its start, anchor (4, 1).
  const grid = Grid.fromAscii(['......', '......', '......']);
  const scene = (t: number, trails: boolean) => sceneOf(grid, [agent('a', [0, 0], 2), agent('b', [4, 1], 2)], [[0, 1, 2], []], t, trails);

  it('draws the disc on the centre of the 2x2 footprint, moving and standing', () => {
    const at = (t: number) => {
      const { context, arcs } = recordingContext();
      drawDynamic(context, scene(t, false));
      return arcs;
    };
    expect(at(0)[0]).toEqual(screen([1, 1])); // covers (0,0)..(1,1): centre (1, 1)
    expect(at(0.5)[0]).toEqual(screen([1.5, 1]));
    expect(at(2)[0]).toEqual(screen([3, 1]));
    expect(at(0)[1]).toEqual(screen([5, 2])); // covers (4,1)..(5,2): centre (5, 2)
  });

  it("draws the planned path and the trail through footprint centres, the trail ending at the disc", () => {
    const { context, arcs, lineStarts, lineEnds } = recordingContext();
    drawDynamic(context, scene(1.5, true));
    // The planned path: from anchor 0's footprint centre through 1's to 2's.
    expect(lineStarts[0]).toEqual(screen([1, 1]));
    expect(lineEnds.slice(0, 2)).toEqual([screen([2, 1]), screen([3, 1])]);
    // The trail: from turn 0's footprint centre, through turn 1's, to the disc.
    expect(lineStarts[1]).toEqual(screen([1, 1]));
    expect(lineEnds.slice(2)).toEqual([screen([2, 1]), screen([2.5, 1])]);
    expect(arcs[0]).toEqual(screen([2.5, 1]));
  });
});

describe('nearestUnitShownAt: a click on a disc drawn larger than its cell', () => {
  // 5x5; unit a at (2, 2) at turn 0, unit b at (4, 4).
  const agents = [{ id: 'a', size: 1 }, { id: 'b', size: 1 }];
  const paths = [[12], [24]];
  it('finds the unit on the cell, else the nearest within reach, else none', () => {
    expect(nearestUnitShownAt(paths, agents, 5, 5, 2, 2, 0, 0)).toBe('a');
    expect(nearestUnitShownAt(paths, agents, 5, 5, 3, 3, 0, 0)).toBeNull();
    expect(nearestUnitShownAt(paths, agents, 5, 5, 1, 1, 0, 1)).toBe('a');
    expect(nearestUnitShownAt(paths, agents, 5, 5, 0, 0, 0, 1)).toBeNull();
    expect(nearestUnitShownAt(paths, agents, 5, 5, 0, 0, 0, 2)).toBe('a');
  });
});

describe('a continuous run (the engine crowd models) is drawn at its real positions', () => {
  // Two units, three recorded turns: unit 1 moves off cell centres, unit 2 stands at (3.2, 1.7).
  const grid = Grid.fromAscii(['....', '....']);
  const track: CrowdTrack = {
    format: CROWD_TRACK_FORMAT, version: CROWD_TRACK_VERSION, width: 4, height: 2, agents: 2, turns: 2, radius: 0.3, maxSpeed: 1,
    positions: Float32Array.from([0.5, 0.5, 3.25, 1.75, 1.25, 0.75, 3.25, 1.75, 2, 1, 3.25, 1.75]),
    arrivals: Int32Array.from([2, 0]), stuckTurns: 20, stepOverlaps: 0, stepDeepest: 0,
  };
  const scene = (t: number, trails = false): DynamicScene => {
    const base = sceneOf(grid, [agent('a', [0, 0]), agent('b', [3, 1])], [[0, 1, 6], [7]], t, trails);
    return { ...base, plan: { ...base.plan!, crowd: track } };
  };

  it('interpolates between the recorded turns and holds the last one after the end', () => {
    expect(crowdPositionAt(track, 0, 0)).toEqual([0.5, 0.5]);
    expect(crowdPositionAt(track, 0, 0.5)).toEqual([0.875, 0.625]);
    expect(crowdPositionAt(track, 0, 1.5)).toEqual([1.625, 0.875]);
    expect(crowdPositionAt(track, 0, 7)).toEqual([2, 1]);
    expect(crowdPositionAt(track, 1, 1.3)).toEqual([3.25, 1.75]);
  });

  it("centres each disc on its real position (not its cell's centre), as large as the model's radius", () => {
    const { context, arcs, radii } = recordingContext();
    drawDynamic(context, scene(0.5));
    expect(arcs[0]).toEqual(screen([0.875, 0.625]));
    expect(arcs[1]).toEqual(screen([3.25, 1.75]));
    // 0.3 cells at 10 px a cell; a grid plan's disc is 0.36 of a cell.
    expect(radii[0]).toBeCloseTo(3, 9);
  });

  it('draws paths and trails through the recorded positions, the trail ending at the disc', () => {
    const { context, arcs, lineStarts, lineEnds } = recordingContext();
    drawDynamic(context, scene(1.5, true));
    expect(lineStarts[0]).toEqual(screen([0.5, 0.5]));
    expect(lineEnds).toContainEqual(screen([1.25, 0.75]));
    expect(lineEnds.at(-1)).toEqual(arcs[0]);
    expect(arcs[0]).toEqual(screen([1.625, 0.875]));
  });
});
