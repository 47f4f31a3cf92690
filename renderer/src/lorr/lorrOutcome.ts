/**
 * A lifelong run's answer as the replay takes it: each robot's cell and heading per step
 * (replayed from its actions; facing east at step 0), checked by the plan validator under LoRR's
 * MAPF_T rules (forward, turn 90 degrees or wait; no two robots on a cell, no swaps), and the
 * replay analysis. Robots have no goal of their own (tasks come and go), so none is required.
 * The checks are pure (lifelongChecks) so the checks worker runs them (lorrOutcomeSteps.ts): on
 * warehouse_large_5000 (5,000 robots, 300 steps) they were one task of the UI thread.
 */
import type { Grid } from '../../../core/grid/grid.ts';
import { TURNING } from '../../../core/grid/movement.ts';
import { validatePlan, type Violation } from '../../../core/mapf/validator.ts';
import type { SolveResultBody } from '../../../core/protocol/messages.ts';
import type { WireLifelongRun } from '../../../core/protocol/lifelongWire.ts';
import { decodePaths } from '../../../core/protocol/wire.ts';
import { pathsFromActions } from '../../../core/solvers/lifelong/recordPaths.ts';
import { violationText } from '../../../core/contract/verdict.ts';
import { analyseReplay, type ReplayAnalysis } from '../replay/analysis.ts';
import type { SolveOutcome } from '../solve/solveState.ts';

/** What the checks make of a run: headings flat (robot r's step t at r * (steps + 1) + t), the conflicts found, the analysis. */
export interface LifelongChecks {
  headings: Uint8Array;
  steps: number;
  violations: Violation[];
  analysis: ReplayAnalysis;
}

/** The run's part the checks read (its actions replay into headings). */
export type LifelongActions = Pick<WireLifelongRun, 'starts' | 'actions' | 'timeouts' | 'steps'>;

export function lifelongChecks(grid: Grid, paths: readonly (readonly number[])[], run: LifelongActions | undefined): LifelongChecks {
  const steps = paths.length > 0 ? paths[0].length - 1 : 0;
  const headings = new Uint8Array(paths.length * (steps + 1));
  let violations: Violation[] = [];
  if (run && paths.length > 0) {
    const replayed = pathsFromActions(run.starts, run.actions, run.timeouts, run.steps, grid.width);
    for (let r = 0; r < replayed.headings.length; r++) headings.set(replayed.headings[r].slice(0, steps + 1), r * (steps + 1));
    const instance = { grid, movement: TURNING, agents: paths.map((p) => ({ start: p[0], goal: p[p.length - 1] })) };
    violations = validatePlan(instance, paths as number[][], { headings: replayed.headings, requireGoals: false, maxViolations: 200 }).violations;
  }
  const goals = paths.map((p) => p[p.length - 1]);
  return { headings, steps, violations, analysis: analyseReplay(grid, paths as number[][], goals, violations.filter((v) => v.agents.length > 1)) };
}

/** Each robot's headings as a view of the flat array (no copy). */
export function headingRows(checks: Pick<LifelongChecks, 'headings' | 'steps'>, robots: number): Uint8Array[] {
  const span = checks.steps + 1;
  const rows: Uint8Array[] = [];
  for (let r = 0; r < robots; r++) rows.push(checks.headings.subarray(r * span, (r + 1) * span));
  return rows;
}

/** The outcome of a run whose paths are decoded and checked (`checks`: null when they could not be read, `message` says why). */
export function assembleLifelong(grid: Grid, result: SolveResultBody, revision: number, paths: number[][], checks: LifelongChecks | null, message = result.message): SolveOutcome {
  const run = result.lifelong;
  const violations = checks?.violations ?? [];
  const goals = paths.map((p) => p[p.length - 1]);
  return {
    solver: result.solver,
    status: violations.length > 0 && result.status === 'solved' ? 'failed' : result.status,
    paths,
    goals,
    message,
    stats: result.stats,
    conflicts: violations.map((v) => violationText(v, grid)),
    conflictMarks: violations.map((v) => ({ t: v.t, agents: v.agents.slice() })),
    analysis: checks?.analysis ?? analyseReplay(grid, [], [], []),
    revision,
    ...(run ? { lifelong: { run, headings: checks && run && paths.length > 0 ? headingRows(checks, paths.length) : [] } } : {}),
  };
}

/** All of it at once (tests, and where no worker can start). */
export function lifelongOutcome(grid: Grid, result: SolveResultBody, revision: number): SolveOutcome {
  try {
    const paths = decodePaths(result.paths);
    return assembleLifelong(grid, result, revision, paths, lifelongChecks(grid, paths, result.lifelong));
  } catch (error) {
    return assembleLifelong(grid, result, revision, [], null, `could not read the lifelong run: ${error instanceof Error ? error.message : String(error)}`);
  }
}
