/**
 * A lifelong run's measures in the results (the League of Robot Runners' score and what explains
 * it): tasks finished and per step, planning time per step (mean, p99, max, on the run's clock),
 * robot-steps waiting, timeouts and errors; the planner and scheduler that ran; the export for PlanViz; the validator's verdict on
 * the turning paths.
 */
import type { SolveOutcome } from '../solve/solveState.ts';
import { exportPlanViz } from './lorrExport.ts';

export function LifelongResults({ outcome }: { outcome: SolveOutcome }) {
  const run = outcome.lifelong!.run;
  return (
    <section className="panel" aria-label="Results">
      <h2>Results</h2>
      <button type="button" className="export" onClick={() => void exportPlanViz()} title="Save the run as the League of Robot Runners' output file, which PlanViz replays" data-testid="export-planviz">
        Export for PlanViz (.json)
      </button>
      <dl className="stream-measures" data-testid="lifelong-results">
        {run.planner !== undefined && (
          <>
            <dt>Ran</dt>
            <dd data-testid="lifelong-ran">planner {run.planner}, scheduler {run.scheduler ?? 'greedy'}</dd>
          </>
        )}
        <dt>Tasks finished</dt>
        <dd data-testid="lifelong-tasks">{run.tasksFinished} in {run.steps} steps ({(run.tasksFinished / Math.max(1, run.steps)).toFixed(2)} a step), {run.errandsDone} errands</dd>
        <dt>Planning a step</dt>
        <dd title={`On the ${run.clock} clock; a step may take ${run.stepLimitMs} ms`}>mean {run.planMeanMs.toFixed(1)} ms, p99 {run.planP99Ms.toFixed(1)} ms, max {run.planMaxMs.toFixed(1)} ms</dd>
        <dt>Robots</dt>
        <dd>{run.robots}, {(100 * run.waitShare).toFixed(1)}% of robot-steps waiting</dd>
        <dt>Timeouts, errors</dt>
        <dd>{run.timeoutCount} steps lost to timeouts, {run.plannerErrors} planner errors, {run.scheduleErrors} schedule errors</dd>
      </dl>
      <p className={outcome.conflicts.length ? 'conflicts' : 'valid'} data-testid="validation">
        {outcome.conflicts.length === 0 ? 'Plan validator (turning robots): no conflicts.' : `Plan validator: ${outcome.conflicts.length} conflicts. First: ${outcome.conflicts[0]}`}
      </p>
    </section>
  );
}
