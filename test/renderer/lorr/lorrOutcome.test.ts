/**
 * A lifelong run's outcome made the way the checks worker makes it (lifelongChecksWork.ts, the
 * headings flat and viewed per robot) is the outcome made at once: the same headings (as the
 * actions replay), conflicts and analysis. A run whose robots collide is not called solved.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { WALL_CLOCK } from '../../../core/util/clock.ts';
import { solveLifelong } from '../../../core/protocol/lifelongSolve.ts';
import { decodePaths, encodePaths } from '../../../core/protocol/wire.ts';
import { pathsFromActions } from '../../../core/solvers/lifelong/recordPaths.ts';
import { assembleLifelong, lifelongOutcome } from '../../../renderer/src/lorr/lorrOutcome.ts';
import { answerLifelongChecks, lifelongTransfer } from '../../../renderer/src/lorr/lifelongChecksWork.ts';

const ROWS = ['........', '.@@..@@.', '........', '.@@..@@.', '........', '........'];
const FILES = {
  'm.map': ['type octile', `height ${ROWS.length}`, 'width 8', 'map', ...ROWS, ''].join('\n'),
  'a.agents': ['# robots', '4', '0', '7', '32', '39', ''].join('\n'),
  't.tasks': ['# tasks', '4', '40,7', '47,0', '4,44', '20,3', ''].join('\n'),
};
const grid = Grid.fromAscii(ROWS);

function run() {
  const problem = JSON.stringify({ mapFile: 'm.map', agentFile: 'a.agents', taskFile: 't.tasks', teamSize: 4, numTasksReveal: 1.5 });
  return solveLifelong('flow-pibt', { file: 'p.json', problem, files: FILES, steps: 60, stepLimitMs: 1000 }, { seed: 1, clock: WALL_CLOCK });
}

describe('a lifelong run\'s outcome', () => {
  it('is the same checked in the worker (headings flat, moved back) as checked at once', () => {
    const result = run();
    const at = lifelongOutcome(grid, result, 3);
    const answer = answerLifelongChecks({ id: 1, kind: 'lifelong', grid: { width: grid.width, height: grid.height, passable: grid.passable.slice() }, paths: result.paths, run: result.lifelong });
    if ('error' in answer) throw new Error(answer.error);
    expect(lifelongTransfer(answer)).toContain(answer.headings.buffer);
    const stepped = assembleLifelong(grid, result, 3, decodePaths(result.paths), answer);
    const { headings } = pathsFromActions(result.lifelong!.starts, result.lifelong!.actions, result.lifelong!.timeouts, result.lifelong!.steps, grid.width);
    expect(at.status).toBe('solved');
    for (const outcome of [at, stepped]) {
      expect(outcome.lifelong!.headings.map((h) => Array.from(h))).toEqual(headings);
      expect(outcome.conflicts).toEqual([]);
    }
    expect(stepped.analysis.turns).toBe(at.analysis.turns);
    expect(Array.from(stepped.analysis.heat)).toEqual(Array.from(at.analysis.heat));
    expect(stepped.status).toBe(at.status);
  });

  it('calls a run whose robots collide failed, naming the conflict', () => {
    const result = run();
    const paths = decodePaths(result.paths);
    // Robot 2 put on robot 1's cell at step 5: a vertex conflict the validator names.
    paths[1][5] = paths[0][5];
    const broken = { ...result, paths: encodePaths(paths) };
    const answer = answerLifelongChecks({ id: 2, kind: 'lifelong', grid: { width: grid.width, height: grid.height, passable: grid.passable.slice() }, paths: broken.paths, run: broken.lifelong });
    if ('error' in answer) throw new Error(answer.error);
    const outcome = assembleLifelong(grid, broken, 1, paths, answer);
    expect(outcome.status).toBe('failed');
    expect(outcome.conflicts.length).toBeGreaterThan(0);
    expect(lifelongOutcome(grid, broken, 1).conflicts).toEqual(outcome.conflicts);
  });
});
