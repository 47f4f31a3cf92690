// The steering measures on hand-made tracks, and the verdict: a continuous run is solved only when
// every unit arrived and no discs overlapped beyond 10% of the radius, whatever its solver says.
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { OCTILE_NO_CUT } from '../../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../../core/mapf/instance.ts';
import { solveWith } from '../../../../core/registry/registry.ts';
import { CROWD_TRACK_FORMAT, CROWD_TRACK_VERSION, type CrowdTrack, crowdStatusText, measureCrowd } from '../../../../core/contract/crowdTrack.ts';
import type { SolverEntry } from '../../../../core/contract/types.ts';

/** A track from per-turn [x, y] of each unit. */
function track(turns: [number, number][][], arrivals: number[], extra: Partial<CrowdTrack> = {}): CrowdTrack {
  const agents = turns[0].length;
  return {
    format: CROWD_TRACK_FORMAT,
    version: CROWD_TRACK_VERSION,
    width: 10,
    height: 3,
    agents,
    turns: turns.length - 1,
    radius: 0.3,
    maxSpeed: 1,
    positions: Float32Array.from(turns.flat(2)),
    arrivals: Int32Array.from(arrivals),
    stuckTurns: 3,
    stepOverlaps: 0,
    stepDeepest: 0,
    ...extra,
  };
}

describe('measureCrowd', () => {
  it('counts an overlap deeper than 10% of the radius, not a touch within it', () => {
    // Centres 0.5 apart: 0.1 deep, a third of the radius; then 0.58 apart: 0.02 deep, 7%.
    const m = measureCrowd(track([[[1.5, 1.5], [2.0, 1.5]], [[1.5, 1.5], [2.08, 1.5]]], [0, 0]));
    expect(m.overlaps).toBe(1);
    expect(m.deepestOverlap).toBeCloseTo(0.1 / 0.3, 5);
  });

  it('takes the overlaps the simulator saw between recorded turns', () => {
    const m = measureCrowd(track([[[1.5, 1.5], [3.5, 1.5]], [[3.5, 1.5], [1.5, 1.5]]], [1, 1], { stepOverlaps: 2, stepDeepest: 0.6 }));
    expect(m.overlaps).toBe(2);
    expect(m.deepestOverlap).toBeCloseTo(2, 5);
  });

  it('counts waits, reversals and stuck units', () => {
    // Unit 1 goes right, back, right, back (3 reversals), then stands (waits) 4 turns: stuck.
    const path: [number, number][] = [[1.5, 1.5], [2.5, 1.5], [1.5, 1.5], [2.5, 1.5], [1.5, 1.5], [1.5, 1.5], [1.5, 1.5], [1.5, 1.5], [1.5, 1.5]];
    const m = measureCrowd(track(path.map((p) => [p]), [-1]));
    expect(m.reversals).toBe(3);
    expect(m.maxReversals).toBe(3);
    expect(m.waits).toBe(4);
    expect(m.stuck).toBe(1);
    expect(m.stuckUnits).toEqual([1]);
    expect(m.arrived).toBe(0);
    expect(crowdStatusText(m)).toBe('arrived 0 of 1, 1 stuck (unit 1)');
  });

  it('a unit still walking at the end is neither arrived nor stuck', () => {
    const m = measureCrowd(track([0, 1, 2, 3, 4].map((x) => [[x + 0.5, 1.5]]), [-1]));
    expect(m.stuck).toBe(0);
    expect(m.arrived).toBe(0);
  });
});

describe('the verdict on a continuous run', () => {
  const grid = Grid.fromAscii(['..........', '..........', '..........']);
  const instance: MapfInstance = { grid, movement: OCTILE_NO_CUT, agents: [{ start: grid.cell(1, 1), goal: grid.cell(3, 1) }, { start: grid.cell(3, 1), goal: grid.cell(1, 1) }] };
  const claiming = (crowd: CrowdTrack): SolverEntry => ({
    name: 'claims', label: 'claims solved', optimal: false,
    solve: () => ({ solver: 'claims', status: 'solved', paths: [[11, 12, 13], [13, 12, 11]], crowd, stats: { expanded: 0, generated: 0, elapsedMs: 0 } }),
  });

  it('calls two units that walked through each other failed, with the overlaps in the message', () => {
    // 0.2 apart at t = 1: 0.4 deep, 133% of the radius.
    const through = track([[[1.5, 1.5], [3.5, 1.5]], [[2.4, 1.5], [2.6, 1.5]], [[3.5, 1.5], [1.5, 1.5]]], [2, 2]);
    const result = solveWith(claiming(through), instance, {});
    expect(result.status).toBe('failed');
    expect(result.message).toBe('arrived 2 of 2, 1 overlap (deepest 133% of the radius)');
  });

  it('keeps solved for discs sharing a cell without overlapping (the grid rules do not apply)', () => {
    // Both pass through cell (2, 1) at t = 1, 0.6 apart vertically: touching, not overlapping.
    const passing = track([[[1.5, 1.5], [3.5, 1.5]], [[2.5, 1.2], [2.5, 1.8]], [[3.5, 1.5], [1.5, 1.5]]], [2, 2]);
    expect(solveWith(claiming(passing), instance, {}).status).toBe('solved');
  });
});
