/**
 * Exports for other tools and for the record, each a pure function's text saved through
 * fileService.saveText: the replay as the product's replay file (core/replayFile), the plan as
 * the PlanViz Qt interchange and as League of Robot Runners JSON (PlanViz's run.py), and the
 * units as a Moving AI .scen.
 */
import { fileService } from '../platform/index.ts';
import { movingAiScenText } from '../export/movingAiScen.ts';
import { planVizText } from '../export/planViz.ts';
import { lorrText } from '../../../core/formats/lorr.ts';
import { costModelOf } from '../../../core/mapf/plan.ts';
import { replayFileText } from '../export/replayExport.ts';
import { notify } from '../solve/solveState.ts';
import { currentOutcome } from '../solve/plan.ts';
import { model } from '../state/session.ts';
import { reportErrors } from './fileActions.ts';
import { fileName, slug } from '../../../core/util/names.ts';
import { solveRequestFields } from '../solve/solveRequest.ts';

const JSON_FILTER = (name: string) => [{ name, extensions: ['json'] }];

function stem(): string {
  return slug(model.document.name.replace(/\.(map|json)$/i, ''));
}

/** The .map file name the exports refer to: the opened map while unedited, else the name Save .map suggests. */
export function exportMapName(): string {
  const doc = model.document;
  if (doc.mapSource.kind === 'file' && !model.mapEditedSinceLoad) return fileName(doc.mapSource.path);
  return doc.name.endsWith('.map') ? doc.name : `${slug(doc.name)}.map`;
}

function planOrThrow() {
  const outcome = currentOutcome();
  if (!outcome || outcome.paths.length === 0) throw new Error('There is no up-to-date plan to export: solve first.');
  return outcome;
}

export async function save(name: string, text: string, filters: { name: string; extensions: string[] }[], done: string): Promise<void> {
  const outcome = await fileService.saveText(name, text, filters);
  if (outcome.error) notify('error', outcome.error);
  else if (outcome.saved) notify('info', `Saved ${outcome.name ?? name}${done}`);
}

export async function exportReplayFile(): Promise<void> {
  await reportErrors(async () => {
    const outcome = planOrThrow();
    const doc = model.document;
    const text = replayFileText({
      name: doc.name,
      grid: doc.grid,
      map: model.toScenario().map,
      movement: doc.movement,
      agents: doc.agents,
      events: doc.events,
      streams: { spawners: doc.spawners?.slice() ?? [], exits: doc.exits?.slice() ?? [], tasks: doc.tasks?.slice() ?? [] },
      request: solveRequestFields(doc.solver, doc.grid.width, doc.grid.height, { obstacles: doc.obstacles.length > 0 }),
      outcome,
    });
    await save(`${stem()}-replay.json`, text, JSON_FILTER('MAPF Lab replay'), ' (MAPF Lab replay, version 2).');
  });
}

export async function exportPlanViz(): Promise<void> {
  await reportErrors(async () => {
    const outcome = planOrThrow();
    const doc = model.document;
    const mapName = exportMapName();
    const text = planVizText({ grid: doc.grid, agents: doc.agents, paths: outcome.paths, goals: outcome.goals, analysis: outcome.analysis, solver: outcome.solver, status: outcome.status, stats: outcome.stats, mapName, events: doc.events, costModel: costModelOf(doc.solver.params) });
    await save(`${stem()}-planviz.json`, text, JSON_FILTER('PlanViz Qt interchange'), ` (PlanViz Qt interchange, schema version 1; open it in PlanViz's Qt viewer with ${mapName}).`);
  });
}

/** The League of Robot Runners' output JSON (2023 LoRR), which PlanViz's script/run.py opens. */
export async function exportLorr(): Promise<void> {
  await reportErrors(async () => {
    const outcome = planOrThrow();
    const doc = model.document;
    const mapName = exportMapName();
    const collisions = outcome.analysis.marks.filter((m) => m.kind === 'collision').map((m) => ({ agents: m.agents, t: m.t, text: m.text }));
    const text = lorrText({ grid: doc.grid, paths: outcome.paths, goals: outcome.goals, status: outcome.status, errors: collisions });
    await save(`${stem()}-lorr.json`, text, JSON_FILTER('League of Robot Runners plan'), ` (2023 LoRR; open it with PlanViz's script/run.py --map ${mapName}).`);
  });
}

export async function exportUnitsScen(): Promise<void> {
  await reportErrors(async () => {
    const doc = model.document;
    const mapName = exportMapName();
    const text = movingAiScenText(doc.grid, doc.agents, mapName);
    await save(`${stem()}.scen`, text, [{ name: 'Moving AI scenario', extensions: ['scen'] }], ` (${doc.agents.length} units on ${mapName}).`);
  });
}
