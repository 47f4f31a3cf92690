/**
 * A lifelong run's outcome (lorrOutcome.ts) without a long task on the UI thread: the headings
 * replayed from the actions, the plan validator and the replay analysis run in the checks worker
 * (lifelongChecksWork.ts), the paths are decoded here in slices, and the headings come back as one
 * flat array, moved. On warehouse_large_5000 (5,000 robots, 300 steps) the answer was one task of
 * 201 ms CPU (439 ms wall at load 5.0) on the UI thread; lorrLargeResult.e2e.ts measures it.
 * Where no worker can start (tests in Node), it is lifelongOutcome at once.
 */
import type { Grid } from '../../../core/grid/grid.ts';
import type { SolveResultBody } from '../../../core/protocol/messages.ts';
import { askChecksWorker, decodePathsInSlices, nextTask } from '../solve/outcomeSteps.ts';
import type { SolveOutcome } from '../solve/solveState.ts';
import { assembleLifelong, lifelongOutcome, type LifelongChecks } from './lorrOutcome.ts';
import type { LifelongChecksAnswer, LifelongChecksRequest } from './lifelongChecksWork.ts';

export async function lifelongOutcomeInSteps(grid: Grid, result: SolveResultBody, revision: number): Promise<SolveOutcome> {
  const run = result.lifelong;
  // Copies (structured clone): the paths and actions stay here for the replay and the exports.
  const request: Omit<LifelongChecksRequest, 'id'> = {
    kind: 'lifelong',
    grid: { width: grid.width, height: grid.height, passable: grid.passable.slice() },
    paths: result.paths,
    run: run ? { starts: run.starts, actions: run.actions, timeouts: run.timeouts, steps: run.steps } : undefined,
  };
  const asked = askChecksWorker<LifelongChecksAnswer>(request);
  if (asked === null) return lifelongOutcome(grid, result, revision);
  await nextTask();
  const paths = await decodePathsInSlices(result.paths);
  if (paths instanceof Error) return assembleLifelong(grid, result, revision, [], null, `could not read the lifelong run: ${paths.message}`);
  const answer = await asked;
  await nextTask();
  if ('error' in answer) return lifelongOutcome(grid, result, revision);
  const checks: LifelongChecks = { headings: answer.headings, steps: answer.steps, violations: answer.violations, analysis: answer.analysis };
  return assembleLifelong(grid, result, revision, paths, checks);
}
