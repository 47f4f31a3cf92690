import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED, OCTILE_CUT, OCTILE_NO_CUT, type Movement } from '../../../core/grid/movement.ts';
import { describeViolations } from '../../../core/mapf/validator.ts';
import { simulate } from '../../../core/simulation/simulator.ts';
import { lowerBounds } from '../../../core/simulation/metrics.ts';
import { checkReplay, replayCell } from '../../../core/contract/replay.ts';
import { scriptedController } from './scripted.ts';

type XY = readonly [number, number];

function world(rows: string[], agents: [XY, XY][], movement: Movement = FOUR_CONNECTED) {
  const grid = Grid.fromAscii(rows);
  return { grid, movement, agents: agents.map(([s, g]) => ({ start: grid.cell(s[0], s[1]), goal: grid.cell(g[0], g[1]) })) };
}

describe('turn simulator: collisions', () => {
  it('refuses two agents entering one cell (vertex) and fails both', () => {
    const w = world(['...'], [[[0, 0], [2, 0]], [[2, 0], [0, 0]]]);
    // Both step into the middle cell at t = 0.
    const result = simulate(w, scriptedController(w.grid, [[[1, 0]], [[1, 0]]]), { turnLimit: 3 });
    expect(result.collisions.map((c) => [c.rule, c.t, c.cell])).toEqual([['vertex', 0, 1]]);
    expect(result.collisions[0].agents.sort()).toEqual([0, 1]);
    expect(Array.from(result.agents.success)).toEqual([0, 0]);
    expect(result.status).toBe('failed');
    expect(result.paths[0].slice(0, 2)).toEqual([0, 0]);
    expect(result.validation?.valid).toBe(true);
  });

  it('refuses a head-to-head swap', () => {
    const w = world(['..'], [[[0, 0], [1, 0]], [[1, 0], [0, 0]]]);
    const result = simulate(w, scriptedController(w.grid, [[[1, 0]], [[0, 0]]]), { turnLimit: 2 });
    expect(result.collisions.map((c) => c.rule)).toEqual(['swap']);
    expect(Array.from(result.agents.collisions)).toEqual([1, 1]);
    expect(result.replay.events.filter((e) => e.kind === 'collision')).toHaveLength(1);
    expect(result.validation?.valid).toBe(true);
  });

  it('refuses two diagonal moves across one 2x2 block when 8-connected', () => {
    const w = world(['..', '..'], [[[0, 0], [1, 1]], [[1, 0], [0, 1]]], OCTILE_NO_CUT);
    const result = simulate(w, scriptedController(w.grid, [[[1, 1]], [[0, 1]]]), { turnLimit: 2 });
    expect(result.collisions.map((c) => c.rule)).toEqual(['diagonal-crossing']);
    expect(result.validation?.valid).toBe(true);
  });

  it('refuses a move into a wall and a jump, naming the rule', () => {
    const w = world(['.@..'], [[[0, 0], [0, 0]], [[2, 0], [3, 0]]]);
    const result = simulate(w, scriptedController(w.grid, [[[1, 0]], [[0, 0]]]), { turnLimit: 2 });
    expect(result.collisions.map((c) => [c.rule, c.agents])).toEqual([['wall', [0]], ['illegal-move', [1]]]);
    expect(Array.from(result.agents.success)).toEqual([0, 0]);
  });

  it('lets an agent follow another, and refuses the follower when the leader is stopped', () => {
    // A train of three moving right: allowed.
    const w = world(['....'], [[[2, 0], [3, 0]], [[1, 0], [2, 0]], [[0, 0], [1, 0]]]);
    const train = simulate(w, scriptedController(w.grid, [[[3, 0]], [[2, 0]], [[1, 0]]]));
    expect(train.status).toBe('solved');
    expect(train.collisions).toEqual([]);
    // The same train against a wall: the leader's refusal stops both followers.
    const blocked = world(['...@', '....'], [[[2, 0], [2, 1]], [[1, 0], [1, 1]], [[0, 0], [0, 1]]]);
    const result = simulate(blocked, scriptedController(blocked.grid, [[[3, 0]], [[2, 0]], [[1, 0]]]), { turnLimit: 1 });
    expect(result.collisions.map((c) => c.rule)).toEqual(['wall', 'vertex', 'vertex']);
    expect(result.paths.map((p) => p[1])).toEqual([2, 1, 0]);
    expect(result.validation?.valid).toBe(true);
  });
});

