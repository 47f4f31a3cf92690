import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { ABSENT } from '../../../core/mapf/plan.ts';
import { validatePlan } from '../../../core/mapf/validator.ts';
import { SpawnClock, type StreamSpawner, type Streams } from '../../../core/mapf/streams.ts';
import { runController } from '../../../core/simulation/simulator.ts';
import { CONTROLLERS } from '../../../core/registry/registry.ts';

// Two banks joined by a one-cell bridge at (6, 2); each side spawns on its top-left or top-right cells and exits at the bottom of the other.
const BRIDGE = ['......@......', '......@......', '.............', '......@......', '......@......'];
const grid = Grid.fromAscii(BRIDGE);
const at = (x: number, ys: number[]) => ys.map((y) => grid.cell(x, y));

function spawner(name: string, cells: number[], exit: number, every: number, count: number): StreamSpawner {
  return { name, cells, startTurn: 0, schedule: { kind: 'every', every }, count, seed: 1, goal: { kind: 'exit', exit }, size: 1, speed: 1, priority: 0 };
}

function bothWays(every: number, count: number): Streams {
  return {
    spawners: [spawner('west', at(0, [0, 1]), 0, every, count), spawner('east', at(12, [0, 1]), 1, every, count)],
    exits: [{ name: 'east', cells: at(12, [3, 4]) }, { name: 'west', cells: at(0, [3, 4]) }],
    placed: [],
  };
}

const factory = (name: string) => CONTROLLERS.find((c) => c.name === name)!.factory;

