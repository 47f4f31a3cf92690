/**
 * Solve and cancel: send the model's instance to the solver process, follow its progress, and
 * hand the result to the model (receiveSolution: never an undo step). The request carries the
 * units' size, speed and priority and the scenario's timed map events (instance version 2).
 * The plan is checked by the validator (in a worker) and analysed for the replay player here, once per result:
 * with the simulator's replay when the result has one (validated stretch by stretch on the map in
 * force, its events on the timeline), else from the paths alone.
 */
import { scenarioObstacleParams } from '../../../core/simulation/amongObstacles.ts';
import { obstacleFactory } from '../../../core/registry/registry.ts';
import { encodeInstance } from '../../../core/protocol/wire.ts';
import { streamsFromContent } from '../../../core/scenario/streamInstance.ts';
import { hasStreams } from '../../../core/mapf/streams.ts';
import { solverService } from '../platform/index.ts';
import { notify, solveStore } from './solveState.ts';
import { solveOutcomeInSteps } from './outcomeSteps.ts';
import { unreachableMessage } from './unreachable.ts';
import { replayStore } from '../state/replayState.ts';
import { model } from '../state/session.ts';
import { solveRequestFields } from './solveRequest.ts';
import { lorrStore } from '../lorr/lorrState.ts';
import { solveLorrProblem } from '../lorr/lorrSolve.ts';
import { planlessEnding } from './planlessEnding.ts';

/** Solves the scenario as it is now. `restart`: cancel a run in progress first (live mode). */
export async function solveCurrent(options: { restart?: boolean } = {}): Promise<void> {
  // A League of Robot Runners problem runs lifelong (lorr/lorrSolve.ts), not as the scenario's units.
  if (lorrStore.get().problem) return solveLorrProblem();
  const running = solveStore.get();
  if (running.phase === 'running') {
    if (!options.restart || running.jobId === null) return;
    // The stale run's result is ignored below: its id is no longer the current job's.
    solverService.cancel(running.jobId);
  }
  const { instance, events, obstacles } = model.instance();
  // Units walled off from their goals are named now, not after a solve that cannot succeed. A
  // door that opens later may join them, so scenarios with map events go to the solver as they are.
  const problem = events.length === 0 ? unreachableMessage(instance, model.document.agents.map((a) => a.name)) : null;
  if (problem !== null) {
    if (running.phase === 'running') solveStore.set({ phase: 'idle', jobId: null, progress: '' });
    // The solver panel says so too, in place of 'Ready', until the scenario changes.
    solveStore.set({ refused: { message: problem, revision: model.planRevision } });
    notify('error', problem);
    return;
  }
  solveStore.set({ refused: null });
  const revision = model.planRevision;
  const settings = model.document.solver;
  // The grid is edited in place by the painter: the request gets its own copy on the wire.
  // A param the panels set for another solver or for obstacles is left out (the solver panel lists it).
  // Spawners, exits and errands go as the instance's streams (version 4), run by a turn controller.
  const streams = streamsFromContent(model.document, instance.grid);
  const { dropped: _unused, ...fields } = solveRequestFields(settings, instance.grid.width, instance.grid.height, { obstacles: obstacles.length > 0, streams: hasStreams(streams) });
  // Among moving obstacles units replan by a strategy; by default the one that fits what they know.
  if (obstacles.length > 0) fields.params = scenarioObstacleParams(!!obstacleFactory(settings.solver), model.document.knowledge, fields.params);
  const job = solverService.solve({ ...fields, instance: encodeInstance(instance, events, obstacles, streams) }, (progress) => solveStore.set({ progress: progress.message }));
  solveStore.set({ phase: 'running', jobId: job.id, progress: 'Starting solver…' });
  const result = await job.result;
  if (solveStore.get().jobId !== job.id) return; // a newer solve replaced this one
  // Refused or cancelled with no plan: the plan on screen (if any) stays, the panel says why.
  const planless = planlessEnding(result);
  if (planless !== null && solveStore.get().outcome !== null) {
    // The solver's input check throws a RangeError; the class name is the program's, not the designer's.
    const message = (result.message ?? (planless === 'cancelled' ? 'cancelled' : 'the solver gave no plan')).replace(/^(Range|Type)?Error: /, '');
    solveStore.set({ phase: 'done', jobId: null, progress: '', refused: { message: `${message.replace(/\.$/, '')}.`, revision, status: planless === 'refused' ? 'failed' : 'cancelled' } });
    if (planless === 'refused') notify('error', `${result.solver} did not plan: ${message.replace(/\.$/, '')}. The last plan is kept.`);
    return;
  }
  // The plan is checked against the instance only while the model still is the one solved.
  // The checks run in a worker and the rest in short tasks: the editor stays responsive meanwhile.
  const outcome = await solveOutcomeInSteps(instance, result, revision, model.planRevision === revision, obstacles.map((o) => o.size ?? 1));
  if (solveStore.get().jobId !== job.id) return; // a newer solve started while the answer was checked
  model.dispatch({ type: 'receiveSolution', solution: { solver: result.solver, status: result.status, paths: outcome.paths, message: outcome.message, stats: result.stats } });
  replayStore.set({ t: 0, playing: false });
  solveStore.set({ phase: 'done', jobId: null, progress: '', outcome });
}

export function cancelSolve(): void {
  const { jobId } = solveStore.get();
  if (jobId !== null) solverService.cancel(jobId);
}
