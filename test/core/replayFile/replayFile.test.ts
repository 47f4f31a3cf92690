import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { createWhcaController } from '../../../core/solvers/cooperative/cooperativeController.ts';
import { runController } from '../../../core/simulation/simulator.ts';
import { ReplayRecorder, validateReplay } from '../../../core/contract/replay.ts';
import type { TurnEvent } from '../../../core/contract/controller.ts';
import { completeAgent } from '../../../core/scenario/content.ts';
import { parseReplayFile, replayFileFromReplay, replayFromReplayFile, serializeReplayFile, type ReplayFileInfo } from '../../../core/replayFile/replayFile.ts';
import { REPLAY_FILE_VERSION, replayFileJsonSchema } from '../../../core/replayFile/schema.ts';

/**
 * A corridor with a door at (3, 1) that closes at turn 6; two units swap ends through the
 * open middle row.
 *
 *     0 1 2 3 4 5
 *   0 @ @ @ @ @ @
 *   1 A . . d . B
 *   2 . . . . . .
 */
const ROWS = ['@@@@@@', '......', '......'];

function info(grid: Grid, overrides: Partial<ReplayFileInfo> = {}): ReplayFileInfo {
  return {
    name: 'Door corridor',
    map: { kind: 'inline', rows: grid.toAscii() },
    connectivity: 4,
    corners: 'no-cut',
    units: [completeAgent({ id: 'a', start: [0, 1], goal: [5, 1] }, 0), completeAgent({ id: 'b', start: [5, 1], goal: [0, 1] }, 1)],
    mapEvents: [{ t: 6, cells: [[3, 1]], action: 'close' }],
    solver: { name: 'whca', status: 'solved', seed: 1, params: { window: 8 } },
    metrics: { sumOfCosts: 12, makespan: 6, stats: { expanded: 40, elapsedMs: 1.5 } },
    ...overrides,
  };
}

/** Events as JSON sees them (an empty `others` list is left out of the file). */
function plain(events: readonly TurnEvent[]): unknown {
  return JSON.parse(JSON.stringify(events.map((e) => ({ ...e, others: e.others && e.others.length > 0 ? e.others : undefined }))));
}

function simulated() {
  const grid = Grid.fromAscii(ROWS);
  const instance = { grid, movement: { connectivity: 4 as const, corners: 'no-cut' as const }, agents: [{ start: grid.cell(0, 1), goal: grid.cell(5, 1) }, { start: grid.cell(5, 1), goal: grid.cell(0, 1) }] };
  const result = runController(instance, createWhcaController, { seed: 1, params: { window: 8 } }, { turnLimit: 40, mapEvents: [{ t: 6, cells: [grid.cell(3, 1)], passable: false }] });
  return { grid, instance, result };
}