describe('streams through the turn loop', () => {
  it.each(['pibt', 'whca', 'hca', 'ca'])('%s: units stream across the bridge both ways, every plan valid, every unit out', (name) => {
    const result = runController({ grid, movement: FOUR_CONNECTED, agents: [] }, factory(name), { seed: 1, params: {} }, { turnLimit: 600, streams: bothWays(6, 12) });
    expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
    expect(result.status).toBe('solved');
    const s = result.streams!;
    expect(s.appeared).toBe(24);
    expect(s.left).toBe(24);
    // Nobody is faster than the walk from a spawn cell to the nearest exit cell (15 moves).
    expect(s.timeInSystem!.max).toBeGreaterThanOrEqual(15);
    expect(s.timeInSystem!.mean).toBeGreaterThanOrEqual(15);
    expect(s.exits.reduce((x, y) => x + y, 0)).toBe(24);
    expect(s.exitsPer10.reduce((x, y) => x + y, 0)).toBe(24);
    expect(s.onMap[s.onMap.length - 1]).toBe(0);
    // The run ends once every unit has left: nothing more will come.
    expect(result.run.turns).toBeLessThan(600);
    // A unit is ABSENT before it appears and after it leaves.
    const late = s.appearTurn.findIndex((t) => t > 0);
    expect(result.paths[late][0]).toBe(ABSENT);
    expect(result.paths[late][s.appearTurn[late]]).not.toBe(ABSENT);
    expect(result.paths[0][result.paths[0].length - 1]).toBe(ABSENT);
  });

  it.each(['whca', 'lra'])('%s: a stream, a moving obstacle and a door that closes the bridge for 10 turns combine; every plan valid', (name) => {
    const streams: Streams = { spawners: [spawner('west', at(0, [0, 1]), 0, 6, 10)], exits: [{ name: 'east', cells: at(12, [3, 4]) }], placed: [] };
    const obstacles = [{ id: 'cart', route: [grid.cell(9, 0), grid.cell(9, 4)], mode: 'ping-pong' as const }];
    const bridge = grid.cell(6, 2);
    const mapEvents = [{ t: 20, cells: [bridge], passable: false }, { t: 30, cells: [bridge], passable: true }];
    const result = runController({ grid, movement: FOUR_CONNECTED, agents: [] }, factory(name), { seed: 1, params: {} }, { turnLimit: 400, streams, obstacles, mapEvents });
    expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
    expect(result.collisions).toEqual([]);
    expect(result.streams!.left).toBe(10);
    // Nobody is on the bridge while the door holds it closed.
    for (const path of result.paths) for (let t = 21; t <= 30; t++) expect(path[t]).not.toBe(bridge);
  });

  it.each(['pibt', 'whca', 'rhcr'])('%s: above the bridge\'s capacity (a unit a turn a side) admission control keeps it flowing: units keep leaving to the end, the backlog holds the rest', (name) => {
    // Without admission control both banks fill with units that want to cross and nothing moves again (bench:streams measured 0.1 exits per 10 turns).
    const result = runController({ grid, movement: FOUR_CONNECTED, agents: [] }, factory(name), { seed: 1, params: {} }, { turnLimit: 1500, streams: bothWays(1, 100_000) });
    expect(result.validation?.valid, result.validation?.violations[0]?.message).toBe(true);
    const s = result.streams!;
    // At least 2 exits per 10 turns over the run, and some in the last 100 turns.
    expect(s.left).toBeGreaterThan(300);
    expect(s.exits.slice(-100).reduce((x, y) => x + y, 0)).toBeGreaterThan(0);
    expect(s.spawners[0].backlogEnd + s.spawners[1].backlogEnd).toBeGreaterThan(0);
  });

  it('reports a growing backlog when the spawner cannot place its units (its cell stays taken)', () => {
    // One spawn cell, a unit every turn, each heading for a cell it reaches in one move and then resting there.
    const corridor = Grid.fromAscii(['....']);
    const streams: Streams = {
      spawners: [{ name: 'gate', cells: [0], startTurn: 0, schedule: { kind: 'every', every: 1 }, count: 10, seed: 1, goal: { kind: 'region', cells: [3] }, size: 1, speed: 1, priority: 0 }],
      exits: [],
      placed: [],
    };
    const result = runController({ grid: corridor, movement: FOUR_CONNECTED, agents: [] }, factory('pibt'), { seed: 1, params: {} }, { turnLimit: 30, streams });
    expect(result.validation?.valid).toBe(true);
    const gate = result.streams!.spawners[0];
    // The corridor has 4 cells; the first unit rests on (3, 0), and admission control holds the
    // rest back once half the corridor's cells hold units (streamAdmission.ts).
    expect(gate.sent).toBe(2);
    expect(gate.backlogEnd).toBe(8);
    expect(gate.backlog[5]).toBeGreaterThan(gate.backlog[2]);
  });

  it('a placed unit shuttles between two cells when its errands repeat', () => {
    const open = Grid.fromAscii(['.....']);
    const streams: Streams = { spawners: [], exits: [], placed: [{ errands: { kind: 'list', goals: [{ kind: 'cell', cell: 0 }, { kind: 'cell', cell: 4 }], repeat: true } }] };
    const result = runController({ grid: open, movement: FOUR_CONNECTED, agents: [{ start: 0, goal: 4 }] }, factory('whca'), { seed: 1, params: {} }, { turnLimit: 41, streams });
    expect(result.validation?.valid).toBe(true);
    // 4 moves a leg, one turn on each goal to take the next: a goal every 5 turns.
    const reached = result.streams!.goalsReached.reduce((x, y) => x + y, 0);
    expect(reached).toBeGreaterThanOrEqual(7);
    expect(result.paths[0].filter((c) => c === 4).length).toBeGreaterThan(2);
  });

  it('spawns on schedule: every N turns, a rate per 10 turns, waves, up to a count', () => {
    const base = { name: 's', cells: [0], startTurn: 2, count: 5, seed: 3, goal: { kind: 'cell', cell: 0 } as const, size: 1, speed: 1, priority: 0 };
    const dueBy = (s: StreamSpawner, turns: number) => {
      const clock = new SpawnClock(s);
      return Array.from({ length: turns }, (_, t) => clock.due(t));
    };
    expect(dueBy({ ...base, schedule: { kind: 'every', every: 3 } }, 12)).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]);
    expect(dueBy({ ...base, schedule: { kind: 'rate', rate: 5, random: false } }, 8)).toEqual([0, 0, 1, 0, 1, 0, 1, 0]);
    // Nothing before the start turn (a wave due earlier comes then); the count caps the second wave.
    expect(dueBy({ ...base, schedule: { kind: 'waves', waves: [{ turn: 1, count: 3 }, { turn: 4, count: 3 }] } }, 6)).toEqual([0, 0, 3, 0, 2, 0]);
    const random = dueBy({ ...base, count: Infinity, schedule: { kind: 'rate', rate: 5, random: true } }, 4000);
    const total = random.reduce((x, y) => x + y, 0);
    // A Poisson stream at 5 per 10 turns over ~4,000 turns: about 2,000 units.
    expect(total).toBeGreaterThan(1800);
    expect(total).toBeLessThan(2200);
  });
});

describe('the plan validator on units that appear and leave', () => {
  const line = Grid.fromAscii(['.....']);
  const instance = { grid: line, movement: FOUR_CONNECTED, agents: [{ start: 0, goal: 4 }, { start: 0, goal: 4 }] };

  it('accepts a unit that appears on a cell another has left and leaves before the end', () => {
    const paths = [[0, 1, 2, 3, 4, ABSENT], [ABSENT, ABSENT, 0, 1, 2, 3]];
    expect(validatePlan(instance, paths, { requireGoals: false }).valid).toBe(true);
  });

  it('refuses a unit appearing on a taken cell, and one that comes back after leaving', () => {
    const taken = validatePlan(instance, [[0, 0, 1], [ABSENT, 0, 1]], { requireGoals: false });
    expect(taken.violations.map((v) => v.rule)).toContain('vertex');
    const back = validatePlan(instance, [[0, 1, ABSENT, 3], [ABSENT, ABSENT, ABSENT, 0]], { requireGoals: false });
    expect(back.violations[0].message).toMatch(/agent 1 leaves the map at t=2 and comes back/);
  });

  it('refuses a stream unit that starts somewhere other than its start', () => {
    const result = validatePlan(instance, [[0, 1], [ABSENT, 2]], { requireGoals: false });
    expect(result.violations[0]).toMatchObject({ rule: 'start', agents: [1], t: 1 });
  });
});
