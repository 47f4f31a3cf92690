import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { FOUR_CONNECTED, OCTILE_CUT, type Movement } from '../../../../core/grid/movement.ts';
import type { AgentTask, MapfInstance } from '../../../../core/mapf/instance.ts';
import { describeViolations, validatePlan } from '../../../../core/mapf/validator.ts';
import { pathCost } from '../../../../core/mapf/plan.ts';
import { createCaController, createHcaController, createWhcaController } from '../../../../core/solvers/cooperative/cooperativeController.ts';
import { createLraController } from '../../../../core/solvers/cooperative/localRepairAStar.ts';
import type { ControllerFactory } from '../../../../core/contract/controller.ts';
import { Random } from '../../../../core/util/random.ts';
import { footprintViolations, randomMap, runTurns, turnDistance } from './turnLoop.ts';

function ascii(rows: string[], movement: Movement, agents: [number, number, number, number, Partial<AgentTask>?][]): MapfInstance {
  const grid = Grid.fromAscii(rows);
  return { grid, movement, agents: agents.map(([sx, sy, gx, gy, extra]) => ({ start: grid.cell(sx, sy), goal: grid.cell(gx, gy), ...extra })) };
}

function expectValid(instance: MapfInstance, paths: number[][], requireGoals: boolean): void {
  const check = validatePlan(instance, paths, { requireGoals });
  expect(check.valid, describeViolations(check)).toBe(true);
}

const COOPERATIVE: [string, ControllerFactory][] = [
  ['CA*', createCaController],
  ['HCA*', createHcaController],
  ['WHCA*', createWhcaController],
];

describe('head to head in a corridor', () => {
  // Two units meet head on in a one-wide corridor; the niche above (4, 1) lets one step aside.
  const instance = () => ascii(['@@@@.@@', '.......'], FOUR_CONNECTED, [
    [0, 1, 6, 1],
    [6, 1, 0, 1],
  ]);
  for (const [name, factory] of COOPERATIVE) {
    it(`${name} passes without swapping`, () => {
      const inst = instance();
      const run = runTurns(inst, factory(inst, { seed: 1, params: {} }), 60);
      expect(run.solved).toBe(true);
      expectValid(inst, run.paths, true);
    });
  }
  it('LRA* never swaps either (it may stall)', () => {
    const inst = instance();
    const run = runTurns(inst, createLraController(inst, { seed: 1, params: {} }), 60);
    expectValid(inst, run.paths, false);
  });
});

describe('a unit parked on its goal in a corridor', () => {
  // Unit 0 already stands on its goal in the corridor; unit 1 must get past it.
  const instance = () => ascii(['@@@@.@@@', '........'], FOUR_CONNECTED, [
    [3, 1, 3, 1],
    [0, 1, 7, 1],
  ]);
  it('WHCA* keeps cooperating after arrival: the parked unit steps aside and returns', () => {
    const inst = instance();
    const run = runTurns(inst, createWhcaController(inst, { seed: 1, params: { window: 8 } }), 60);
    expect(run.solved).toBe(true);
    expectValid(inst, run.paths, true);
    expect(run.paths[0].some((c) => c !== inst.agents[0].goal)).toBe(true);
  });
  it('CA* (which parks units for good) reports the blocked unit instead of crashing', () => {
    const inst = instance();
    const controller = createCaController(inst, { seed: 1, params: {} });
    const run = runTurns(inst, controller, 30);
    expect(run.solved).toBe(false);
    expect(controller.unplannedAgents()).toEqual([1]);
    expect(run.events.some((e) => e.kind === 'wait' && e.agent === 1 && /no CA\* path/.test(e.detail ?? ''))).toBe(true);
    expectValid(inst, run.paths, false);
  });
});

describe('Silver 2005 Figure 1: an instance CA* cannot solve', () => {
  // Unit 0 goes from (3,1) to (1,1), which is the only way past for unit 1 going from (0,1) to
  // (4,1). A solution exists (unit 0 waits in the pocket (1,0)), but a greedy full plan for
  // either unit first leaves the other without a path.
  const instance = () => ascii(['@.@@@', '.....'], FOUR_CONNECTED, [
    [3, 1, 1, 1],
    [0, 1, 4, 1],
  ]);
  for (const order of ['given', 'priority', 'random', 'distance']) {
    it(`CA* (order ${order}) reports the unplanned unit and its moves stay legal`, () => {
      const inst = instance();
      const controller = createCaController(inst, { seed: 3, params: { order } });
      const run = runTurns(inst, controller, 30);
      expect(run.solved).toBe(false);
      // One unit, or both when the stranded one then blocks the other's planned route.
      expect(controller.unplannedAgents().length).toBeGreaterThanOrEqual(1);
      expectValid(inst, run.paths, false);
    });
  }
  it('HCA* fails the same way', () => {
    const inst = instance();
    const controller = createHcaController(inst, { seed: 3, params: {} });
    runTurns(inst, controller, 30);
    expect(controller.unplannedAgents().length).toBe(1);
  });
  it('WHCA* solves it: the order rotates and the arrived unit steps into the pocket', () => {
    const inst = instance();
    const run = runTurns(inst, createWhcaController(inst, { seed: 3, params: { window: 8 } }), 60);
    expect(run.solved).toBe(true);
    expectValid(inst, run.paths, true);
  });
});

