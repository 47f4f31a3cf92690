// The library's public API as a game programmer calls it: maps, one batch, a per-frame planner,
// and the errors bad input gets.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importLevel } from '../../../core/level/readLevel.ts';
import { validatePlan } from '../../../core/mapf/validator.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { MapfInputError, createPlanner, gridFromRows, gridFromTiled, pibt, solve, whca } from '../../../packages/mapf/src/index.ts';

const LEVEL = new URL('../../fixtures/levels/level-csv.tmx', import.meta.url);

// Two rooms joined by a one-cell door at (4, 2).
const ROOMS = ['....#....', '....#....', '.........', '....#....', '....#....'];

describe('maps', () => {
  it('reads rows of text, walls as the Moving AI characters', () => {
    const map = gridFromRows(ROOMS);
    expect([map.width, map.height]).toEqual([9, 5]);
    expect(map.isFree(4, 2)).toBe(true);
    expect(map.isFree(4, 1)).toBe(false);
    expect(map.isFree(9, 0)).toBe(false);
  });

  it('says which row is uneven', () => {
    expect(() => gridFromRows(['...', '..'])).toThrow(new MapfInputError('gridFromRows: row 2 has 2 cells, row 1 has 3'));
  });

  it('reads a Tiled map as the lab imports it, cell for cell', () => {
    const text = readFileSync(LEVEL, 'utf8');
    const map = gridFromTiled(text, 'level-csv.tmx');
    const lab = importLevel({ format: 'tiled-xml', text }, 'level-csv.tmx', () => undefined).grid;
    expect([map.width, map.height]).toEqual([lab.width, lab.height]);
    for (let y = 0; y < lab.height; y++) for (let x = 0; x < lab.width; x++) expect(map.isFree(x, y), `(${x}, ${y})`).toBe(lab.isFree(lab.cell(x, y)));
    // The level's chokepoint: the only free cell of column 5.
    expect([1, 2, 3, 4, 5].filter((y) => map.isFree(5, y))).toEqual([3]);
  });

  it('names the file and the fault of a broken Tiled map', () => {
    expect(() => gridFromTiled('{"type":"map","orientation":"isometric","width":2,"height":2,"tilewidth":16,"tileheight":16,"layers":[],"tilesets":[]}', 'broken.tmj')).toThrow(/broken\.tmj.*isometric/);
  });
});