describe('turn simulator: stricter rules and replay format', () => {
  it('refuses following when the rules forbid it', () => {
    const w = world(['...'], [[[1, 0], [2, 0]], [[0, 0], [1, 0]]]);
    const script = () => scriptedController(w.grid, [[[2, 0]], [[1, 0], [1, 0]]]);
    expect(simulate(w, script()).collisions).toEqual([]);
    const strict = simulate(w, script(), { rules: { following: false, rotation: false } });
    expect(strict.collisions.map((c) => [c.rule, c.agents])).toEqual([['following', [1, 0]]]);
    expect(strict.validation?.valid).toBe(true);
  });

  it('checks a received replay\'s format and version', () => {
    const w = world(['..'], [[[0, 0], [1, 0]]]);
    const replay = simulate(w, scriptedController(w.grid, [[[1, 0]]])).replay;
    expect(() => checkReplay(replay)).not.toThrow();
    expect(() => checkReplay({ ...replay, version: 2 } as never)).toThrow(/replay version 2 is not supported/);
    expect(() => checkReplay({ ...replay, positions: Array.from(replay.positions) } as never)).toThrow(/Int32Array/);
  });
});

describe('turn simulator: per-agent metrics', () => {
  it('counts a cycle for each revisit, waits off the goal, and the first arrival', () => {
    const w = world(['....'], [[[0, 0], [3, 0]]]);
    // Right, left (revisit), right (revisit), wait, right, right.
    const script: XY[] = [[1, 0], [0, 0], [1, 0], [1, 0], [2, 0], [3, 0]];
    const result = simulate(w, scriptedController(w.grid, [script]));
    expect(result.status).toBe('solved');
    expect(result.agents.cycles[0]).toBe(2);
    expect(result.agents.waits[0]).toBe(1);
    expect(result.agents.pathLength[0]).toBe(6);
    expect(result.agents.lowerBound[0]).toBe(3);
    expect(result.run.pathRatio).toBe(2);
    expect(result.run.turns).toBe(6);
    expect(result.paths[0]).toEqual([0, 1, 0, 1, 1, 2, 3]);
    expect(result.replay.events.filter((e) => e.kind === 'arrival')).toEqual([{ kind: 'arrival', t: 6, agent: 0, cell: 3 }]);
    expect(result.replay.events.filter((e) => e.kind === 'wait').map((e) => e.t)).toEqual([3]);
  });

  it('does not count standing on the goal as waiting, and ends when all agents are home', () => {
    const w = world(['...'], [[[0, 0], [1, 0]], [[2, 0], [2, 0]]]);
    const result = simulate(w, scriptedController(w.grid, [[[1, 0]]]));
    expect(result.run.turns).toBe(1);
    expect(Array.from(result.agents.waits)).toEqual([0, 0]);
    expect(Array.from(result.agents.pathLength)).toEqual([1, 0]);
  });

  it('fails agents not home at the turn limit and says how many', () => {
    const w = world(['.....'], [[[0, 0], [4, 0]]]);
    const result = simulate(w, scriptedController(w.grid, [[[1, 0], [2, 0]]]), { turnLimit: 3 });
    expect(result.status).toBe('failed');
    expect(result.message).toMatch(/1 of 1 agents failed after 3 turns/);
    expect(result.agents.pathLength[0]).toBe(-1);
    expect(result.agents.waits[0]).toBe(1);
  });

  it('records the replay as typed positions, replans, counters and turn times', () => {
    const w = world(['...', '...'], [[[0, 0], [2, 0]], [[0, 1], [2, 1]]]);
    const controller = scriptedController(w.grid, [[[1, 0], [2, 0]], [[1, 1], [2, 1]]], { 0: [1], 1: [1] });
    const step = controller.step;
    controller.step = (view, next, emit) => {
      step(view, next, emit);
      if (view.t === 0) emit({ kind: 'priority-override', t: 0, agent: 0, others: [1] });
    };
    const result = simulate(w, controller);
    const replay = result.replay;
    expect(replay.format).toBe('mapf-lab/replay');
    expect(replay.version).toBe(1);
    expect(replay.positions).toBeInstanceOf(Int32Array);
    expect(replay.positions.length).toBe((replay.turns + 1) * 2);
    for (let t = 0; t <= replay.turns; t++) for (let a = 0; a < 2; a++) expect(replayCell(replay, t, a)).toBe(result.paths[a][t]);
    expect(Array.from(result.agents.replans)).toEqual([0, 2]);
    expect(result.run.replans).toBe(2);
    expect(result.run.overrides).toBe(1);
    expect(replay.events.filter((e) => e.kind === 'priority-override')).toEqual([{ kind: 'priority-override', t: 0, agent: 0, others: [1] }]);
    expect(result.run.expanded).toBe(7);
    expect(result.run.reservationsMax).toBe(3);
    expect(result.turnMs.length).toBe(2);
    expect(result.run.maxTurnMs).toBeGreaterThanOrEqual(result.run.meanTurnMs);
  });

  it('stops when cancelled or out of time', () => {
    const w = world(['.....'], [[[0, 0], [4, 0]]]);
    const cancelled = simulate(w, scriptedController(w.grid, [[[1, 0], [2, 0], [3, 0], [4, 0]]]), { shouldStop: () => true });
    expect(cancelled.status).toBe('cancelled');
    const slow = scriptedController(w.grid, [[[1, 0], [2, 0], [3, 0], [4, 0]]]);
    const step = slow.step;
    // The run's clock moves only in the planner's turns, 300 ms each: a limit that the start-up
    // fits in and one slow turn does not, however busy the machine.
    let now = 0;
    slow.step = (view, next, emit) => {
      now += 300; // a slow planner
      step(view, next, emit);
    };
    const timedOut = simulate(w, slow, { timeLimitMs: 150, clock: () => now });
    expect(timedOut.status).toBe('timeout');
    // The turn that ran past the limit is not played (its controller may have stopped part-way).
    expect(timedOut.message).toBe('time limit of 150 ms reached during turn 0');
    expect(timedOut.run.turns).toBe(0);
  });

  it('validates a run that collided as valid (collisions were refused) and replays 8-connected moves', () => {
    const w = world(['...', '...', '...'], [[[0, 0], [2, 2]]], OCTILE_NO_CUT);
    const result = simulate(w, scriptedController(w.grid, [[[1, 1], [2, 2]]]));
    expect(result.status).toBe('solved');
    expect(result.validation?.valid, describeViolations(result.validation!)).toBe(true);
    // The bound is in turns, as path length is: two diagonal moves take two turns (not 2 sqrt 2).
    expect(result.agents.lowerBound[0]).toBe(2);
    expect(result.agents.pathLength[0]).toBe(2);
    expect(result.run.pathRatio).toBe(1);
  });

  it('lower bounds in turns: moves times the turns a move takes, over cells where a large unit fits', () => {
    const grid = Grid.fromAscii(['.....', '.....', '..@..', '.....']);
    const task = (sx: number, sy: number, gx: number, gy: number, extra: { size?: number; speed?: number } = {}) => ({ start: grid.cell(sx, sy), goal: grid.cell(gx, gy), ...extra });
    const bounds = lowerBounds(grid, FOUR_CONNECTED, [
      task(0, 0, 4, 3), // 7 moves
      task(0, 1, 3, 2, { speed: 3 }), // 4 moves of 3 turns
      task(3, 2, 0, 0, { size: 2 }), // a 2x2 unit goes round the wall up the right side: 5 moves
      task(0, 0, 2, 2), // onto the wall: unreachable
    ]);
    expect(Array.from(bounds)).toEqual([7, 12, 5, Infinity]);
    // 8-connected, one turn per diagonal move: 4 past the wall's corner, 5 without cutting it.
    expect(lowerBounds(grid, OCTILE_CUT, [task(0, 0, 4, 3)])[0]).toBe(4);
    expect(lowerBounds(grid, OCTILE_NO_CUT, [task(0, 0, 4, 3)])[0]).toBe(5);
  });
});
