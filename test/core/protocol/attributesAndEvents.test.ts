/**
 * Unit attributes and timed map events through the whole protocol (client -> in-memory solver
 * process -> result with the simulator's replay), checked with the one plan validator.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import { SolverClient } from '../../../core/protocol/client.ts';
import { memorySpawner } from '../../../core/protocol/memoryPort.ts';
import { decodeInstance, decodePaths, encodeInstance, type MapEventInput } from '../../../core/protocol/wire.ts';
import { replayCell, validateReplay } from '../../../core/contract/replay.ts';
import { validatePlan } from '../../../core/mapf/validator.ts';
import { decodeTurnEvents } from '../../../core/protocol/turnEventWire.ts';

const solveThroughProtocol = async (instance: MapfInstance, solver: string, events: MapEventInput[] = [], params: Record<string, unknown> = {}) => {
  const client = new SolverClient(memorySpawner().spawn);
  try {
    const wire = encodeInstance(instance, events);
    const result = await client.solve({ solver, instance: wire, seed: 1, timeLimitMs: 10_000, params }).result;
    // The solver process saw the decoded instance; validate against the same.
    return { result, instance: decodeInstance(wire), paths: decodePaths(result.paths) };
  } finally {
    client.dispose();
  }
};

// A corridor on row 1 with a door at (4, 1); row 3 is the way round.
const DOOR_MAP = [
  '@@@@@@@@@',
  '.........',
  '.@@@@@@@.',
  '.........',
  '@@@@@@@@@',
];

describe('timed map events through the protocol', () => {
  it('WHCA* goes round a door that closes at turn 3, and the replay shows the change', async () => {
    const grid = Grid.fromAscii(DOOR_MAP);
    const door = grid.cell(4, 1);
    const instance: MapfInstance = { grid, movement: { connectivity: 4, corners: 'no-cut' }, agents: [{ start: grid.cell(0, 1), goal: grid.cell(8, 1) }] };
    const { result, instance: solved, paths } = await solveThroughProtocol(instance, 'whca', [{ t: 3, action: 'close', cells: [door] }], { window: 8 });
    expect(result.status).toBe('solved');
    const replay = result.replay!;
    expect(replay).toMatchObject({ format: 'mapf-lab/replay', version: 1, agents: 1 });
    expect(replay.positions).toBeInstanceOf(Int32Array);
    expect(replay.mapChanges).toEqual([{ t: 3, cells: [door], passable: false }]);
    expect(decodeTurnEvents(replay.events)).toContainEqual(expect.objectContaining({ kind: 'map-change', t: 3, cell: door, detail: 'closed' }));
    for (let t = 3; t <= replay.turns; t++) expect(replayCell(replay, t, 0)).not.toBe(door);
    // Straight through would take 8 turns; the way round is longer.
    expect(replay.turns).toBeGreaterThan(8);
    expect(paths[0][paths[0].length - 1]).toBe(grid.cell(8, 1));
    // Each stretch is valid on the map in force during it …
    expect(validateReplay(solved, replay, { requireGoals: true })).toEqual({ valid: true, violations: [] });
    // … and the check is not blind: the straight route through the closed door is refused.
    const straight = Int32Array.from({ length: 9 }, (_, x) => grid.cell(x, 1));
    const through = { ...replay, turns: 8, positions: straight, events: [] };
    const verdict = validateReplay(solved, through, { requireGoals: true });
    expect(verdict.valid).toBe(false);
    expect(verdict.violations[0].t).toBeGreaterThanOrEqual(3);
  });

  it('WHCA* waits at a door that closes at turn 1 and opens at turn 12 when there is no way round', async () => {
    const grid = Grid.fromAscii(['@@@@@@@', '.......', '@@@@@@@']);
    const door = grid.cell(3, 1);
    const instance: MapfInstance = { grid, movement: { connectivity: 4, corners: 'no-cut' }, agents: [{ start: grid.cell(0, 1), goal: grid.cell(6, 1) }] };
    const { result, instance: solved } = await solveThroughProtocol(instance, 'whca', [
      { t: 1, action: 'close', cells: [door] },
      { t: 12, action: 'open', cells: [door] },
    ]);
    expect(result.status).toBe('solved');
    const replay = result.replay!;
    for (let t = 1; t <= 12; t++) expect(replayCell(replay, t, 0)).not.toBe(door);
    expect(replay.mapChanges.map((c) => [c.t, c.passable])).toEqual([[1, false], [12, true]]);
    expect(replay.turns).toBeGreaterThan(12);
    expect(validateReplay(solved, replay, { requireGoals: true }).valid).toBe(true);
  });

  it('offline solvers refuse map events with status failed and say what to use instead', async () => {
    const grid = Grid.fromAscii(DOOR_MAP);
    const instance: MapfInstance = { grid, movement: { connectivity: 4, corners: 'no-cut' }, agents: [{ start: grid.cell(0, 1), goal: grid.cell(8, 1) }] };
    for (const solver of ['independent', 'astar', 'id+od']) {
      const { result, paths } = await solveThroughProtocol(instance, solver, [{ t: 3, action: 'close', cells: [grid.cell(4, 1)] }]);
      expect(result.status).toBe('failed');
      expect(result.message).toBe(`${solver} plans on a fixed map and does not support timed map events (1 given); use a solver that runs in the simulator (lra, ca, hca, whca, pibt, rhcr) or remove the events`);
      expect(paths).toEqual([]);
      expect(result.replay).toBeUndefined();
    }
    // Without events the same request solves, and carries no replay (it did not run in the simulator).
    const plain = await solveThroughProtocol(instance, 'independent');
    expect(plain.result.status).toBe('solved');
    expect(plain.result.replay).toBeUndefined();
  });
});

describe('unit size and speed through the protocol', () => {
  const open = () => Grid.fromAscii(['......', '......', '......', '......', '......', '......']);

  it('a 2x2 unit and a slow unit solved by WHCA*: footprints and speed pass the validator', async () => {
    const grid = open();
    const instance: MapfInstance = {
      grid,
      movement: { connectivity: 4, corners: 'no-cut' },
      agents: [
        { start: grid.cell(0, 0), goal: grid.cell(4, 4), size: 2 },
        { start: grid.cell(5, 0), goal: grid.cell(0, 5), speed: 2, priority: 1 },
      ],
    };
    const { result, instance: solved, paths } = await solveThroughProtocol(instance, 'whca');
    expect(solved.agents).toEqual(instance.agents.map((a) => ({ size: 1, speed: 1, priority: 0, ...a })));
    expect(result.status).toBe('solved');
    expect(validatePlan(solved, paths, { requireGoals: true })).toEqual({ valid: true, violations: [] });
    expect(validateReplay(solved, result.replay!, { requireGoals: true }).valid).toBe(true);
    // The slow unit needs 2 turns a move: 10 moves take at least 19 turns (it may start at once).
    const slowArrival = paths[1].indexOf(grid.cell(0, 5));
    expect(slowArrival).toBeGreaterThanOrEqual(19);
    // The validator really checks speed: the same cells one a turn break the 'speed' rule.
    const hurried = [paths[0], [grid.cell(5, 0), grid.cell(4, 0), grid.cell(3, 0)]];
    expect(validatePlan(solved, hurried, { requireGoals: false }).violations.map((v) => v.rule)).toContain('speed');
  });

  it('the optimal solvers refuse big and slow units with a message', async () => {
    const grid = open();
    const instance: MapfInstance = { grid, movement: { connectivity: 4, corners: 'no-cut' }, agents: [{ start: 0, goal: 35, size: 2 }] };
    const { result } = await solveThroughProtocol(instance, 'astar');
    expect(result.status).not.toBe('solved');
    expect(result.message).toMatch(/size|speed/);
  });
});
