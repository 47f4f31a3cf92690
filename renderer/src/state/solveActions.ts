/**
 * Solve and cancel: send the model's instance to the solver process, follow its progress, and
 * hand the result to the model (receiveSolution: never an undo step). The request carries the
 * units' size, speed and priority and the scenario's timed map events (instance version 2).
 * The plan is checked by the validator and analysed for the replay player here, once per result:
 * with the simulator's replay when the result has one (validated stretch by stretch on the map in
 * force, its events on the timeline), else from the paths alone.
 */
import { encodeInstance, decodePaths } from '../../../core/protocol/wire.ts';
import { validatePlan, type Violation } from '../../../core/mapf/validator.ts';
import { obstacleViolations } from '../../../core/mapf/obstacles.ts';
import { validateReplay } from '../../../core/solvers/replay.ts';
import { violationText } from '../../../core/solvers/verdict.ts';
import { solverService } from '../platform/index.ts';
import { analyseReplay } from '../replay/analysis.ts';
import { type SolveOutcome, notify, solveStore } from './solveState.ts';
import { unreachableMessage } from './unreachable.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import type { SolveResultBody } from '../../../core/protocol/messages.ts';
import { replayStore } from './replayState.ts';
import { model } from './session.ts';
import { solveRequestFields } from './solveRequest.ts';

/** Solves the scenario as it is now. `restart`: cancel a run in progress first (live mode). */
export async function solveCurrent(options: { restart?: boolean } = {}): Promise<void> {
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
    notify('error', problem);
    return;
  }
  const revision = model.planRevision;
  const settings = model.document.solver;
  // The grid is edited in place by the painter: the request gets its own copy on the wire.
  const fields = solveRequestFields(settings, instance.grid.width, instance.grid.height);
  // Among moving obstacles units replan by a strategy; by default the one that fits what they know.
  if (obstacles.length > 0) fields.params = { strategy: model.document.knowledge === 'timetable' ? 'predict' : 'recalc', ...fields.params };
  const job = solverService.solve({ ...fields, instance: encodeInstance(instance, events, obstacles) }, (progress) => solveStore.set({ progress: progress.message }));
  solveStore.set({ phase: 'running', jobId: job.id, progress: 'Starting solver…' });
  const result = await job.result;
  if (solveStore.get().jobId !== job.id) return; // a newer solve replaced this one
  // The plan is checked against the instance only while the model still is the one solved.
  const outcome = solveOutcome(instance, result, revision, model.planRevision === revision, obstacles.map((o) => o.size ?? 1));
  model.dispatch({ type: 'receiveSolution', solution: { solver: result.solver, status: result.status, paths: outcome.paths, message: outcome.message, stats: result.stats } });
  replayStore.set({ t: 0, playing: false });
  solveStore.set({ phase: 'done', jobId: null, progress: '', outcome });
}

/**
 * A solver's answer for `instance` as the replay player and the exports take it: the paths, the
 * validator's conflicts (when `validate`), and the analysis (positions, waits, congestion). Used
 * by the editor's solve and by the lab, which saves a run's replay file without the editor.
 */
/** `obstacleSizes`: the moving obstacles' footprint sides, when the run was among them. */
export function solveOutcome(instance: MapfInstance, result: SolveResultBody, revision: number, validate = true, obstacleSizes: readonly number[] = []): SolveOutcome {
  let paths: number[][] = [];
  let violations: Violation[] = [];
  let message = result.message;
  try {
    paths = decodePaths(result.paths);
    if (paths.length > 0 && validate) {
      const options = { requireGoals: result.status === 'solved', maxViolations: 200 };
      violations = (result.replay ? validateReplay(instance, result.replay, options) : validatePlan(instance, paths, options)).violations;
    }
  } catch (error) {
    message = `could not read the solver's answer: ${error instanceof Error ? error.message : String(error)}`;
  }
  const goals = instance.agents.map((a) => a.goal);
  let obstaclePaths: number[][] | undefined;
  if (result.obstaclePaths) {
    try {
      obstaclePaths = decodePaths(result.obstaclePaths);
      // Units among obstacles: never on an obstacle's cell, never swapping with one.
      if (validate) {
        for (const v of obstacleViolations(paths, obstaclePaths, obstacleSizes, instance.grid.width)) {
          violations.push({ rule: 'obstacle', agents: [v.unit], t: v.t, cell: v.cell, message: `unit ${v.unit + 1} ${v.kind === 'swap' ? 'swaps cells with' : 'shares a cell with'} obstacle ${v.obstacle + 1}` });
        }
      }
    } catch (error) {
      message = `could not read the obstacles' paths: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  const replay = result.replay && result.replay.agents === paths.length ? result.replay : undefined;
  const analysis = analyseReplay(instance.grid, paths, goals, violations.filter((v) => v.agents.length > 1), replay);
  return {
    solver: result.solver,
    status: result.status,
    paths,
    goals,
    message,
    stats: result.stats,
    conflicts: violations.map((v) => violationText(v, instance.grid)),
    analysis,
    replay,
    obstaclePaths,
    revision,
  };
}

export function cancelSolve(): void {
  const { jobId } = solveStore.get();
  if (jobId !== null) solverService.cancel(jobId);
}
