/**
 * A solver's answer as the editor shows it (pure: no worker, no DOM): decoded paths, the plan
 * validator's conflicts, and the replay analysis. The editor's solve, the lab's replay files and
 * the comparison of solvers all build their outcomes here; the editor's solve runs the checks
 * in a worker (outcomeSteps.ts) and assembles the outcome with the same functions.
 */
import { decodePaths } from '../../../core/protocol/wire.ts';
import type { Violation } from '../../../core/mapf/validator.ts';
import { violationText } from '../../../core/contract/verdict.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import type { SolveResultBody } from '../../../core/protocol/messages.ts';
import { analyseReplay, type ReplayAnalysis } from '../replay/analysis.ts';
import type { WireReplay } from '../../../core/protocol/turnEventWire.ts';
import type { SolveOutcome } from './solveState.ts';
import { spawnedUnits, streamInstance } from './streamUnits.ts';
import { planViolations } from './planChecks.ts';

/** The answer's paths decoded, with the instance they are checked on (a stream's: every unit that appeared). */
export interface DecodedResult {
  paths: number[][];
  instance: MapfInstance;
  obstaclePaths?: number[][];
  message?: string;
  /** Whether the paths (and the obstacles' paths) could be read: only then are they checked. */
  readable: boolean;
}

/** `decodedPaths`: the answer's paths already decoded (in slices, outcomeSteps.ts), or the error decoding them threw. */
export function decodeResult(scenarioInstance: MapfInstance, result: SolveResultBody, decodedPaths?: number[][] | Error): DecodedResult {
  let paths: number[][] = [];
  let instance = scenarioInstance;
  let message = result.message;
  let readable = true;
  try {
    if (decodedPaths instanceof Error) throw decodedPaths;
    paths = decodedPaths ?? decodePaths(result.paths);
    // A stream's answer holds every unit that appeared: the plan is checked with all of them.
    if (result.streams) instance = streamInstance(scenarioInstance, paths, result.streams.unitSizes);
  } catch (error) {
    message = `could not read the solver's answer: ${error instanceof Error ? error.message : String(error)}`;
    readable = false;
  }
  let obstaclePaths: number[][] | undefined;
  if (result.obstaclePaths) {
    try {
      obstaclePaths = decodePaths(result.obstaclePaths);
    } catch (error) {
      message = `could not read the obstacles' paths: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return { paths, instance, obstaclePaths, message, readable };
}

/**
 * A solver's answer for `instance` as the replay player and the exports take it: the paths, the
 * validator's conflicts (when `validate`), and the analysis (positions, waits, congestion). Used
 * by the lab, which saves a run's replay file without the editor, and by the comparison.
 */
/** `obstacleSizes`: the moving obstacles' footprint sides, when the run was among them. */
export function solveOutcome(scenarioInstance: MapfInstance, result: SolveResultBody, revision: number, validate = true, obstacleSizes: readonly number[] = []): SolveOutcome {
  const decoded = decodeResult(scenarioInstance, result);
  const violations = validate && decoded.readable ? planViolations(decoded.instance, decoded.paths, result, decoded.obstaclePaths, obstacleSizes) : [];
  return assembleOutcome(scenarioInstance, decoded, result, violations, revision);
}

/**
 * What the replay player shows of the plan (analysis.ts): with the simulator's replay when it
 * covers every unit of the paths, else from the paths and the validator's collisions.
 */
export function outcomeAnalysis(instance: MapfInstance, paths: readonly (readonly number[])[], violations: readonly Violation[], replay: WireReplay | undefined): ReplayAnalysis {
  const goals = instance.agents.map((a) => a.goal);
  return analyseReplay(instance.grid, paths, goals, violations.filter((v) => v.agents.length > 1), replay && replay.agents === paths.length ? replay : undefined);
}

/**
 * The outcome from the decoded answer and its conflicts: the replay analysis (unless given, made
 * in the checks worker) and the readable lines.
 */
export function assembleOutcome(scenarioInstance: MapfInstance, decoded: DecodedResult, result: SolveResultBody, violations: readonly Violation[], revision: number, analysis?: ReplayAnalysis): SolveOutcome {
  const { paths, instance, obstaclePaths, message } = decoded;
  const goals = instance.agents.map((a) => a.goal);
  const replay = result.replay && result.replay.agents === paths.length ? result.replay : undefined;
  analysis ??= outcomeAnalysis(instance, paths, violations, replay);
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