describe('solve', () => {
  const map = gridFromRows(ROOMS);
  // Three units a side, each bound for the other room: they must take turns at the door.
  const units = [0, 1, 3].flatMap((y) => [
    { start: { x: 0, y }, goal: { x: 8, y: 4 - y } },
    { start: { x: 8, y }, goal: { x: 0, y: 4 - y } },
  ]);
  const instance = { grid: map.grid, movement: FOUR_CONNECTED, agents: units.map((u) => ({ start: map.grid.cell(u.start.x, u.start.y), goal: map.grid.cell(u.goal.x, u.goal.y) })) };

  it.each(['lacam', 'pibt', 'eecbs'])('%s: a valid plan through the door, its sum of costs in the rest model', (solver) => {
    const outcome = solve(map, units, { solver, timeLimitMs: 30_000 });
    expect(outcome.status, outcome.message).toBe('solved');
    const paths = outcome.paths.map((path) => path.map((c) => map.grid.cell(c.x, c.y)));
    expect(validatePlan(instance, paths).valid).toBe(true);
    const rest = paths.reduce((sum, path, i) => {
      let t = path.length - 1;
      while (t > 0 && path[t - 1] === instance.agents[i].goal) t--;
      return sum + t;
    }, 0);
    expect(outcome.costModel).toBe('rest');
    expect(outcome.sumOfCosts).toBe(rest);
  });

  it('cbs proves its plan optimal: its bound is its cost, and no other solver does better', () => {
    const cbs = solve(map, units, { solver: 'cbs', timeLimitMs: 60_000 });
    expect(cbs.status).toBe('solved');
    expect(cbs.lowerBound).toBe(cbs.sumOfCosts);
    for (const solver of ['lacam', 'eecbs']) expect(solve(map, units, { solver }).sumOfCosts!).toBeGreaterThanOrEqual(cbs.sumOfCosts!);
  });

  it('an aborted signal cancels the solve, and a cancelled solve has no cost', () => {
    const controller = new AbortController();
    controller.abort();
    const outcome = solve(gridFromRows(Array(40).fill('.'.repeat(40))), Array.from({ length: 300 }, (_, i) => ({ start: { x: i % 40, y: Math.floor(i / 40) }, goal: { x: 39 - (i % 40), y: 39 - Math.floor(i / 40) } })), { solver: 'cbs', signal: controller.signal });
    expect(outcome.status).toBe('cancelled');
    expect(outcome.sumOfCosts).toBeNull();
  });

  it.each([
    [[{ start: { x: 4, y: 0 }, goal: { x: 0, y: 0 } }], "unit 1's start: (4, 0) is a wall"],
    [[{ start: { x: 0, y: 0 }, goal: { x: 9, y: 0 } }], "unit 1's goal: (9, 0) is outside the 9x5 map"],
    [[{ start: { x: 0, y: 0 }, goal: { x: 8, y: 0 } }, { start: { x: 1, y: 0 }, goal: { x: 8, y: 0 } }], 'units 1 and 2 share the goal (8, 0)'],
    [[{ start: { x: 0.5, y: 0 }, goal: { x: 8, y: 0 } }], "unit 1's start: expected a cell { x, y } of whole numbers"],
  ])('bad input is refused in words: %j', (bad, words) => {
    expect(() => solve(map, bad, { solver: 'lacam' })).toThrow(MapfInputError);
    expect(() => solve(map, bad, { solver: 'lacam' })).toThrow(words);
  });

  it('an unknown solver is refused with the names that exist', () => {
    expect(() => solve(map, units, { solver: 'dijkstra' })).toThrow(/solver 'dijkstra' is not one of: .*cbs.*lacam/);
  });
});

describe('createPlanner', () => {
  it('units come and go through the door; no two ever share a cell or swap', () => {
    const map = gridFromRows(ROOMS);
    const planner = createPlanner(map, { kind: whca, seed: 1 });
    const ids = [0, 1, 3].flatMap((y) => [planner.addUnit({ x: 0, y }, { x: 8, y: 4 - y }), planner.addUnit({ x: 8, y }, { x: 0, y: 4 - y })]);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6]);
    const trail: string[][] = [];
    let last = planner.step();
    for (let turn = 1; turn < 60 && !last.moves.every((m) => m.atGoal); turn++) {
      const cells = last.moves.map((m) => `${m.x},${m.y}`);
      expect(new Set(cells).size).toBe(cells.length);
      trail.push(cells);
      last = planner.step();
    }
    expect(last.moves.every((m) => m.atGoal)).toBe(true);
    // A unit removed leaves; one added later gets the next id; a new goal is followed.
    planner.removeUnit(3);
    expect(planner.size).toBe(5);
    const late = planner.addUnit({ x: 2, y: 2 }, { x: 6, y: 2 });
    expect(late).toBe(7);
    planner.setGoal(1, { x: 1, y: 0 });
    for (let turn = 0; turn < 40; turn++) planner.step();
    expect(planner.position(7)).toEqual({ x: 6, y: 2 });
    expect(planner.position(1)).toEqual({ x: 1, y: 0 });
  });

  it('refuses a start another unit stands on, and ids that do not exist', () => {
    const planner = createPlanner(gridFromRows(ROOMS), { kind: pibt });
    planner.addUnit({ x: 0, y: 0 }, { x: 8, y: 0 });
    expect(() => planner.addUnit({ x: 0, y: 0 }, { x: 8, y: 1 })).toThrow("unit 2's start (0, 0) is taken by unit 1");
    expect(() => planner.removeUnit(5)).toThrow('removeUnit: there is no unit 5');
    planner.removeUnit(1);
    expect(() => planner.setGoal(1, { x: 1, y: 1 })).toThrow('setGoal: unit 1 was removed');
    expect(() => createPlanner(gridFromRows(ROOMS), { kind: { name: 'astar' } as never })).toThrow(/options.kind must be one of/);
  });
});

