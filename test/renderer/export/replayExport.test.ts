import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { completeAgent } from '../../../core/scenario/content.ts';
import { parseReplayFile, replayFromReplayFile } from '../../../core/replayFile/replayFile.ts';
import { validateReplay } from '../../../core/contract/replay.ts';
import { analyseReplay } from '../../../renderer/src/replay/analysis.ts';
import { replayFileText, type ReplayExportInput } from '../../../renderer/src/export/replayExport.ts';
import { encodeReplay } from '../../../core/protocol/turnEventWire.ts';

/**
 *     0 1 2
 *   0 a . .
 *   1 @ . @
 *   2 . . b
 *
 * a waits a turn, then goes (1,0) -> (1,1) -> (1,2); b goes left along the bottom row to (0,2).
 */
const grid = Grid.fromAscii(['...', '@.@', '...']);
const c = (x: number, y: number) => grid.cell(x, y);
const PATHS = [
  [c(0, 0), c(0, 0), c(1, 0), c(1, 1), c(1, 2)],
  [c(2, 2), c(1, 2), c(0, 2)],
];
const GOALS = [c(1, 2), c(0, 2)];

function input(): ReplayExportInput {
  return {
    name: 'Gap',
    grid,
    map: { kind: 'file', path: 'maps/gap.map' },
    movement: { connectivity: 4, corners: 'no-cut' },
    agents: [completeAgent({ id: 'a', start: [0, 0], goal: [1, 2] }, 0), completeAgent({ id: 'b', start: [2, 2], goal: [0, 2] }, 1)],
    events: [{ t: 5, cells: [[1, 1]], action: 'close' }],
    request: { seed: 3, params: { window: 8, turnLimit: 100 } },
    outcome: { solver: 'whca', status: 'solved', paths: PATHS, goals: GOALS, stats: { expanded: 9, elapsedMs: 1, ratio: NaN }, analysis: analyseReplay(grid, PATHS, GOALS) },
  };
}

describe('replayFileText', () => {
  it('exports a plan that reads back as a valid simulator replay, units held on their goal after their path ends', () => {
    const file = parseReplayFile(replayFileText(input()), 'gap-replay.json');
    const replay = replayFromReplayFile(file);
    expect(replay.turns).toBe(4);
    expect(file.positions).toEqual([[0, 0, 2, 2], [0, 0, 1, 2], [1, 0, 0, 2], [1, 1, 0, 2], [1, 2, 0, 2]]);
    const instance = { grid, movement: { connectivity: 4 as const, corners: 'no-cut' as const }, agents: [{ start: PATHS[0][0], goal: GOALS[0] }, { start: PATHS[1][0], goal: GOALS[1] }] };
    expect(validateReplay(instance, replay, { requireGoals: true })).toEqual({ valid: true, violations: [] });
  });

  it('carries the waits and arrivals as simulator events, the map reference, the timed map events, the solver and the metrics', () => {
    const file = parseReplayFile(replayFileText(input()), 'gap-replay.json');
    expect(file.events).toEqual([
      { kind: 'wait', t: 0, agent: 0, cell: [0, 0] },
      { kind: 'arrival', t: 2, agent: 1, cell: [0, 2] },
      { kind: 'arrival', t: 4, agent: 0, cell: [1, 2] },
    ]);
    expect(file.map).toEqual({ kind: 'file', path: 'maps/gap.map' });
    expect([file.width, file.height, file.connectivity, file.corners]).toEqual([3, 3, 4, 'no-cut']);
    expect(file.units.map((u) => [u.id, u.start, u.goal])).toEqual([['a', [0, 0], [1, 2]], ['b', [2, 2], [0, 2]]]);
    expect(file.mapEvents).toEqual([{ t: 5, cells: [[1, 1]], action: 'close' }]);
    expect(file.mapChanges).toEqual([]);
    expect(file.solver).toEqual({ name: 'whca', status: 'solved', seed: 3, params: { window: 8, turnLimit: 100 } });
    expect(file.metrics).toEqual({ sumOfCosts: 6, costModel: 'rest', makespan: 4, stats: { expanded: 9, elapsedMs: 1 } });
  });

  it("exports the simulator's replay as is when the result carried one (its map changes included)", () => {
    const base = input();
    const simulated = {
      format: 'mapf-lab/replay' as const, version: 1 as const, width: 3, height: 3, agents: 2, turns: 2,
      positions: new Int32Array([c(0, 0), c(2, 2), c(1, 0), c(1, 2), c(1, 0), c(0, 2)]),
      events: [{ kind: 'map-change' as const, t: 1, agent: -1, cell: c(1, 1), detail: 'closed' }, { kind: 'replan' as const, t: 1, agent: 0 }],
      mapChanges: [{ t: 1, cells: [c(1, 1)], passable: false }],
    };
    const file = parseReplayFile(replayFileText({ ...base, outcome: { ...base.outcome, replay: encodeReplay(simulated) } }), 'sim-replay.json');
    expect(file.turns).toBe(2);
    expect(file.mapChanges).toEqual([{ t: 1, cells: [[1, 1]], action: 'close' }]);
    expect(file.events.map((e) => e.kind)).toEqual(['map-change', 'replan']);
  });
});
