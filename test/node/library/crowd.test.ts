// The per-frame crowd as a game uses it: units through a door, units that come, go and change
// goals mid-run, and the errors bad input gets.
import { describe, expect, it } from 'vitest';
import { MapfInputError, createCrowd, detour, flowField, gridFromRows, orca } from '../../../packages/mapf/src/index.ts';
import type { CrowdModel } from '../../../packages/mapf/src/crowdModels.ts';

// Two rooms joined by a door two cells wide at (4, 1) and (4, 2). Through a door one cell wide,
// units crossing both ways deadlock in it under ORCA and Detour, as the lab shows such a door.
const ROOMS = ['....#....', '.........', '.........', '....#....', '....#....'];
// A door three cells wide: two units meeting head on in a door two cells wide stall there under
// Detour (the lab's Detour run does the same from those places).
const HALL = ['....#....', '.........', '.........', '.........', '....#....'];
// Detour works in 32-bit floats: a turn at full speed may come out a ten-millionth of a cell long.
const SPEED_SLACK = 1e-6;
const MODELS: [string, CrowdModel][] = [['orca', orca], ['flow-field', flowField], ['detour', detour]];

describe('a crowd through a door', () => {
  it.each(MODELS)('%s: two units a side cross and arrive, no unit ever faster than its speed', async (_name, model) => {
    const crowd = await createCrowd(gridFromRows(ROOMS), { model });
    try {
      const ids = [crowd.addUnit({ x: 0, y: 0 }, { x: 8, y: 4 }), crowd.addUnit({ x: 8, y: 0 }, { x: 0, y: 4 }), crowd.addUnit({ x: 0, y: 4 }, { x: 8, y: 0 }), crowd.addUnit({ x: 8, y: 4 }, { x: 0, y: 0 })];
      expect(ids).toEqual([1, 2, 3, 4]);
      expect(crowd.position(2)).toEqual({ id: 2, x: 8.5, y: 0.5, atGoal: false });
      let last: { x: number; y: number }[] = ids.map((id) => crowd.position(id));
      let turns = 0;
      let home = false;
      while (!home && turns < 80) {
        const { units, planMs } = crowd.step();
        turns++;
        expect(planMs).toBeGreaterThanOrEqual(0);
        units.forEach((u, a) => {
          expect(Math.hypot(u.x - last[a].x, u.y - last[a].y), `unit ${u.id} at turn ${turns}`).toBeLessThanOrEqual(1 + SPEED_SLACK);
          expect(ROOMS[Math.floor(u.y)][Math.floor(u.x)], `unit ${u.id} at turn ${turns} in a wall`).toBe('.');
        });
        last = units.map((u) => ({ x: u.x, y: u.y }));
        home = units.every((u) => u.atGoal);
      }
      expect(home, `not all home after ${turns} turns`).toBe(true);
      // The door is a detour: nobody arrives before walking 8 cells and more.
      expect(turns).toBeGreaterThanOrEqual(8);
    } finally {
      crowd.dispose();
    }
  });

  it.each(MODELS)('%s: units added, removed and sent elsewhere mid-run keep their places and arrive', async (_name, model) => {
    const crowd = await createCrowd(gridFromRows(HALL), { model, params: { maxSpeed: 1 } });
    try {
      crowd.addUnit({ x: 0, y: 0 }, { x: 8, y: 4 });
      crowd.addUnit({ x: 1, y: 4 }, { x: 7, y: 0 });
      let last = crowd.step().units;
      const steps: { id: number; x: number; y: number }[][] = [last];
      for (let t = 1; t < 60; t++) {
        if (t === 3) expect(crowd.addUnit({ x: 8, y: 2 }, { x: 0, y: 2 })).toBe(3);
        if (t === 5) crowd.removeUnit(2);
        if (t === 6) crowd.setGoal(1, { x: 6, y: 2 });
        const { units } = crowd.step();
        // A change sets the model up again where the units stand: no unit jumps.
        for (const u of units) {
          const before = last.find((v) => v.id === u.id);
          if (before) expect(Math.hypot(u.x - before.x, u.y - before.y), `unit ${u.id} at turn ${t}`).toBeLessThanOrEqual(1 + SPEED_SLACK);
        }
        last = units;
        steps.push(units);
      }
      expect(steps[4].map((u) => u.id)).toEqual([1, 2, 3]);
      expect(steps[5].map((u) => u.id)).toEqual([1, 3]);
      expect(crowd.size).toBe(2);
      expect(last.map((u) => [u.id, Math.floor(u.x), Math.floor(u.y), u.atGoal])).toEqual([[1, 6, 2, true], [3, 0, 2, true]]);
      expect(() => crowd.position(2)).toThrow(new MapfInputError('position: unit 2 was removed'));
    } finally {
      crowd.dispose();
    }
  });
});

