// The lane's own capacity beside the solvers': a traffic rule (platoons of k each way, a real
// simulated controller) and the plain bound, on a one-lane bridge crossed both ways.
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { bridgeLevel } from '../../../core/mapgen/bridges.ts';
import type { Streams, StreamSpawner } from '../../../core/mapf/streams.ts';
import { LANE_BOUND, PLATOON_SOLVER, capacitySentence, sweepCapacity } from '../../../core/experiments/capacity.ts';
import { findLane } from '../../../core/planning/lane.ts';
import { createPlatoonController, platoonFormula } from '../../../core/solvers/traffic/platoonController.ts';
import { runController } from '../../../core/simulation/simulator.ts';

const LENGTH = 6;
const grid = Grid.fromAscii(bridgeLevel({ length: LENGTH, unitsPerSide: 1, bankWidth: 4 }).rows);
const at = (x: number, ys: number[]) => ys.map((y) => grid.cell(x, y));
const east = grid.width - 1;
const spawner = (name: string, cells: number[], exit: number): StreamSpawner => ({
  name, cells, startTurn: 0, schedule: { kind: 'every', every: 10 }, count: Infinity, seed: 1, goal: { kind: 'exit', exit }, size: 1, speed: 1, priority: 0,
});
const streams: Streams = {
  spawners: [spawner('west', at(0, [0, 1, 2]), 0), spawner('east', at(east, [0, 1, 2]), 1)],
  exits: [{ name: 'east gate', cells: at(east, [6, 7, 8]) }, { name: 'west gate', cells: at(0, [6, 7, 8]) }],
  placed: [],
};
const instance = { grid, movement: FOUR_CONNECTED, agents: [] };

describe('the lane and its traffic rule', () => {
  it('finds the bridge as the map\'s one-lane corridor, end to end', () => {
    const lane = findLane(grid)!;
    expect(lane.cells.map((c) => [grid.x(c), grid.y(c)])).toEqual(Array.from({ length: LENGTH }, (_, i) => [4 + i, 4]));
    expect(findLane(Grid.fromAscii(['....', '....']))).toBeNull();
  });

  it('with traffic one way only, platoon follows platoon: the light stays green, nobody locks', () => {
    // Only the west bank spawns, one unit a turn offered (more than a platoon of the lane's length).
    const oneWay: Streams = { ...streams, spawners: [{ ...streams.spawners[0], schedule: { kind: 'every', every: 1 } }] };
    const result = runController(instance, createPlatoonController, { seed: 1, params: {} }, { turnLimit: 300, streams: oneWay });
    expect(result.gridlock, result.message).toBeUndefined();
    expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
    // Far more than one platoon of LENGTH got across.
    expect(result.streams!.left).toBeGreaterThan(10 * LENGTH);
  });

  it('platoons alternate the lane\'s direction: a valid run, both ways delivered, never two ways in the lane at once', () => {
    const result = runController(instance, createPlatoonController, { seed: 1, params: {} }, { turnLimit: 400, streams: { ...streams, spawners: streams.spawners.map((s) => ({ ...s, schedule: { kind: 'every', every: 3 } })) } });
    expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
    expect(result.collisions).toEqual([]);
    const lane = new Set(findLane(grid)!.cells);
    const units = result.units!;
    // Who is in the lane each turn, and which way each is bound (its goal's side).
    for (let t = 0; t < result.paths[0]?.length; t++) {
      const ways = new Set<number>();
      result.paths.forEach((path, u) => {
        const c = path[t];
        if (c !== undefined && c >= 0 && lane.has(c)) ways.add(grid.x(units[u].goal) > grid.width / 2 ? 1 : -1);
      });
      expect(ways.size, `turn ${t}`).toBeLessThanOrEqual(1);
    }
    let eastbound = 0;
    let westbound = 0;
    result.units!.forEach((u, i) => {
      if (result.streams!.leaveTurn[i] < 0) return;
      if (grid.x(u.goal) > grid.width / 2) eastbound++;
      else westbound++;
    });
    expect(eastbound).toBeGreaterThan(10);
    expect(westbound).toBeGreaterThan(10);
  });

  it('the capacity sweep gives the lane\'s capacity beside the solvers\' and the sentence says how much of it each reaches', () => {
    const result = sweepCapacity(instance, streams, { spawners: ['west', 'east'], rates: [2, 3], solvers: [{ solver: 'pibt' }], turns: 400 });
    const lane = result.lane!;
    expect(lane).toMatchObject({ length: LENGTH, platoon: LENGTH, from: [4, 4], to: [9, 4], bound: LANE_BOUND });
    expect(lane.formula).toBeCloseTo(10 * platoonFormula(LENGTH, LENGTH), 6);
    // Measured, not the formula: its runs are in the table, and it carries about k/(L+k) at the high rate.
    const platoonRuns = result.runs.filter((r) => r.solver === PLATOON_SOLVER);
    expect(platoonRuns).toHaveLength(2);
    expect(lane.measured).toBe(Math.max(...platoonRuns.map((r) => r.delivered)));
    expect(lane.measured).toBeGreaterThan(0.6 * lane.formula);
    expect(lane.measured).toBeLessThanOrEqual(LANE_BOUND);
    // The traffic rule is not a solver: "carries at most" names PIBT only.
    expect(result.solvers.map((s) => s.solver)).toEqual(['pibt']);
    const sentence = capacitySentence(result, 'the bridge');
    expect(sentence).toMatch(/the lane itself \(6 cells, one lane\) carries \d+\.\d per 10 turns in all with platoons of 6 taking turns each way \(5\.0 by k\/\(L\+k\)\), at most 10 one way at one unit a turn: PIBT reaches \d+% of it$/);
  });
});
