/**
 * A stream's run saved as a replay file from the app and opened again: the file holds every unit
 * (spawned ones after the scenario's own, off the map as [-1, -1]), the spawners and exits and
 * the measures; opening it gives the scenario's own units only, its spawners and exits back, and
 * the same plan, ABSENT where it was, with the measures and the spawned units for the player.
 */
import { describe, expect, it } from 'vitest';
import { solverNames } from '../../../core/registry/registry.ts';
import { parseReplayFile } from '../../../core/replayFile/replayFile.ts';
import { contentFromScenario, instanceFromContent } from '../../../core/scenario/content.ts';
import { inlineMapFromGrid } from '../../../core/scenario/inlineMap.ts';
import { streamsFromContent } from '../../../core/scenario/streamInstance.ts';
import { solveStream } from '../../../core/protocol/streamSolve.ts';
import { ABSENT } from '../../../core/mapf/plan.ts';
import { Grid } from '../../../core/grid/grid.ts';
import type { ScenarioExit, ScenarioSpawner } from '../../../core/scenario/streamSchema.ts';
import { replayFileText } from '../../../renderer/src/export/replayExport.ts';
import { solveOutcome } from '../../../renderer/src/solve/solveOutcome.ts';
import { resultFromReplayFile, scenarioFromReplayFile } from '../../../renderer/src/documents/replayFileOpen.ts';

const grid = Grid.fromAscii(['......@......', '.............', '......@......']);
const spawners: ScenarioSpawner[] = [{ name: 'gate', area: { from: [0, 0], to: [0, 1] }, startTurn: 0, every: 3, random: false, seed: 1, count: 4, goal: { exit: 'dock' }, size: 1, speed: 1, priority: 0 }];
const exits: ScenarioExit[] = [{ name: 'dock', area: { cells: [[12, 2]] } }];
const settings = { solver: 'pibt', order: 'given' as const, seed: 1, params: {} };
const content = { name: 'S', grid, mapSource: { kind: 'inline' as const }, movement: { connectivity: 4 as const, corners: 'no-cut' as const }, agents: [], solver: settings, events: [], obstacles: [], knowledge: 'now' as const, regions: [], spawners, exits, tasks: [] };

describe('a stream in a replay file', () => {
  it('saves every unit with the streams and measures, and opens as the scenario with the same plan', () => {
    const { instance } = instanceFromContent(content);
    const result = solveStream('pibt', instance, streamsFromContent(content, grid), { turnLimit: 200 });
    expect(result.status, result.message).toBe('solved');
    const outcome = solveOutcome(instance, result, 1);
    expect(outcome.conflicts).toEqual([]);
    expect(outcome.streamUnits?.map((u) => u.name)).toEqual(['spawned 1', 'spawned 2', 'spawned 3', 'spawned 4']);
    const text = replayFileText({ name: 'Stream run', grid, map: inlineMapFromGrid(grid), movement: instance.movement, agents: [], events: [], streams: { spawners, exits, tasks: [] }, request: { seed: 1, params: {} }, outcome });
    const file = parseReplayFile(text, 'run.json');
    expect(file.version).toBe(2);
    expect(file.units).toHaveLength(4);
    expect(file.positions[0]).toContain(-1);
    const { scenario } = scenarioFromReplayFile(file, solverNames());
    expect(scenario.agents).toEqual([]);
    expect(scenario.spawners.map((s) => s.name)).toEqual(['gate']);
    expect(scenario.exits).toEqual(exits);
    const opened = contentFromScenario(scenario);
    const again = solveOutcome(instanceFromContent(opened).instance, resultFromReplayFile(file), 2);
    expect(again.paths).toEqual(outcome.paths);
    expect(again.paths[3][0]).toBe(ABSENT);
    expect(again.streams?.left).toBe(4);
    expect(again.streamUnits).toHaveLength(4);
    expect(again.conflicts).toEqual([]);
  });
});
