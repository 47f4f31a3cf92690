// A run whose units stop making progress is never "solved": its status says where it locked and who.
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { bridgeInstance } from '../../../core/mapgen/bridges.ts';
import type { Streams, StreamSpawner } from '../../../core/mapf/streams.ts';
import { findSolver } from '../../../core/registry/registry.ts';
import type { TurnController } from '../../../core/contract/controller.ts';
import { runController } from '../../../core/simulation/simulator.ts';
import { GRIDLOCK_TURNS, lockStart, lockWords, placeLockWords } from '../../../core/simulation/gridlock.ts';

/** Every unit steps towards its goal when the cell is free, else waits: no unit ever backs off. */
const greedy = (): TurnController => ({
  init() {},
  step(world, next) {
    const taken = new Set<number>(world.positions);
    for (let a = 0; a < world.positions.length; a++) {
      const c = world.positions[a];
      if (c < 0) continue;
      const goal = world.agents[a].goal;
      const dx = Math.sign(world.grid.x(goal) - world.grid.x(c));
      const want = dx !== 0 ? c + dx : c + Math.sign(world.grid.y(goal) - world.grid.y(c)) * world.grid.width;
      if (want !== c && world.grid.isFree(want) && !taken.has(want)) {
        taken.add(want);
        next[a] = want;
      }
    }
  },
  counters: () => ({ expanded: 0, reservations: 0 }),
  unitsChanged() {},
});

describe('gridlock in the run status', () => {
  it('a batch locked head-on in a corridor fails, naming the pair (from 1) and their cell', () => {
    const grid = Grid.fromAscii(['........']);
    const agents = [{ start: grid.cell(0, 0), goal: grid.cell(7, 0) }, { start: grid.cell(7, 0), goal: grid.cell(0, 0) }];
    const result = runController({ grid, movement: FOUR_CONNECTED, agents }, greedy, { seed: 1, params: {} }, { turnLimit: 200 });
    expect(result.status).toBe('failed');
    expect(result.gridlock?.stuck).toEqual([0, 1]);
    expect(result.message).toMatch(/^gridlock from turn \d+: units 1 and 2 head-on at \((3|4), 0\); 2 of 2 units stuck; 2 of 2 agents failed/);
    expect(result.gridlock!.from).toBeLessThanOrEqual(200 - GRIDLOCK_TURNS);
  });

  it('a stream whose units lock is not solved, though nobody collided', () => {
    const grid = Grid.fromAscii(['..........', '..........', '..........']);
    const spawner = (name: string, x: number, exit: number): StreamSpawner => ({
      name, cells: [grid.cell(x, 1)], startTurn: 0, schedule: { kind: 'every', every: 5 }, count: 4, seed: 1, goal: { kind: 'exit', exit }, size: 1, speed: 1, priority: 0,
    });
    const streams: Streams = {
      spawners: [spawner('west', 0, 0), spawner('east', 9, 1)],
      exits: [{ name: 'east gate', cells: [grid.cell(9, 1)] }, { name: 'west gate', cells: [grid.cell(0, 1)] }],
      placed: [],
    };
    const result = runController({ grid, movement: FOUR_CONNECTED, agents: [] }, greedy, { seed: 1, params: {} }, { turnLimit: 300, streams });
    expect(result.collisions).toEqual([]);
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/^gridlock from turn \d+: units \d+ and \d+ head-on at \(\d, 1\); \d+ of \d+ units stuck$/);
  });

  it('a run that keeps moving is solved and has no gridlock', () => {
    const result = findSolver('whca')!.solve(bridgeInstance({ length: 8, unitsPerSide: 6 }), { seed: 1, params: { turnLimit: 1000 } });
    expect(result.status).toBe('solved');
    expect(result.message).toBeUndefined();
  });

  it('a door that shuts the only way is said as such, not as units locking each other', () => {
    const grid = Grid.fromAscii(['..........']);
    const agents = [{ start: grid.cell(0, 0), goal: grid.cell(9, 0) }];
    // The door at x = 6 closes at turn 2, before the unit gets there, and never opens again.
    const mapEvents = [{ t: 2, cells: [grid.cell(6, 0)], passable: false }];
    const result = runController({ grid, movement: FOUR_CONNECTED, agents }, greedy, { seed: 1, params: {} }, { turnLimit: 200, mapEvents });
    expect(result.status).toBe('failed');
    expect(result.gridlock?.shutOff).toBe(1);
    expect(result.message).toMatch(/^no way through from turn \d+: 1 of 1 units cannot reach their goals on the map as it stands \(a closed door or wall\)/);
    expect(lockWords(result.message)).toMatch(/^no way through from turn \d+: 1 of 1 units cannot reach/);
  });

  it('lockWords finds a gridlock\'s or a shut way\'s words in a message, and nothing else', () => {
    expect(lockWords('gridlock from turn 41: units 3 and 17 head-on at (12, 9); 36 of 40 units stuck; 4 of 40 agents failed')).toBe('gridlock from turn 41: units 3 and 17 head-on at (12, 9); 36 of 40 units stuck');
    expect(lockWords('2 of 4 agents failed')).toBeNull();
    expect(lockWords(undefined)).toBeNull();
  });

  it('lockStart finds the turn a lock began and its words, for the timeline\'s mark', () => {
    expect(lockStart('gridlock from turn 41: units 3 and 17 head-on at (12, 9); 36 of 40 units stuck; 4 of 40 agents failed')).toEqual({ t: 41, words: 'gridlock from turn 41: units 3 and 17 head-on at (12, 9); 36 of 40 units stuck' });
    expect(lockStart('gridlock at bridge from turn 7; 2 of 2 units stuck')).toEqual({ t: 7, words: 'gridlock at bridge from turn 7; 2 of 2 units stuck' });
    expect(lockStart('no way through from turn 3: 1 of 1 units cannot reach their goals on the map as it stands (a closed door or wall)')?.t).toBe(3);
    expect(lockStart('2 of 4 agents failed')).toBeNull();
    expect(lockStart(undefined)).toBeNull();
  });

  it('placeLockWords places a lock by measured regions from its words alone', () => {
    const bridge = [{ name: 'bridge', from: [4, 4], to: [11, 4] }];
    expect(placeLockWords('gridlock from turn 11: units 6 and 12 head-on at (6, 4); 12 of 12 units stuck', bridge)).toBe('gridlock at bridge from turn 11: units 6 and 12 head-on at (6, 4); 12 of 12 units stuck');
    expect(placeLockWords('gridlock from turn 11: units 6 and 12 head-on at (2, 4); 12 of 12 units stuck', bridge)).toMatch(/^gridlock from turn 11/);
    expect(placeLockWords('gridlock at bridge from turn 11: units 6 and 12 head-on at (6, 4); 2 of 2 units stuck', bridge)).toMatch(/^gridlock at bridge from/);
    expect(placeLockWords(undefined, bridge)).toBeUndefined();
  });
});
