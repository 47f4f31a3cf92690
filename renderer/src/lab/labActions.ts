/** The lab's actions that reach into the editor: adding its map to the sweep, opening a run's replay or saving its replay file. */
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import { afterLoad, confirmDiscard } from '../documents/documentLoad.ts';
import { notify } from '../solve/solveState.ts';
import { model } from '../state/session.ts';
import { solveCurrent } from '../solve/solveActions.ts';
import { solveOutcome } from '../solve/solveOutcome.ts';
import { save } from '../documents/exportActions.ts';
import { slug } from '../../../core/util/names.ts';
import { solveRequestFields } from '../solve/solveRequest.ts';
import { replayFileText } from '../export/replayExport.ts';
import { EditorModel } from '../model/editorModel.ts';
import { encodeInstance } from '../../../core/protocol/wire.ts';
import { inlineMapSpec, mapsOf, movingAiMapSpec, readExperimentJson, withMaps, withScenarioAgents, experimentText } from './experimentForm.ts';
import { desktopApi, fileService, solverService } from '../platform/index.ts';
import { runDocument } from './labReplay.ts';
import { runFiles } from '../../../core/protocol/pool.ts';
import type { RunSpec } from '../../../core/experiments/runPlan.ts';
import { runSpecFor, setExperimentText, sweepStore } from './sweep.ts';
import { viewStore } from './viewMode.ts';

/** Adds the editor's current map (with its units as the map's agents) to the experiment. */
export function addCurrentMap(): void {
  const json = readExperimentJson(sweepStore.get().text);
  if (!json) return;
  const doc = model.document;
  const name = doc.name.replace(/\s+/g, '-').toLowerCase() || 'current-map';
  const spec = inlineMapSpec(name, doc.grid, doc.agents);
  setExperimentText(experimentText(withMaps(json, [...mapsOf(json), spec])));
}

/** The texts of the Moving AI files a run names by path: read by main in the desktop app (relative to the experiment file). */
async function filesOf(run: RunSpec): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  if (!desktopApi) return files; // runDocument says why it cannot replay such a run here
  for (const name of runFiles(run)) files[name] = (await desktopApi.labReadExperimentFile(name)).text;
  return files;
}

/** Loads the run's instance into the editor (asking first if the scenario there has unsaved edits); false when it did not. */
async function loadRun(record: RunRecord): Promise<boolean> {
  const run = runSpecFor(record);
  if (!run) {
    notify('error', `Run ${record.id} is not in the current experiment definition.`);
    return false;
  }
  let doc;
  try {
    doc = runDocument(run, await filesOf(run));
  } catch (error) {
    notify('error', `Run ${record.id} cannot be replayed: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
  if (!confirmDiscard()) return false;
  model.dispatch({ type: 'loadDocument', document: doc });
  afterLoad();
  viewStore.set({ view: 'editor' });
  notify('info', `Replaying run ${record.id}: ${record.label}, ${record.map}#${record.instance}, ${record.agents} agents (success ${Math.round(record.successRate * 100)}% in the sweep).`);
  return true;
}

/** Loads the run's instance into the editor, solves it there and shows the replay. */
export async function openReplay(record: RunRecord): Promise<void> {
  if (await loadRun(record)) await solveCurrent();
}

/**
 * The run's replay file, made without the editor: the run's instance is built and solved on its
 * own (in the solver process, with the run's settings) and the replay saved in core/replayFile's
 * format, the file Export > Replay writes. It used to load the run into the editor first, which
 * replaced the open scenario, asked to discard unsaved edits, and cancelled the save with them.
 */
export async function saveRunReplay(record: RunRecord): Promise<void> {
  const run = runSpecFor(record);
  if (!run) {
    notify('error', `Run ${record.id} is not in the current experiment definition.`);
    return;
  }
  try {
    const runModel = new EditorModel(runDocument(run, await filesOf(run)));
    const doc = runModel.document;
    const { instance, events } = runModel.instance();
    const { dropped: _unused, ...request } = solveRequestFields(doc.solver, doc.grid.width, doc.grid.height);
    notify('info', `Solving run ${record.id} (${record.label}, ${record.agents} agents) for its replay file…`);
    const result = await solverService.solve({ ...request, instance: encodeInstance(instance, events) }).result;
    const outcome = solveOutcome(instance, result, runModel.planRevision);
    if (outcome.paths.length === 0) throw new Error(`the solver found no plan (${result.status}${result.message ? `: ${result.message}` : ''})`);
    const text = replayFileText({ name: doc.name, grid: doc.grid, map: runModel.toScenario().map, movement: doc.movement, agents: doc.agents, events: doc.events, request, outcome });
    await save(`${slug(doc.name)}-run${record.id}-replay.json`, text, [{ name: 'MAPF Lab replay', extensions: ['json'] }], ' (MAPF Lab replay, version 1).');
  } catch (error) {
    notify('error', `Run ${record.id}'s replay file could not be made: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function reportError(what: string, error: unknown): void {
  notify('error', `${what}: ${error instanceof Error ? error.message : String(error)}`);
}

/** Opens a Moving AI .map and adds it to the experiment (carried inline). */
export async function addMovingAiMap(): Promise<void> {
  try {
    const file = await fileService.openText([{ name: 'Moving AI map', extensions: ['map'] }]);
    if (!file) return;
    const json = readExperimentJson(sweepStore.get().text);
    if (!json) return;
    setExperimentText(experimentText(withMaps(json, [...mapsOf(json), movingAiMapSpec(file.name, file.text)])));
  } catch (error) {
    reportError('The map could not be added', error);
  }
}

/** Opens a .scen for the last map of the experiment: its queries become that map's agents. */
export async function addScenarioToLastMap(): Promise<void> {
  try {
    const file = await fileService.openText([{ name: 'Moving AI scenario', extensions: ['scen'] }]);
    if (!file) return;
    const json = readExperimentJson(sweepStore.get().text);
    if (!json) return;
    const maps = mapsOf(json);
    const last = maps[maps.length - 1] as Record<string, unknown> | undefined;
    if (!last) throw new RangeError('add a map first');
    const next = [...maps.slice(0, -1), withScenarioAgents(last, file.name, file.text)];
    setExperimentText(experimentText(withMaps(json, next)));
  } catch (error) {
    reportError('The scenario could not be added', error);
  }
}
