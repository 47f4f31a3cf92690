/**
 * Solve with a League of Robot Runners problem open: the problem (its JSON and files' texts) goes
 * to the solver process with the chosen lifelong planner, task scheduler, steps and per-step limit; progress says
 * the step and the tasks finished, Cancel ends the run as any solve's; the answer becomes the
 * plan on screen with each robot's headings and the run's throughput. The map and robots run are
 * the document's: a wall painted or a robot moved since the problem opened is in the run
 * (lorrEdits.ts), and the progress line says so.
 */
import { lorrRunFiles } from '../../../core/formats/lorrEdits.ts';
import { encodeInstance } from '../../../core/protocol/wire.ts';
import { solverService } from '../platform/index.ts';
import { replayStore } from '../state/replayState.ts';
import { model } from '../state/session.ts';
import { notify, solveStore } from '../solve/solveState.ts';
import { lifelongOutcomeInSteps } from './lorrOutcomeSteps.ts';
import { lorrStore } from './lorrState.ts';

export async function solveLorrProblem(): Promise<void> {
  const { problem, planner, scheduler, steps, stepLimitMs } = lorrStore.get();
  if (!problem) return;
  if (solveStore.get().phase === 'running') return;
  solveStore.set({ refused: null });
  const revision = model.planRevision;
  const { instance } = model.instance();
  let run;
  try {
    run = lorrRunFiles(problem.text, problem.name, problem.files, instance.grid, instance.agents.map((a) => a.start));
  } catch (error) {
    notify('error', `${problem.name} with the document's edits: ${(error as Error).message}`);
    return;
  }
  const dropped = run.tasksDropped === 0 ? '' : ` (${run.tasksDropped.toLocaleString('en')} tasks left out: an errand on a wall painted since)`;
  const withEdits = run.edited.length === 0 ? '' : ` with the ${run.edited.join(' and ')} as edited${dropped}`;
  const job = solverService.solve(
    {
      solver: planner,
      instance: encodeInstance(instance),
      seed: model.document.solver.seed,
      lifelong: { file: problem.name, problem: run.problem, files: run.files, steps, stepLimitMs, scheduler },
    },
    (progress) => solveStore.set({ progress: progress.message }),
  );
  solveStore.set({ phase: 'running', jobId: job.id, progress: `Starting ${planner} (scheduler ${scheduler}) on ${problem.name}${withEdits}…` });
  const result = await job.result;
  if (solveStore.get().jobId !== job.id) return;
  // Checked in the checks worker, decoded in slices: the editor stays responsive meanwhile.
  const outcome = await lifelongOutcomeInSteps(instance.grid, result, revision);
  if (solveStore.get().jobId !== job.id) return;
  model.dispatch({ type: 'receiveSolution', solution: { solver: result.solver, status: outcome.status, paths: outcome.paths, message: outcome.message, stats: result.stats } });
  replayStore.set({ t: 0, playing: false });
  solveStore.set({ phase: 'done', jobId: null, progress: '', outcome });
  if (outcome.status === 'failed') notify('error', `${problem.name}: ${outcome.message ?? 'the run failed'}`);
}
