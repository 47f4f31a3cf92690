/**
 * The app's "PlanViz Qt interchange" export (core/formats/planVizQt.ts writes it): the replay
 * player's analysis gives each unit's arrival, the turns played and the collisions to list.
 */
import type { Grid } from '../../../core/grid/grid.ts';
import type { CostModel } from '../../../core/mapf/plan.ts';
import type { MapEvent, ScenarioAgent } from '../../../core/scenario/schema.ts';
import { type PlanVizDocument, planVizQtDocument } from '../../../core/formats/planVizQt.ts';
import type { ReplayAnalysis } from '../replay/analysis.ts';

export { PLANVIZ_FORMAT, PLANVIZ_SCHEMA_VERSION, type PlanVizAction, type PlanVizDocument } from '../../../core/formats/planVizQt.ts';

export interface PlanVizInput {
  grid: Grid;
  agents: readonly ScenarioAgent[];
  paths: readonly (readonly number[])[];
  goals: readonly number[];
  analysis: ReplayAnalysis;
  solver: string;
  status: string;
  stats: Record<string, number>;
  mapName: string;
  events: readonly MapEvent[];
  /** How the metadata's sum of costs is counted (the solve's). */
  costModel: CostModel;
}

export function planVizDocument(input: PlanVizInput): PlanVizDocument {
  const { analysis } = input;
  return planVizQtDocument({
    ...input,
    turns: analysis.turns,
    arrivals: input.paths.map((_, a) => analysis.units[a]?.arrival ?? -1),
    conflicts: analysis.marks.filter((m) => m.kind === 'collision').map((m) => ({ t: m.t, agents: m.agents, text: m.text })),
  });
}

export function planVizText(input: PlanVizInput): string {
  return `${JSON.stringify(planVizDocument(input), null, 2)}\n`;
}