describe('unit priorities (Silver 2006)', () => {
  // Two crossing shortest paths meet at (2,2) at t = 2; the low unit plans first.
  const crossing = () => ascii(['.....', '.....', '.....', '.....', '.....'], FOUR_CONNECTED, [
    [0, 2, 4, 2, { priority: 0 }],
    [2, 0, 2, 4, { priority: 5 }],
  ]);
  for (const [name, factory] of [['HCA*', createHcaController], ['WHCA*', createWhcaController]] as const) {
    it(`${name}: the higher unit overrides the lower one's reservations and keeps its shortest path`, () => {
      const inst = crossing();
      const run = runTurns(inst, factory(inst, { seed: 0, params: { order: 'given' } }), 30);
      expect(run.solved).toBe(true);
      expectValid(inst, run.paths, true);
      expect(pathCost(run.paths[1], inst.agents[1].goal, 'rest')).toBe(4);
      expect(run.events.some((e) => e.kind === 'priority-override' && e.agent === 1 && e.others?.[0] === 0)).toBe(true);
    });
  }
  it("the 'priority' order plans the higher unit first, so nothing needs overriding", () => {
    const inst = crossing();
    const run = runTurns(inst, createHcaController(inst, { seed: 0, params: { order: 'priority' } }), 30);
    expect(run.solved).toBe(true);
    expect(pathCost(run.paths[1], inst.agents[1].goal, 'rest')).toBe(4);
    expect(run.events.some((e) => e.kind === 'priority-override')).toBe(false);
  });
  it('a unit left with no legal move is promoted, and the joint moves stay legal', () => {
    // The high unit must pass through the low unit's cell in a dead-end corridor: impossible, so
    // the low unit, overridden with nowhere to go, is promoted.
    const inst = ascii(['...'], FOUR_CONNECTED, [
      [1, 0, 1, 0, { priority: 0 }],
      [0, 0, 2, 0, { priority: 5 }],
    ]);
    const run = runTurns(inst, createWhcaController(inst, { seed: 0, params: { window: 4 } }), 10);
    expect(run.events.some((e) => e.kind === 'priority-override' && e.agent === 1)).toBe(true);
    expect(run.events.some((e) => e.kind === 'promotion' && e.agent === 0)).toBe(true);
    expectValid(inst, run.paths, false);
  });
});

describe('large and slow units (footprints, Silver 2006 "Reservation Table Revisited")', () => {
  const rows = ['............', '............', '....@.......', '....@.......', '............', '............', '............', '.......@@...', '............', '............', '............', '............'];
  const agents: [number, number, number, number, Partial<AgentTask>?][] = [
    [0, 0, 9, 9, { size: 2 }],
    [11, 0, 0, 11, { speed: 3 }],
    [6, 0, 6, 11],
    [11, 5, 0, 5],
    [0, 8, 9, 2, { size: 2, speed: 2 }],
  ];
  const solvers: [string, ControllerFactory, boolean][] = [
    ['CA*', createCaController, true],
    ['HCA*', createHcaController, true],
    ['WHCA*', createWhcaController, true],
    ['LRA*', createLraController, false],
  ];
  for (const movement of [FOUR_CONNECTED, OCTILE_CUT]) {
    for (const [name, factory, mustSolve] of solvers) {
      it(`${name}, ${movement.connectivity}-connected: footprints never overlap and slow units keep their pace`, () => {
        const inst = ascii(rows, movement, agents);
        const run = runTurns(inst, factory(inst, { seed: 2, params: {} }), 160);
        expect(footprintViolations(inst, run.paths)).toEqual([]);
        expectValid(inst, run.paths, false);
        if (mustSolve) expect(run.solved).toBe(true);
        // The slow unit really is slow: at least 3 turns per cell of its shortest route.
        const slow = run.paths[1];
        if (slow[slow.length - 1] === inst.agents[1].goal) expect(pathCost(slow, inst.agents[1].goal, 'rest')).toBeGreaterThanOrEqual(3 * 11);
      });
    }
  }
});

