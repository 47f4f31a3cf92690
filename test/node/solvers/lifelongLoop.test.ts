/**
 * A refactor test: the League of Robot Runners runner on the staged turn loop reproduces what its
 * own loop gave. The expected outputs (test/fixtures/lifelongOldLoop.json) are the OLD loop's
 * results: computed by running the runner as it was before the change (commit ec0c908) on the
 * cases of test/support/lifelongCases.ts, not written by hand. Each run's tasks finished, tasks
 * finished per step, errands, timeouts, refused steps, waits, moves and turns, the scheduler's and
 * planner's counts, digests of every action, task event and schedule, and the turning validator's
 * verdict must be the same.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BENCHMARKS_DIR } from '../../support/benchmarks.ts';
import { EXAMPLE_RUNS, PLANNERS, cancelledRun, exampleRun, lateRun, readExample } from '../../support/lifelongCases.ts';

const EXAMPLES = `${BENCHMARKS_DIR}/lorr-2024/example_problems`;
const OLD = (JSON.parse(readFileSync(new URL('../../fixtures/lifelongOldLoop.json', import.meta.url), 'utf8')) as { runs: Record<string, unknown> }).runs;

describe.skipIf(!existsSync(EXAMPLES))(`the lifelong runner gives the old loop's outputs (${EXAMPLES})`, () => {
  for (const { file, robots, steps } of EXAMPLE_RUNS) {
    for (const planner of PLANNERS) {
      it(`${file}, ${robots} robots, ${steps} steps, ${planner}`, () => {
        const run = exampleRun(readExample(EXAMPLES, file, robots), planner, steps);
        expect(run.valid).toBe(true);
        expect(run).toEqual(OLD[`${file} ${planner}`]);
      });
    }
  }

  it('a step that misses its limit: whole steps of waiting first, cut at the last step', () => {
    const random = readExample(EXAMPLES, EXAMPLE_RUNS[0].file);
    const run = lateRun(random, { 3: 25, 7: 12, 13: 31, 38: 45 });
    expect(run.timeouts).toBe(8);
    expect(run).toEqual(OLD.late);
  });

  it('cancelled part-way and on the last step, progress told after every played step', () => {
    const random = readExample(EXAMPLES, EXAMPLE_RUNS[0].file);
    expect(cancelledRun(random, 60, 45)).toEqual(OLD.cancelled);
    expect(cancelledRun(random, 30, 30)).toEqual(OLD.cancelledLast);
  });
});
