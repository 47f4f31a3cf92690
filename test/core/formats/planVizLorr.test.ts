/**
 * A lifelong run exported in the League's output format reads in PlanViz (its 2024 loader's
 * fields, restated in planVizLorrReader.ts): a run through the solver process's lifelong path
 * (what the app exports) replays in PlanViz's reading to the same cells and headings as the
 * run's own paths, its finishing events count the tasks finished; and a robot never given a task
 * still has a schedule entry PlanViz can parse (an empty one made int('') raise).
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { lorrLifelongDocument } from '../../../core/formats/lorrOutput.ts';
import { WALL_CLOCK } from '../../../core/util/clock.ts';
import { solveLifelong } from '../../../core/protocol/lifelongSolve.ts';
import { lifelongRunDocument } from '../../../core/protocol/lifelongWire.ts';
import { decodePaths } from '../../../core/protocol/wire.ts';
import { pathsFromActions } from '../../../core/solvers/lifelong/recordPaths.ts';
import { readLikePlanViz } from './planVizLorrReader.ts';

const ROWS = ['........', '.@@..@@.', '........', '.@@..@@.', '........', 'E......S'];
const FILES = {
  'm.map': ['type octile', `height ${ROWS.length}`, 'width 8', 'map', ...ROWS, ''].join('\n'),
  'a.agents': ['# robots', '4', '0', '7', '32', '39', ''].join('\n'),
  't.tasks': ['# tasks', '4', '40,7', '47,0', '4,44', '20,3', ''].join('\n'),
};
const grid = Grid.fromAscii(ROWS.map((r) => r.replace(/[ES]/g, '.')));

describe('PlanViz reads the export of a lifelong run', () => {
  it('replays its actions to the run\'s own cells and headings, with every finished task as an event', () => {
    const problem = JSON.stringify({ mapFile: 'm.map', agentFile: 'a.agents', taskFile: 't.tasks', teamSize: 4, numTasksReveal: 1.5 });
    const result = solveLifelong('flow-pibt', { file: 'p.json', problem, files: FILES, steps: 100, stepLimitMs: 1000 }, { seed: 1, clock: WALL_CLOCK });
    const run = result.lifelong!;
    const doc = JSON.parse(JSON.stringify(lifelongRunDocument(grid, run)));
    const read = readLikePlanViz(doc);
    expect(read).toMatchObject({ teamSize: 4, makespan: 100, finishedEvents: run.tasksFinished });
    expect(run.tasksFinished).toBeGreaterThan(3);
    const paths = decodePaths(result.paths);
    const { headings } = pathsFromActions(run.starts, run.actions, run.timeouts, run.steps, grid.width);
    for (let r = 0; r < 4; r++) {
      expect(read.states[r].map(([row, col]) => row * grid.width + col)).toEqual(paths[r]);
      expect(read.states[r].map(([, , h]) => h)).toEqual(headings[r]);
    }
  });

  it('gives a robot never given a task a schedule PlanViz parses', () => {
    const doc = lorrLifelongDocument({
      grid, starts: Int32Array.of(0, 7), steps: 2, actions: Uint8Array.of(1, 0, 2, 0), timeouts: new Uint8Array(2),
      tasks: [{ id: 0, step: 0, errands: Int32Array.of(2) }], events: [1, 0, 0, 1], schedules: [['0:0'], []],
      tasksFinished: 1, plannerTimesMs: [1, 1], plannerErrors: 0, scheduleErrors: 0, timeoutCount: 0,
    });
    expect(() => readLikePlanViz(doc)).not.toThrow();
    expect(readLikePlanViz(doc).states[0]).toEqual([[0, 0, 0], [0, 1, 0], [0, 1, 1]]);
  });
});