describe('timed map changes', () => {
  // The short route along the top row is cut at (5,0) on turn 2; the units there must go back
  // and round through the two-lane road below.
  const rows = ['..........', '.@@@@@@@@.', '..........', '..........'];
  for (const [name, factory] of [...COOPERATIVE, ['LRA*', createLraController] as [string, ControllerFactory]]) {
    it(`${name} drops plans that cross the new wall and replans`, () => {
      const inst = ascii(rows, FOUR_CONNECTED, [
        [0, 0, 7, 0],
        [1, 3, 8, 3],
        [2, 0, 9, 0],
      ]);
      const before = inst.grid.clone();
      const door = inst.grid.cell(5, 0);
      const run = runTurns(inst, factory(inst, { seed: 4, params: {} }), 80, [{ t: 2, cells: [door], passable: false }]);
      expect(run.solved).toBe(true);
      expect(footprintViolations(inst, run.paths, run.wallsAt)).toEqual([]);
      expectValid({ ...inst, grid: before }, run.paths, true);
      expect(run.paths.every((p) => p.slice(3).every((c) => c !== door))).toBe(true);
    });
  }
});

describe('WHCA* scheduling', () => {
  it('staggers replans so about 2n/w agents replan each turn', () => {
    const grid = new Grid(20, 20);
    const agents = Array.from({ length: 40 }, (_, i) => ({ start: grid.cell(i % 20, i < 20 ? 0 : 19), goal: grid.cell(19 - (i % 20), i < 20 ? 19 : 0) }));
    const inst: MapfInstance = { grid, movement: FOUR_CONNECTED, agents };
    const run = runTurns(inst, createWhcaController(inst, { seed: 0, params: { window: 8 } }), 30);
    expectValid(inst, run.paths, false);
    const perTurn = new Map<number, number>();
    for (const e of run.events) if (e.kind === 'replan' && e.detail === 'window') perTurn.set(e.t, (perTurn.get(e.t) ?? 0) + 1);
    for (let t = 1; t < Math.min(run.turns, 20); t++) expect(perTurn.get(t), `turn ${t}`).toBe((2 * 40) / 8);
  });

  it('forgets past reservations, so the table stays small in long runs', () => {
    const grid = new Grid(12, 12);
    const agents = Array.from({ length: 12 }, (_, i) => ({ start: grid.cell(i, 0), goal: grid.cell(11 - i, 11) }));
    const inst: MapfInstance = { grid, movement: FOUR_CONNECTED, agents };
    const controller = createWhcaController(inst, { seed: 0, params: { window: 8 } });
    // Agents that arrived keep planning windows for ever: run well past their arrival.
    const positions = Int32Array.from(agents, (a) => a.start);
    const next = new Int32Array(agents.length);
    const world = { t: 0, grid, movement: FOUR_CONNECTED, agents, positions };
    controller.init(world);
    let largest = 0;
    for (let t = 0; t < 400; t++) {
      world.t = t;
      controller.step(world, next, () => {});
      positions.set(next);
      largest = Math.max(largest, controller.counters().reservations);
    }
    expect(agents.every((a, i) => positions[i] === a.goal)).toBe(true);
    // Each agent holds at most a window ahead plus the turns since the last sweep.
    expect(largest).toBeLessThanOrEqual(agents.length * (8 + 1 + 8));
  });

  it('resumes each agent’s RRA* across windows: a lone agent costs at most one distance table', () => {
    const grid = new Grid(64, 64);
    randomMap(new Random(5), grid, 0.2);
    const free = grid.passable.reduce((sum, v) => sum + v, 0);
    let start = 0;
    while (grid.passable[start] === 0) start++;
    let goal = grid.cells - 1;
    while (grid.passable[goal] === 0) goal--;
    const inst: MapfInstance = { grid, movement: FOUR_CONNECTED, agents: [{ start, goal }] };
    const controller = createWhcaController(inst, { seed: 0, params: { window: 8 } });
    const run = runTurns(inst, controller, 300);
    expect(run.solved).toBe(true);
    expect(pathCost(run.paths[0], goal, 'rest')).toBe(turnDistance(inst, 0));
    // ~32 windows; restarting the backwards search for each would repeat most of its work.
    expect(controller.counters().expanded).toBeLessThanOrEqual(free + 4 * run.turns);
  });
});
