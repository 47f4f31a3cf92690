/**
 * A lifelong run's answer as the replay takes it (pure): each robot's cell and heading per step
 * (replayed from its actions; facing east at step 0), checked by the plan validator under LoRR's
 * MAPF_T rules (forward, turn 90 degrees or wait; no two robots on a cell, no swaps), and the
 * replay analysis. Robots have no goal of their own (tasks come and go), so none is required.
 */
import type { Grid } from '../../../core/grid/grid.ts';
import { TURNING } from '../../../core/grid/movement.ts';
import { validatePlan, type Violation } from '../../../core/mapf/validator.ts';
import type { SolveResultBody } from '../../../core/protocol/messages.ts';
import { decodePaths } from '../../../core/protocol/wire.ts';
import { pathsFromActions } from '../../../core/solvers/lifelong/recordPaths.ts';
import { violationText } from '../../../core/contract/verdict.ts';
import { analyseReplay } from '../replay/analysis.ts';
import type { SolveOutcome } from '../state/solveState.ts';

export function lifelongOutcome(grid: Grid, result: SolveResultBody, revision: number): SolveOutcome {
  let paths: number[][] = [];
  let headings: number[][] = [];
  let violations: Violation[] = [];
  let message = result.message;
  const run = result.lifelong;
  try {
    paths = decodePaths(result.paths);
    if (run && paths.length > 0) {
      const replayed = pathsFromActions(run.starts, run.actions, run.timeouts, run.steps, grid.width);
      headings = replayed.headings;
      const instance = { grid, movement: TURNING, agents: paths.map((p) => ({ start: p[0], goal: p[p.length - 1] })) };
      violations = validatePlan(instance, paths, { headings, requireGoals: false, maxViolations: 200 }).violations;
    }
  } catch (error) {
    message = `could not read the lifelong run: ${error instanceof Error ? error.message : String(error)}`;
  }
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
    analysis: analyseReplay(grid, paths, goals, violations.filter((v) => v.agents.length > 1)),
    revision,
    ...(run ? { lifelong: { run, headings } } : {}),
  };
}
