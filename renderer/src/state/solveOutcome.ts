/**
 * A solver's answer as the editor shows it (pure: no worker, no DOM): decoded paths, the plan
 * validator's conflicts, and the replay analysis. The editor's solve, the lab's replay files and
 * the comparison of solvers all build their outcomes here.
 */
import { decodePaths } from '../../../core/protocol/wire.ts';
import { validatePlan, type Violation } from '../../../core/mapf/validator.ts';
import { obstacleViolations } from '../../../core/mapf/obstacles.ts';
import { validateReplay } from '../../../core/solvers/replay.ts';
import { violationText } from '../../../core/solvers/verdict.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import type { SolveResultBody } from '../../../core/protocol/messages.ts';
import { analyseReplay } from '../replay/analysis.ts';
import type { SolveOutcome } from './solveState.ts';
import { spawnedUnits, streamInstance } from './streamUnits.ts';

/**
 * A solver's answer for `instance` as the replay player and the exports take it: the paths, the
 * validator's conflicts (when `validate`), and the analysis (positions, waits, congestion). Used
 * by the editor's solve and by the lab, which saves a run's replay file without the editor.
 */
/** `obstacleSizes`: the moving obstacles' footprint sides, when the run was among them. */
export function solveOutcome(scenarioInstance: MapfInstance, result: SolveResultBody, revision: number, validate = true, obstacleSizes: readonly number[] = []): SolveOutcome {
  let paths: number[][] = [];
  let instance = scenarioInstance;
  let violations: Violation[] = [];
  let message = result.message;
  try {
    paths = decodePaths(result.paths);
    // A stream's answer holds every unit that appeared: the plan is checked with all of them.
    if (result.streams) instance = streamInstance(scenarioInstance, paths, result.streams.unitSizes);
    // A continuous run is judged by its track (stuck units, overlapping discs: verdict.ts), not
    // by the grid's one-unit-per-cell rules, which discs smaller than a cell do not follow.
    if (paths.length > 0 && validate && !result.crowd) {
      const options = { requireGoals: result.status === 'solved' && !result.streams, maxViolations: 200 };
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
        for (const v of obstacleViolations(paths, obstaclePaths, obstacleSizes, instance.grid.width, instance.agents.map((a) => a.size ?? 1))) {
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
    conflictMarks: violations.map((v) => ({ t: v.t, agents: v.agents.slice() })),
    analysis,
    replay,
    obstaclePaths,
    ...(result.crowd && result.crowd.agents === paths.length ? { crowd: result.crowd } : {}),
    revision,
    ...(result.streams ? { streams: result.streams, streamUnits: spawnedUnits(paths, scenarioInstance.agents.length, result.streams.unitSizes, instance.grid.width) } : {}),
  };
}

