// The windowed planners on one-lane two-way bridges (core/mapgen/bridges.ts): every unit across in
// batch within 3x LaCAM's makespan, and streams that keep moving. Lanes longer than the window used
// to lock RHCR and WHCA* head-on (an 8-cell bridge with 6 units a side: RHCR 0 of 12 across).
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { bridgeInstance, bridgeLevel } from '../../../core/mapgen/bridges.ts';
import { arrivedCount, makespan } from '../../../core/mapf/plan.ts';
import type { Streams, StreamSpawner } from '../../../core/mapf/streams.ts';
import { validatePlan } from '../../../core/mapf/validator.ts';
import { CONTROLLERS, STREAM_CONTROLLERS, findSolver } from '../../../core/registry/registry.ts';
import { runController } from '../../../core/simulation/simulator.ts';

describe('the bridge generator', () => {
  it('draws a one-lane bridge of the given length with the units on the banks, none in the lane row', () => {
    const level = bridgeLevel({ length: 5, unitsPerSide: 4 });
    expect(level.rows[4]).toBe('.'.repeat(11));
    expect(level.rows[0]).toBe('...@@@@@...');
    expect(level.lane).toEqual([[3, 4], [4, 4], [5, 4], [6, 4], [7, 4]]);
    expect(level.units).toHaveLength(8);
    for (const { start, goal } of level.units) {
      expect(start[1]).not.toBe(4);
      expect(goal[1]).not.toBe(4);
      expect(Math.sign(start[0] - 5)).toBe(-Math.sign(goal[0] - 5));
    }
    expect(() => bridgeLevel({ length: 0, unitsPerSide: 3 })).toThrow(/length must be a whole number/);
    expect(() => bridgeLevel({ length: 4, unitsPerSide: 13, bankWidth: 3 })).toThrow(/13 units per side do not fit/);
  });
});

const LENGTHS = [4, 8, 13, 20];
const UNITS = [3, 6, 10];
const cases = LENGTHS.flatMap((length) => UNITS.map((unitsPerSide) => ({ length, unitsPerSide })));

describe.each(['rhcr', 'whca'])('%s on one-lane bridges, batch', (solver) => {
  it.each(cases)('a $length-cell bridge with $unitsPerSide units a side: all across, the plan valid, makespan at most 3x LaCAM\'s', ({ length, unitsPerSide }) => {
    const instance = bridgeInstance({ length, unitsPerSide });
    const goals = instance.agents.map((a) => a.goal);
    const lacam = findSolver('lacam')!.solve(instance, { seed: 1 });
    expect(lacam.status).toBe('solved');
    const result = findSolver(solver)!.solve(instance, { seed: 1, params: { turnLimit: 1000 } });
    const validation = validatePlan(instance, result.paths);
    expect(validation.valid, validation.violations[0]?.message).toBe(true);
    expect(arrivedCount(result.paths, goals)).toBe(2 * unitsPerSide);
    expect(result.status).toBe('solved');
    expect(makespan(result.paths, goals)).toBeLessThanOrEqual(3 * makespan(lacam.paths, goals));
  });
});

/** The bridge with a spawner on each bank sending a unit every `every` turns to an exit on the other. */
function bridgeStreams(length: number, every: number, bankWidth: number): { grid: Grid; streams: Streams } {
  const grid = Grid.fromAscii(bridgeLevel({ length, unitsPerSide: 1, bankWidth }).rows);
  const at = (x: number, ys: number[]) => ys.map((y) => grid.cell(x, y));
  const spawner = (name: string, cells: number[], exit: number): StreamSpawner => ({
    name, cells, startTurn: 0, schedule: { kind: 'every', every }, count: Infinity, seed: 1, goal: { kind: 'exit', exit }, size: 1, speed: 1, priority: 0,
  });
  const east = grid.width - 1;
  return {
    grid,
    streams: {
      spawners: [spawner('west', at(0, [0, 1, 2]), 0), spawner('east', at(east, [0, 1, 2]), 1)],
      exits: [{ name: 'east gate', cells: at(east, [6, 7, 8]) }, { name: 'west gate', cells: at(0, [6, 7, 8]) }],
      placed: [],
    },
  };
}

/** Units that left by an exit in the run's last quarter. */
function lastQuarter(exits: readonly number[]): number {
  let late = 0;
  for (let t = Math.floor((exits.length * 3) / 4); t < exits.length; t++) late += exits[t];
  return late;
}

// Banks 4 cells wide (cramped: the queues reach the lane's mouth) and 8 wide, as the app's template.
const streamCases = [
  { length: 8, every: 10, bank: 4 }, { length: 8, every: 4, bank: 4 }, { length: 12, every: 10, bank: 4 }, { length: 12, every: 5, bank: 4 },
  { length: 12, every: 3, bank: 8 }, { length: 20, every: 5, bank: 8 }, { length: 20, every: 3, bank: 8 },
];

// WHCA* replans each waiting unit every turn in a stream: the wide banks' crowds take it seconds a
// case, so it runs the lightest of them.
describe.each(['rhcr', 'whca'])('%s on one-lane bridges, two-way streams', (solver) => {
  it.each(streamCases.filter((c) => solver === 'rhcr' || c.bank === 4 || c.every === 5))('a $length-cell bridge, banks $bank wide, a unit every $every turns from each bank: units keep crossing to the end', ({ length, every, bank }) => {
    const { grid, streams } = bridgeStreams(length, every, bank);
    const factory = CONTROLLERS.find((c) => c.name === solver)!.factory;
    const turns = 400;
    const result = runController({ grid, movement: FOUR_CONNECTED, agents: [] }, factory, { seed: 1, params: {} }, { turnLimit: turns, streams });
    expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
    expect(result.collisions).toEqual([]);
    const exits = result.streams!.exits;
    expect(result.streams!.left).toBeGreaterThan(0);
    // No gridlock: units still leave in the last quarter of the run, in both directions' exits.
    expect(lastQuarter(exits)).toBeGreaterThan(0);
  });
});

