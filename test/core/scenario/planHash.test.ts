/**
 * The hash a kept comparison is checked against: it changes with everything a plan depends on
 * (a wall, a unit's goal, the movement rules, a timed event, an obstacle, a field a later version
 * adds) and not with what plans ignore (the name, the solver settings, the measured regions).
 */
import { describe, expect, it } from 'vitest';
import { gridHash, planHash, scenarioPlanHash } from '../../../core/scenario/planHash.ts';
import { Grid } from '../../../core/grid/grid.ts';
import { gridFromInlineMap } from '../../../core/scenario/inlineMap.ts';
import { parseScenarioJson } from '../../../core/scenario/parse.ts';
import type { Scenario } from '../../../core/scenario/schema.ts';

const base: Scenario = parseScenarioJson(JSON.stringify({
  format: 'mapf-lab/scenario', version: 3, name: 'Bridge',
  map: { kind: 'inline', rows: ['.....', '..@..', '.....'] },
  agents: [{ id: 'a', start: [0, 0], goal: [4, 2] }, { id: 'b', start: [4, 0], goal: [0, 2] }],
  regions: [{ name: 'gap', from: [2, 0], to: [2, 0] }],
}), 'bridge.json');

const hash = (change: (s: Scenario) => Scenario) => scenarioPlanHash(change(structuredClone(base)));

describe('scenarioPlanHash', () => {
  it('is the same for the same content, whatever the name, solver and regions', () => {
    const h = scenarioPlanHash(base);
    expect(hash((s) => s)).toBe(h);
    expect(hash((s) => ({ ...s, name: 'Renamed' }))).toBe(h);
    expect(hash((s) => ({ ...s, solver: { ...s.solver, solver: 'pibt', seed: 7 } }))).toBe(h);
    expect(hash((s) => ({ ...s, regions: [] }))).toBe(h);
  });

  it('changes with everything plans depend on', () => {
    const h = scenarioPlanHash(base);
    const changed = [
      hash((s) => ({ ...s, map: { kind: 'inline', rows: ['.....', '..@..', '..@..'] } })),
      hash((s) => ({ ...s, agents: [s.agents[0], { ...s.agents[1], goal: [1, 2] }] })),
      hash((s) => ({ ...s, connectivity: 8 })),
      hash((s) => ({ ...s, events: [{ t: 3, cells: [[2, 0]], action: 'close' }] })),
      hash((s) => ({ ...s, obstacles: [{ id: 'o', size: 1, speed: 1, route: [[0, 1]], mode: 'once', startTurn: 0 }] })),
      hash((s) => ({ ...s, knowledge: 'timetable' })),
      // A field a later scenario version adds counts unless it is known not to change plans.
      hash((s) => ({ ...s, streams: [{ from: [0, 0] }] }) as Scenario),
    ];
    for (const other of changed) expect(other).not.toBe(h);
    expect(new Set(changed).size).toBe(changed.length);
  });

  it('hashes the map as its grid: a file reference and the same map inline hash alike', () => {
    if (base.map.kind !== 'inline') throw new Error('the base map is inline');
    const grid = gridFromInlineMap(base.map);
    expect(planHash({ ...base, map: { kind: 'file', path: 'bridge.map' } }, grid)).toBe(scenarioPlanHash(base));
    expect(() => scenarioPlanHash({ ...base, map: { kind: 'file', path: 'bridge.map' } })).toThrow(/inline or its grid/);
  });

  it('a painted cell makes the hash stale, painting it back makes it current again, on a large grid too', () => {
    const grid = new Grid(1001, 997);
    const before = gridHash(grid);
    for (const cell of [0, 1, 4, 500_000, grid.cells - 1]) {
      grid.passable[cell] = 0;
      expect(gridHash(grid)).not.toBe(before);
      grid.passable[cell] = 1;
      expect(gridHash(grid)).toBe(before);
    }
    // Two walls swapped between cells: the same count of walls, another map.
    grid.passable[10] = 0;
    const one = gridHash(grid);
    grid.passable[10] = 1;
    grid.passable[11] = 0;
    expect(gridHash(grid)).not.toBe(one);
    // The same cells on a grid of another shape.
    expect(gridHash(new Grid(997, 1001))).not.toBe(gridHash(new Grid(1001, 997)));
  });

  it('weights count when some cell is not 1; weights all 1 are no weights', () => {
    const plain = gridHash(new Grid(5, 3));
    expect(gridHash(new Grid(5, 3, undefined, new Float32Array(15).fill(1)))).toBe(plain);
    const heavy = new Float32Array(15).fill(1);
    heavy[7] = 2;
    expect(gridHash(new Grid(5, 3, undefined, heavy))).not.toBe(plain);
  });
});
