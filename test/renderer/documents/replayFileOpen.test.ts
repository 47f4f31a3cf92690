/**
 * The app opens its own replay file: the scenario comes back as it was
 * solved (map, units, movement, events, solver settings with the request's own fields put back),
 * and the run's positions are the plan, turn for turn.
 */
import { describe, expect, it } from 'vitest';
import { findSolver, solveWith, solverNames } from '../../../core/registry/registry.ts';
import { decodePaths, encodePaths } from '../../../core/protocol/wire.ts';
import { parseReplayFile } from '../../../core/replayFile/replayFile.ts';
import { contentFromScenario, instanceFromContent, completeAgent } from '../../../core/scenario/content.ts';
import { inlineMapFromGrid } from '../../../core/scenario/inlineMap.ts';
import { Grid } from '../../../core/grid/grid.ts';
import { replayFileText } from '../../../renderer/src/export/replayExport.ts';
import { solveOutcome } from '../../../renderer/src/solve/solveOutcome.ts';
import { resultFromReplayFile, scenarioFromReplayFile } from '../../../renderer/src/documents/replayFileOpen.ts';
import { solveRequestFields } from '../../../renderer/src/solve/solveRequest.ts';
import { encodeReplay } from '../../../core/protocol/turnEventWire.ts';

const grid = Grid.fromAscii(['......', '..@@..', '......']);
const agents = [completeAgent({ id: 'a', start: [0, 0], goal: [5, 2] }, 0), completeAgent({ id: 'b', start: [5, 0], goal: [0, 2], name: 'Cart' }, 1)];
const settings = { solver: 'whca', window: 8, order: 'given' as const, seed: 3, params: {} };

function exported(): string {
  const instance = instanceFromContent({ name: 'S', grid, mapSource: { kind: 'inline' }, movement: { connectivity: 4, corners: 'no-cut' }, agents, solver: settings, events: [], obstacles: [], knowledge: 'now', regions: [] }).instance;
  const request = solveRequestFields(settings, grid.width, grid.height);
  const result = solveWith(findSolver('whca')!, instance, { seed: request.seed, params: request.params });
  const outcome = solveOutcome(instance, { solver: 'whca', status: result.status, paths: encodePaths(result.paths), stats: result.stats, replay: result.replay && encodeReplay(result.replay) }, 1);
  return replayFileText({ name: 'Saved run', grid, map: inlineMapFromGrid(grid), movement: instance.movement, agents, events: [], request, outcome });
}

describe('opening a replay file', () => {
  it('gives back the scenario and the plan it recorded', () => {
    const file = parseReplayFile(exported(), 'run.json');
    const { scenario, unknownSolver } = scenarioFromReplayFile(file, solverNames());
    expect(unknownSolver).toBeNull();
    expect(scenario.name).toBe('Saved run');
    expect(scenario.agents.map((a) => [a.id, a.name, a.start, a.goal])).toEqual([['a', 'a', [0, 0], [5, 2]], ['b', 'Cart', [5, 0], [0, 2]]]);
    // The request's turn limit, window and plan recording are not scenario params.
    expect(scenario.solver).toEqual({ solver: 'whca', window: 8, turnLimit: 100, order: 'given', seed: 3, params: {} });
    const content = contentFromScenario(scenario);
    expect(content.grid.passable).toEqual(grid.passable);
    const result = resultFromReplayFile(file);
    const paths = decodePaths(result.paths);
    expect(paths).toHaveLength(2);
    paths.forEach((path, a) => {
      expect(path).toHaveLength(file.turns + 1);
      path.forEach((cell, t) => expect([cell % grid.width, Math.floor(cell / grid.width)]).toEqual(file.positions[t].slice(2 * a, 2 * a + 2)));
    });
    expect(result.status).toBe(file.solver.status);
    const outcome = solveOutcome(instanceFromContent(content).instance, result, 1);
    expect(outcome.conflicts).toEqual([]);
  });

  it('a solver this build does not know becomes Independent, saying which', () => {
    const file = parseReplayFile(exported().replace('"name": "whca"', '"name": "future-solver"'), 'run.json');
    const { scenario, unknownSolver } = scenarioFromReplayFile(file, solverNames());
    expect(unknownSolver).toBe('future-solver');
    expect(scenario.solver.solver).toBe('independent');
    expect(scenario.solver.params).toEqual({});
  });
});
