// The engine crowd models as registry solvers: continuous runs with a track of real positions
// beside the cell per turn, judged by arrivals, stuck units and overlapping discs.
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { OCTILE_NO_CUT } from '../../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../../core/mapf/instance.ts';
import { CONTROLLERS, findSolver, solveWith } from '../../../../core/registry/registry.ts';
import { measureSolver } from '../../../../core/simulation/measure.ts';
import { checkCrowdTrack, measureCrowd } from '../../../../core/contract/crowdTrack.ts';

function instanceOf(rows: string[], units: [[number, number], [number, number]][]): MapfInstance {
  const grid = Grid.fromAscii(rows);
  return { grid, movement: OCTILE_NO_CUT, agents: units.map(([s, g]) => ({ start: grid.cell(s[0], s[1]), goal: grid.cell(g[0], g[1]) })) };
}

// Four units cross a room through each other's starts.
const crossing = instanceOf(
  ['..........', '..........', '..........', '..........', '..........', '..........'],
  [[[0, 0], [9, 5]], [[9, 5], [0, 0]], [[0, 5], [9, 0]], [[9, 0], [0, 5]]],
);

// A dead end one cell wide: unit 2 parks on (3, 1), in the way of unit 1 heading for (4, 1) behind
// it; discs of radius 0.3 cannot pass each other in a cell-wide corridor.
const deadEnd = instanceOf(['######', '.....#', '######'], [[[0, 1], [4, 1]], [[2, 1], [3, 1]]]);

// A wall between the two halves with a two-cell door, two units each way: engine crowds may jam
// here (that is what the lab shows), so only the walls are asserted.
const door = instanceOf(
  ['....#....', '....#....', '.........', '.........', '....#....', '....#....'],
  [[[0, 0], [8, 5]], [[0, 5], [8, 0]], [[8, 2], [0, 3]], [[8, 3], [0, 2]]],
);

describe.each(['orca', 'flow-field', 'detour'])('%s', (name) => {
  const entry = findSolver(name)!;

  it('is listed in the registry with the shared disc params', () => {
    expect(entry).toBeDefined();
    const params = entry.params!.map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['radius', 'maxSpeed', 'acceleration', 'stepsPerTurn', 'stuckTurns']));
  });

  it('gets four units across a room through each other: all arrive, no overlaps, solved', async () => {
    await entry.prepare?.();
    const result = solveWith(entry, crossing, {});
    expect(result.message).toBeUndefined();
    expect(result.status).toBe('solved');
    const track = result.crowd!;
    checkCrowdTrack(track);
    const measures = measureCrowd(track);
    expect(measures.arrived).toBe(4);
    expect(measures.overlaps).toBe(0);
    // The grid plan is each unit's cell per turn, ending on its goal, never in a wall.
    result.paths.forEach((path, a) => {
      expect(path[0]).toBe(crossing.agents[a].start);
      expect(path[path.length - 1]).toBe(crossing.agents[a].goal);
      expect(path.every((cell) => crossing.grid.isFree(cell))).toBe(true);
      expect(path.length).toBe(track.arrivals[a] + 1);
    });
    // Positions are reals within the map, moving at most the maximum speed a turn.
    for (let t = 1; t <= track.turns; t++) {
      for (let a = 0; a < track.agents; a++) {
        const i = (t * track.agents + a) * 2;
        const j = ((t - 1) * track.agents + a) * 2;
        expect(Math.hypot(track.positions[i] - track.positions[j], track.positions[i + 1] - track.positions[j + 1])).toBeLessThanOrEqual(track.maxSpeed * 1.05);
      }
    }
  });

  it('keeps discs out of the walls at a door crossed both ways, and says how the run ended', async () => {
    await entry.prepare?.();
    const result = solveWith(entry, door, {});
    const track = result.crowd!;
    for (let t = 0; t <= track.turns; t++) {
      for (let a = 0; a < track.agents; a++) {
        const i = (t * track.agents + a) * 2;
        expect(door.grid.isFreeXY(Math.floor(track.positions[i]), Math.floor(track.positions[i + 1]))).toBe(true);
      }
    }
    const measures = measureCrowd(track);
    if (result.status === 'solved') expect(measures.arrived).toBe(4);
    else expect(result.message).toMatch(/^arrived \d of 4/);
  });

  it('reports units that cannot get past each other in a dead end as stuck, not solved', async () => {
    await entry.prepare?.();
    const result = solveWith(entry, deadEnd, { params: { stuckTurns: 10 } });
    expect(result.status).toBe('failed');
    // Which one ends short depends on the model (ORCA pushes the parked unit on, Detour stops both).
    expect(result.message).toMatch(/^arrived [01] of 2, [12] stuck \(units? [12]/);
    expect(result.stats.stuck).toBeGreaterThanOrEqual(1);
    expect(result.stats.arrived + result.stats.stuck).toBe(2);
  });

  it('answers unsolvable for a goal walled off, naming the unit', async () => {
    await entry.prepare?.();
    const walled = instanceOf(['..#.'], [[[0, 0], [3, 0]]]);
    const result = solveWith(entry, walled, {});
    expect(result.status).toBe('unsolvable');
    expect(result.message).toMatch(/unit 1 cannot reach its goal \(3, 0\)/);
  });

  it('refuses an unknown param, naming it', () => {
    expect(() => entry.solve(crossing, { params: { speed: 2 } })).toThrow(/unknown param 'speed'/);
  });

  it('is measured from its own track (mapf-lab solve, experiments), not replayed under the grid\'s rules', async () => {
    await entry.prepare?.();
    const measured = measureSolver(entry, crossing, {}, CONTROLLERS);
    expect(measured.status).toBe('solved');
    const { simulation } = measured;
    expect(simulation.run.successes).toBe(4);
    expect(simulation.run.collisions).toBe(0);
    expect(simulation.paths.map((p) => p[p.length - 1])).toEqual(crossing.agents.map((a) => a.goal));
    expect(simulation.replay.turns).toBe(measured.solverStats!.turns);
  });

  it('stops at once when cancelled', async () => {
    await entry.prepare?.();
    const result = entry.solve(crossing, { shouldStop: () => true });
    expect(result.status).toBe('cancelled');
  });
});