// RHCR on cramped banks at three times what the lane carries: admission that caps only the whole
// map lets one spawner fill its own bank while units in the lane head into it, and nobody can
// move again (every unit stuck from turn 252). Each bank is capped too, a unit in the lane
// counted for the bank it heads to (core/simulation/streamAdmission.ts).
describe('rhcr on cramped, overloaded banks', () => {
  it('a 10-cell bridge, banks 4 wide, a unit every 2 turns from each bank: units keep crossing both ways to the end', () => {
    const { grid, streams } = bridgeStreams(10, 2, 4);
    const factory = CONTROLLERS.find((c) => c.name === 'rhcr')!.factory;
    const result = runController({ grid, movement: FOUR_CONNECTED, agents: [] }, factory, { seed: 1, params: {} }, { turnLimit: 400, streams });
    expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
    expect(result.collisions).toEqual([]);
    expect(result.status, result.message).toBe('solved');
    // Units of each spawner leave by the far bank's exit in the last quarter of the run.
    const s = result.streams!;
    const lateBySpawner = [0, 0];
    s.leaveTurn.forEach((t, a) => t >= 300 && s.spawnerOf[a] >= 0 && lateBySpawner[s.spawnerOf[a]]++);
    expect(lateBySpawner[0]).toBeGreaterThan(5);
    expect(lateBySpawner[1]).toBeGreaterThan(5);
  });

  // A window grown for lack of progress is executed whole, units that appear meanwhile waiting
  // for its end; one that appears on the cell the window moves a unit to next makes it plan
  // again (a window executed regardless collides with it: 4 collisions in this run).
  it('a grown window never moves a unit onto one that appeared since (stall rule after 1 turn, a 6-cell bridge, a unit every 4 turns)', () => {
    const { grid, streams } = bridgeStreams(6, 4, 4);
    const factory = CONTROLLERS.find((c) => c.name === 'rhcr')!.factory;
    const result = runController({ grid, movement: FOUR_CONNECTED, agents: [] }, factory, { seed: 1, params: { stallTurns: 1 } }, { turnLimit: 400, streams });
    expect(result.collisions).toEqual([]);
    expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
    expect(result.streams!.left).toBeGreaterThan(50);
  });
});

// The lane's traffic rule itself on cramped banks at three times what the lane carries: with a
// queue standing in the lane's mouth the units leaving the lane had nowhere to go and both ways
// locked (10 cells: every unit stuck from turn 273); the mouth is now kept clear while its way
// is red, as a box junction is.
describe('the platoon rule on cramped, overloaded banks', () => {
  it.each([10, 16])('a %i-cell bridge, banks 4 wide, a unit every 2 turns from each bank: units keep crossing', (length) => {
    const { grid, streams } = bridgeStreams(length, 2, 4);
    const factory = STREAM_CONTROLLERS.find((c) => c.name === 'platoons')!.factory;
    const result = runController({ grid, movement: FOUR_CONNECTED, agents: [] }, factory, { seed: 1, params: {} }, { turnLimit: 400, streams });
    expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
    expect(result.status, result.message).toBe('solved');
    const exits = result.streams!.exits;
    expect(lastQuarter(exits)).toBeGreaterThan(20);
  });

  // A door of one cell is both ends of its lane: its two mouths, one a side, say which way a unit
  // enters (both mouths were counted as one end's, the other way's red, and nobody ever entered).
  it('a door of one cell, banks 4 wide, a unit every 4 turns from each bank: units keep crossing both ways', () => {
    const { grid, streams } = bridgeStreams(1, 4, 4);
    const factory = STREAM_CONTROLLERS.find((c) => c.name === 'platoons')!.factory;
    const result = runController({ grid, movement: FOUR_CONNECTED, agents: [] }, factory, { seed: 1, params: {} }, { turnLimit: 400, streams });
    expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
    expect(result.status, result.message).toBe('solved');
    const exits = result.streams!.exits;
    expect(lastQuarter(exits)).toBeGreaterThan(10);
    // Both ways: units of each spawner left.
    const { leaveTurn, spawnerOf } = result.streams!;
    const leftBy = [0, 1].map((s) => spawnerOf.filter((o, u) => o === s && leaveTurn[u] >= 0).length);
    expect(leftBy.every((n) => n > 10), JSON.stringify(leftBy)).toBe(true);
  });
});

// In a stream, units walking up to a lock make progress, so a lock that let no unit across was
// called solved: PIBT on a 20-cell bridge, banks 8 wide, a unit every 15 turns from each bank,
// no unit left in 400 turns. No arrival for a crossing's time twice over is now a gridlock too.
describe('a stream that locks while units keep coming', () => {
  it('is a gridlock, with the pair that met head-on and when, not solved', () => {
    const { grid, streams } = bridgeStreams(20, 15, 8);
    const factory = STREAM_CONTROLLERS.find((c) => c.name === 'pibt')!.factory;
    const result = runController({ grid, movement: FOUR_CONNECTED, agents: [] }, factory, { seed: 1, params: {} }, { turnLimit: 400, streams });
    expect(result.streams!.left).toBe(0);
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/^gridlock from turn ([1-9]\d*): units \d+ and \d+ head-on at \(\d+, \d+\); \d+ of \d+ units stuck/);
  });
});
