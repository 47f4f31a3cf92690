/**
 * What the replay draws of a solve's outcome: the plan (paths, the simulator's map changes, moving
 * obstacles, a crowd model's real positions, a turning run's headings) and the units (the
 * scenario's, then those a stream brought). The map view and a clip's frames both take it from
 * here, so a clip shows a crowd's discs where the replay shows them, not snapped to cells.
 */
import type { ScenarioAgent } from '../../../core/scenario/schema.ts';
import type { SolveOutcome } from '../solve/solveState.ts';
import type { DynamicScene } from './drawDynamic.ts';

export function replayPlan(outcome: SolveOutcome | null): DynamicScene['plan'] {
  if (!outcome) return null;
  return { paths: outcome.paths, analysis: outcome.analysis, mapChanges: outcome.replay?.mapChanges, obstaclePaths: outcome.obstaclePaths, crowd: outcome.crowd, headings: outcome.lifelong?.headings };
}

export function replayAgents(outcome: SolveOutcome | null, agents: readonly ScenarioAgent[]): readonly ScenarioAgent[] {
  return outcome?.streamUnits ? [...agents, ...outcome.streamUnits] : agents;
}