describe('replay file', () => {
  it('round-trips a simulated run: positions, events and map changes come back identical', () => {
    const { grid, instance, result } = simulated();
    const replay = result.replay;
    expect(replay.events.length).toBeGreaterThan(0);
    expect(replay.mapChanges).toEqual([{ t: 6, cells: [grid.cell(3, 1)], passable: false }]);

    const text = serializeReplayFile(replayFileFromReplay(replay, info(grid)));
    const file = parseReplayFile(text, 'run.json');
    const back = replayFromReplayFile(file);
    expect(back.turns).toBe(replay.turns);
    expect(Array.from(back.positions)).toEqual(Array.from(replay.positions));
    expect(back.mapChanges).toEqual(replay.mapChanges);
    expect(plain(back.events)).toEqual(plain(replay.events));
    expect(back.events.some((e) => e.kind === 'map-change')).toBe(true);
    expect(validateReplay(instance, back).valid).toBe(true);
    // And the text is stable: writing the read file again gives the same bytes.
    expect(serializeReplayFile(file)).toBe(text);
    expect(file.mapEvents).toEqual([{ t: 6, cells: [[3, 1]], action: 'close' }]);
    expect(file.solver).toEqual({ name: 'whca', status: 'solved', seed: 1, params: { window: 8 } });
  });

  it('writes cells as [x, y] and one line of positions per turn', () => {
    const grid = Grid.fromAscii(ROWS);
    const recorder = new ReplayRecorder(2, 2);
    recorder.record(Int32Array.of(grid.cell(0, 1), grid.cell(5, 1)));
    recorder.record(Int32Array.of(grid.cell(1, 1), grid.cell(5, 2)));
    recorder.events.push({ kind: 'wait', t: 1, agent: 1, cell: grid.cell(5, 2) });
    const text = serializeReplayFile(replayFileFromReplay(recorder.finish(6, 3), info(grid)));
    expect(text).toContain('"positions": [\n    [0,1,5,1],\n    [1,1,5,2]\n  ]');
    expect(JSON.parse(text).events).toEqual([{ kind: 'wait', t: 1, agent: 1, cell: [5, 2] }]);
  });

  it('refuses an unknown version, another format and broken positions, saying which', () => {
    const { grid, result } = simulated();
    const good = JSON.parse(serializeReplayFile(replayFileFromReplay(result.replay, info(grid))));
    const read = (data: unknown) => () => parseReplayFile(JSON.stringify(data), 'r.json');
    expect(read({ ...good, version: REPLAY_FILE_VERSION + 1 })).toThrow('r.json: replay file version 3 is not supported (this build reads versions 1 and 2)');
    expect(read({ ...good, format: 'mapf-lab/scenario' })).toThrow('not a MAPF Lab replay: format is "mapf-lab/scenario"');
    expect(read({ ...good, positions: good.positions.slice(1) })).toThrow(`positions: ${good.positions.length - 1} turns of positions, expected turns + 1 = ${good.positions.length}`);
    const moved = good.positions.map((row: number[], t: number) => (t === 2 ? [9, 1, ...row.slice(2)] : row));
    expect(read({ ...good, positions: moved })).toThrow('positions[2]: cell (9, 1) is outside the 6x3 map');
    expect(read({ ...good, solver: { ...good.solver, status: 'great' } })).toThrow('solver.status:');
    expect(() => parseReplayFile('{"format": ', 'r.json')).toThrow('r.json: not JSON');
  });

  it('says what it found where a field is wrong, not only "Invalid input"', () => {
    const { grid, result } = simulated();
    const good = JSON.parse(serializeReplayFile(replayFileFromReplay(result.replay, info(grid))));
    const read = (data: unknown) => () => parseReplayFile(JSON.stringify(data), 'r.json');
    expect(read({ ...good, name: 12 })).toThrow('r.json: name: expected a string, found 12');
    const { name: _name, ...unnamed } = good;
    expect(read(unnamed)).toThrow('r.json: name: missing, expected a string');
    expect(read({ ...good, solver: { ...good.solver, status: 'great' } })).toThrow(/solver\.status: .*found "great"/);
  });

  it('refuses to describe a replay with the wrong number of units', () => {
    const { grid, result } = simulated();
    expect(() => replayFileFromReplay(result.replay, info(grid, { units: [] }))).toThrow('the replay has 2 units but 0 are described');
  });

  it('exports a JSON Schema with the format and version fixed', () => {
    const schema = replayFileJsonSchema() as { properties: Record<string, { const?: unknown }> };
    expect(schema.properties.format.const).toBe('mapf-lab/replay-file');
    expect(JSON.stringify(schema.properties.version)).toMatch(/1.*2/);
  });

  it('a version-1 file still opens (as version 2 without streams), and [-1, -1] off the map is refused in it', () => {
    const { grid, result } = simulated();
    const v1 = { ...replayFileFromReplay(result.replay, info(grid)), version: 1 } as const;
    const opened = parseReplayFile(JSON.stringify(v1), 'old.json');
    expect(opened.version).toBe(2);
    expect(opened.streams).toBeUndefined();
    expect(replayFromReplayFile(opened).positions).toEqual(result.replay.positions);
    const absent = { ...v1, positions: v1.positions.map((row, t) => (t === 0 ? [-1, -1, ...row.slice(2)] : row)) };
    expect(() => parseReplayFile(JSON.stringify(absent), 'old.json')).toThrow(/positions\[0\]: unit 1 at \(-1, -1\)/);
  });

  it('a stream run round-trips: units off the map as [-1, -1] come back ABSENT, with the streams and their measures', () => {
    const streamGrid = Grid.fromAscii(['......@......', '.............', '......@......']);
    const streams = {
      spawners: [{ name: 'west', cells: [streamGrid.cell(0, 0)], startTurn: 0, schedule: { kind: 'every' as const, every: 4 }, count: 3, seed: 1, goal: { kind: 'exit' as const, exit: 0 }, size: 1, speed: 1, priority: 0 }],
      exits: [{ name: 'east', cells: [streamGrid.cell(12, 2)] }],
      placed: [],
    };
    const run = runController({ grid: streamGrid, movement: { connectivity: 4, corners: 'no-cut' }, agents: [] }, createWhcaController, { seed: 1, params: {} }, { turnLimit: 200, streams });
    expect(run.streams!.left).toBe(3);
    const units = run.paths.map((p, a) => {
      const on = p.filter((c) => c >= 0);
      const xy = (c: number): [number, number] => [c % streamGrid.width, Math.floor(c / streamGrid.width)];
      return completeAgent({ id: `s${a + 1}`, start: xy(on[0]), goal: xy(on[on.length - 1]) }, a);
    });
    const written = replayFileFromReplay(run.replay, info(streamGrid, {
      units,
      mapEvents: [],
      streams: {
        placed: 0,
        spawners: [{ name: 'west', area: { cells: [[0, 0]] }, startTurn: 0, every: 4, random: false, seed: 1, count: 3, goal: { exit: 'east' }, size: 1, speed: 1, priority: 0 }],
        exits: [{ name: 'east', area: { cells: [[12, 2]] } }],
        tasks: [],
        measures: { ...run.streams!, unitSizes: [1, 1, 1] },
      },
    }));
    expect(written.positions[0].slice(2)).toEqual([-1, -1, -1, -1]);
    const back = parseReplayFile(serializeReplayFile(written), 'stream.json');
    const replay = replayFromReplayFile(back);
    expect(replay.positions).toEqual(run.replay.positions);
    expect(Array.from(replay.positions).filter((c) => c === -1).length).toBeGreaterThan(0);
    expect(back.streams!.measures.left).toBe(3);
    expect(back.streams!.spawners[0].name).toBe('west');
  });
});