describe('errors in words', () => {
  // (8, 4) is walled off.
  const map = gridFromRows(['....#....', '....#....', '.........', '....#..##', '....#..#.']);
  const walled = gridFromRows(['..#..', '..#..']);

  it('refuses a wall, a cell off the map, a taken start and a goal no way leads to', async () => {
    const crowd = await createCrowd(map, { model: orca });
    expect(() => crowd.addUnit({ x: 4, y: 0 }, { x: 0, y: 0 })).toThrow(new MapfInputError('unit 1\'s start: (4, 0) is a wall'));
    expect(() => crowd.addUnit({ x: 0, y: 0 }, { x: 9, y: 0 })).toThrow(new MapfInputError('unit 1\'s goal: (9, 0) is outside the 9x5 map'));
    expect(() => crowd.addUnit({ x: 0.5, y: 0 }, { x: 1, y: 0 })).toThrow(/unit 1's start: expected a cell \{ x, y \} of whole numbers/);
    expect(crowd.addUnit({ x: 0, y: 0 }, { x: 8, y: 0 })).toBe(1);
    expect(() => crowd.addUnit({ x: 0, y: 0 }, { x: 1, y: 0 })).toThrow(new MapfInputError('unit 2\'s start (0, 0) is taken by unit 1'));
    expect(crowd.addUnit({ x: 1, y: 0 }, { x: 2, y: 0 })).toBe(2);
    expect(() => crowd.setGoal(1, { x: 8, y: 4 })).toThrow(new MapfInputError('unit 1 cannot reach its goal (8, 4) from (0, 0): walls part them'));
    expect(() => crowd.setGoal(7, { x: 1, y: 1 })).toThrow(new MapfInputError('setGoal: there is no unit 7'));
    expect(() => crowd.removeUnit(0)).toThrow(new MapfInputError('removeUnit: there is no unit 0'));
    // Nothing refused changed the crowd: two units, both moving.
    const { units } = crowd.step();
    expect(units.map((u) => u.id)).toEqual([1, 2]);
    const walledCrowd = await createCrowd(walled, { model: flowField });
    expect(() => walledCrowd.addUnit({ x: 0, y: 0 }, { x: 4, y: 1 })).toThrow(new MapfInputError('unit 1 cannot reach its goal (4, 1) from (0, 0): walls part them'));
  });

  it('refuses a model that is not one and params the model does not take, naming them', async () => {
    await expect(createCrowd(map, { model: 'orca' as unknown as CrowdModel })).rejects.toThrow(new MapfInputError('createCrowd: options.model must be one of the exported crowd models (orca, flowField, detour)'));
    await expect(createCrowd(map, { model: orca, params: { radius: 2 } })).rejects.toThrow(new MapfInputError('orca: param \'radius\' must be a number from 0.05 to 0.5, got 2'));
    await expect(createCrowd(map, { model: orca, connectivity: 6 as 8 })).rejects.toThrow(new MapfInputError('createCrowd: connectivity must be 4 or 8, got 6'));
    await expect(createCrowd(map, { model: flowField, params: { timeHorizon: 2 } })).rejects.toThrow(/flow-field: unknown param 'timeHorizon'; allowed params are .*'separation'/);
  });
});
