// The scenario's units as the crowd models move them: a unit's size scales its disc (radius times
// its footprint's side, centred on the footprint), its speed (turns per move) divides its maximum
// speed, and its priority makes it yield less (ORCA's responsibility, flow field's separation).
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { OCTILE_NO_CUT } from '../../../../core/grid/movement.ts';
import type { AgentTask, MapfInstance } from '../../../../core/mapf/instance.ts';
import { findSolver, prepareSolvers, solveWith } from '../../../../core/registry/registry.ts';
import { measureCrowd } from '../../../../core/contract/crowdTrack.ts';
import { crowdTrackSchema } from '../../../../core/protocol/schema.ts';

const open = (w: number, h: number) => Grid.fromAscii(Array.from({ length: h }, () => '.'.repeat(w)));

function instanceOf(grid: Grid, agents: AgentTask[]): MapfInstance {
  return { grid, movement: OCTILE_NO_CUT, agents };
}

describe.each(['orca', 'flow-field', 'detour'])('%s', (name) => {
  const entry = findSolver(name)!;

  it('a unit of speed 2 moves at most half the maximum speed a turn and arrives later than one of speed 1', async () => {
    await prepareSolvers();
    const grid = open(20, 5);
    const result = solveWith(entry, instanceOf(grid, [{ start: grid.cell(0, 0), goal: grid.cell(15, 0) }, { start: grid.cell(0, 4), goal: grid.cell(15, 4), speed: 2 }]), {});
    const track = result.crowd!;
    expect(track.arrivals[0]).toBeGreaterThan(0);
    expect(track.arrivals[1]).toBeGreaterThan(track.arrivals[0] + 8);
    let fastest = 0;
    for (let t = 1; t <= track.turns; t++) {
      const i = (t * 2 + 1) * 2;
      const j = ((t - 1) * 2 + 1) * 2;
      fastest = Math.max(fastest, Math.hypot(track.positions[i] - track.positions[j], track.positions[i + 1] - track.positions[j + 1]));
    }
    expect(fastest).toBeLessThanOrEqual(0.5 + 1e-3);
    expect(fastest).toBeGreaterThan(0.4);
  });

  it('a unit of size 2 is a disc twice as wide, centred on its footprint, and arrives on its goal footprint', async () => {
    await prepareSolvers();
    const grid = open(14, 8);
    const instance = instanceOf(grid, [{ start: grid.cell(0, 0), goal: grid.cell(11, 5), size: 2 }, { start: grid.cell(0, 7), goal: grid.cell(6, 7) }]);
    const result = solveWith(entry, instance, {});
    const track = result.crowd!;
    expect(Array.from(track.sizes!)).toEqual([2, 1]);
    // The sizes cross the solver protocol with the track.
    expect(Array.from(crowdTrackSchema.parse(track).sizes!)).toEqual([2, 1]);
    expect([track.positions[0], track.positions[1]]).toEqual([1, 1]);
    expect(track.arrivals[0]).toBeGreaterThan(0);
    // Its path ends on its footprint's top-left cell.
    expect(result.paths[0].at(-1)).toBe(grid.cell(11, 5));
    const end = (track.turns * 2) * 2;
    expect(Math.hypot(track.positions[end] - 12, track.positions[end + 1] - 6)).toBeLessThan(0.5);
    // Overlaps are judged with its own radius: the measure agrees with the track's pairs at every turn.
    let deepest = 0;
    for (let t = 0; t <= track.turns; t++) {
      const i = t * 4;
      const d = Math.hypot(track.positions[i] - track.positions[i + 2], track.positions[i + 1] - track.positions[i + 3]);
      deepest = Math.max(deepest, (3 * track.radius - d) / track.radius);
    }
    expect(measureCrowd(track).deepestOverlap).toBeGreaterThanOrEqual(deepest - 1e-6);
  });
});

describe('priority', () => {
  // Two units cross at right angles in open space, meeting at the centre at the same time: the
  // one of higher priority leaves its straight line less than the other.
  function deviations(solver: string, first: number, second: number): [number, number] {
    const grid = open(21, 21);
    const instance = instanceOf(grid, [{ start: grid.cell(0, 10), goal: grid.cell(20, 10), priority: first }, { start: grid.cell(10, 0), goal: grid.cell(10, 20), priority: second }]);
    const track = solveWith(findSolver(solver)!, instance, {}).crowd!;
    let off0 = 0;
    let off1 = 0;
    for (let t = 0; t <= track.turns; t++) {
      off0 = Math.max(off0, Math.abs(track.positions[t * 4 + 1] - 10.5));
      off1 = Math.max(off1, Math.abs(track.positions[t * 4 + 2] - 10.5));
    }
    return [off0, off1];
  }

  it.each(['orca', 'flow-field'])('%s: the unit of higher priority yields less', (solver) => {
    const [high, low] = deviations(solver, 5, 0);
    expect(high).toBeLessThan(low);
    const [low2, high2] = deviations(solver, 0, 5);
    expect(high2).toBeLessThan(low2);
  });
});
