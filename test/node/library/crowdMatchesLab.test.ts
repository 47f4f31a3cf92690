// The library's per-frame crowd against the lab's crowd run: the lab's crowd models run a batch
// (no stream), so every unit is added before the first step and each step's positions are compared
// with the lab's track (CrowdTrack.positions, one entry a unit a turn) of the same instance and params.
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED, OCTILE_NO_CUT } from '../../../core/grid/movement.ts';
import { findSolver } from '../../../core/registry/registry.ts';
import { GridMap } from '../../../packages/mapf/src/cells.ts';
import { createCrowd } from '../../../packages/mapf/src/crowd.ts';
import { type CrowdModel, flowField, orca } from '../../../packages/mapf/src/crowdModels.ts';
import { detour } from '../../../packages/mapf/src/crowdDetour.ts';

// Two rooms joined by a door two cells wide; five units a side, each heading for the other room.
const MAP = ['......@......', '......@......', '.............', '.............', '......@......', '......@......'];
const grid = Grid.fromAscii(MAP);
const UNITS: [number, number, number, number][] = [];
for (let k = 0; k < 5; k++) {
  UNITS.push([k % 3, k + 1 - (k >> 2), 12 - (k % 3), 4 - (k >> 2) - (k % 2)]);
  UNITS.push([12 - (k % 3), k, k % 3, 5 - k]);
}

describe('the per-frame crowd moves as the lab\'s crowd run', () => {
  it.each([
    [orca, {}],
    [orca, { timeHorizon: 3, radius: 0.35, stepsPerTurn: 6 }],
    [orca, { connectivity: 4 }],
    [flowField, {}],
    [flowField, { separation: 3, contacts: false }],
    [detour, {}],
    [detour, { avoidanceQuality: 1, maxSpeed: 1.5 }],
  ].map(([model, params]) => [(model as CrowdModel).name, params, model]) as [string, Record<string, unknown>, CrowdModel][])('%s with %o', async (_name, given, model) => {
    const entry = findSolver(model.name)!;
    await entry.prepare?.();
    // connectivity is the crowd's option, the scenario's movement in the lab.
    const { connectivity, ...params } = given;
    const instance = { grid, movement: connectivity === 4 ? FOUR_CONNECTED : OCTILE_NO_CUT, agents: UNITS.map(([sx, sy, gx, gy]) => ({ start: grid.cell(sx, sy), goal: grid.cell(gx, gy) })) };
    const lab = entry.solve(instance, { params });
    // A crowd model may leave units stuck at the door ('failed'): its positions are still compared.
    expect(lab.crowd, lab.message).toBeDefined();
    const track = lab.crowd!;
    const n = UNITS.length;
    const crowd = await createCrowd(new GridMap(grid), { model, params, ...(connectivity === 4 ? { connectivity: 4 as const } : {}) });
    try {
      for (const [sx, sy, gx, gy] of UNITS) crowd.addUnit({ x: sx, y: sy }, { x: gx, y: gy });
      let home = 0;
      for (let t = 1; t <= track.turns; t++) {
        const { units, turn } = crowd.step();
        home = units.filter((u) => u.atGoal).length;
        expect(turn).toBe(t - 1);
        expect(units.map((u) => u.id)).toEqual(UNITS.map((_, a) => a + 1));
        for (let a = 0; a < n; a++) {
          const i = (t * n + a) * 2;
          // The track keeps positions as 32-bit floats.
          expect([Math.fround(units[a].x), Math.fround(units[a].y)], `unit ${a + 1} at turn ${t}`).toEqual([track.positions[i], track.positions[i + 1]]);
        }
      }
      // The comparison covered the whole crossing: by the lab's end its units were home or stuck
      // (as many home on both sides).
      expect(track.turns).toBeGreaterThan(10);
      expect(home).toBe(lab.stats.arrived);
      expect(home).toBeGreaterThanOrEqual(lab.status === 'solved' ? n : 5);
    } finally {
      crowd.dispose();
    }
  });
});