describe('a planner in a worker', () => {
  it('makes the same moves as one on the main thread, over a message channel', async () => {
    const { MessageChannel } = await import('node:worker_threads');
    const { connectPlanner, servePlanner } = await import('../../../packages/mapf/src/index.ts');
    const channel = new MessageChannel();
    servePlanner(channel.port2 as never, [pibt, whca]);
    const map = gridFromRows(ROOMS);
    const remote = await connectPlanner(channel.port1 as never, map, { kind: 'whca', seed: 2 });
    const local = createPlanner(map, { kind: whca, seed: 2 });
    for (const planner of [remote, local]) {
      planner.addUnit({ x: 0, y: 0 }, { x: 8, y: 4 });
      planner.addUnit({ x: 8, y: 0 }, { x: 0, y: 4 });
    }
    for (let turn = 0; turn < 20; turn++) {
      if (turn === 5) for (const planner of [remote, local]) planner.setGoal(1, { x: 8, y: 0 });
      expect((await remote.step()).moves).toEqual(local.step().moves);
    }
    // A unit on a wall is refused at once; one on another unit's cell by the worker, in words,
    // and the worker goes on; the refused unit took no id away.
    expect(() => remote.addUnit({ x: 4, y: 0 }, { x: 0, y: 0 })).toThrow("unit 3's start: (4, 0) is a wall");
    const [first] = (await remote.step()).moves;
    remote.addUnit({ x: first.x, y: first.y }, { x: 0, y: 0 });
    await expect(remote.step()).rejects.toThrow(`start (${first.x}, ${first.y}) is taken by unit 1`);
    expect((await remote.step()).moves).toHaveLength(2);
    expect(remote.addUnit({ x: 0, y: 2 }, { x: 3, y: 2 })).toBe(4);
    expect((await remote.step()).moves.map((m) => m.id)).toEqual([1, 2, 4]);
    await expect(connectPlanner(channel.port1 as never, map, { kind: 'rhcr' })).rejects.toThrow("the worker serves pibt, whca, not 'rhcr'");
    channel.port1.close();
  });
});

describe('a step budget', () => {
  it('WHCA*: the units not planned when the budget is spent wait, with no collision, and the step says so', () => {
    const map = gridFromRows(Array(20).fill('.'.repeat(20)));
    const make = (stepBudgetMs?: number) => {
      const planner = createPlanner(map, { kind: whca, seed: 1, ...(stepBudgetMs === undefined ? {} : { stepBudgetMs }) });
      for (let i = 0; i < 40; i++) planner.addUnit({ x: i % 20, y: Math.floor(i / 20) }, { x: 19 - (i % 20), y: 19 - Math.floor(i / 20) });
      return planner;
    };
    const moved = (result: { moves: { id: number; x: number; y: number }[] }) => result.moves.filter((m) => m.x !== (m.id - 1) % 20 || m.y !== Math.floor((m.id - 1) / 20)).length;
    const free = make().step();
    expect(free.overBudget).toBe(false);
    expect(moved(free)).toBeGreaterThan(20);
    const tight = make(1e-6).step();
    expect(tight.overBudget).toBe(true);
    expect(tight.refused).toBe(0);
    expect(new Set(tight.moves.map((m) => `${m.x},${m.y}`)).size).toBe(40);
    expect(moved(tight)).toBeLessThan(moved(free));
  });
});
