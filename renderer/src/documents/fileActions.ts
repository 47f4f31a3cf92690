/**
 * File actions as model commands: opening replaces the document (loadDocument: not undoable, a
 * new history), importing units is one undoable step, saving reads model.toScenario(). Nothing
 * half-read replaces the scenario: a file that fails to parse leaves everything as it was and
 * says what and where (file:line:column).
 */
import { readMapSize, writeMap } from '../../../core/formats/movingAiMap.ts';
import { readMapShowingProgress } from './mapReadProgress.ts';
import { asksBeforeOpening, mapCost, mapCostQuestion } from '../../../core/search/mapCost.ts';
import { parseScenario, checkScenario } from '../../../core/formats/movingAiScenario.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { contentFromScenario } from '../../../core/scenario/content.ts';
import { parseScenarioJson } from '../../../core/scenario/parse.ts';
import { serializeScenario } from '../../../core/scenario/serialize.ts';
import { solverNames } from '../../../core/registry/registry.ts';
import { fileService } from '../platform/index.ts';
import { emptyDocument } from '../model/document.ts';
import { solveStore, notify } from '../solve/solveState.ts';
import { model, newDocument } from '../state/session.ts';
import { editorStore } from '../state/editorState.ts';
import { currentOutcome } from '../solve/plan.ts';
import { solutionText } from '../export/solutionText.ts';
import { markClean } from '../autosave/autosave.ts';
import { parseUnitCount } from './unitCount.ts';
import { ask, confirmAsk } from '../panels/AskDialog.tsx';
import { parseReplayFile } from '../../../core/replayFile/replayFile.ts';
import { resultFromReplayFile, scenarioFromReplayFile } from './replayFileOpen.ts';
import { solveOutcome } from '../solve/solveOutcome.ts';
import { replayStore } from '../state/replayState.ts';
import { isLorrProblemText, openLorrProblem } from '../lorr/lorrOpen.ts';
import { takeComparisonsBeside } from '../compare/keptBeside.ts';
import { afterLoad, confirmDiscard, openedMap } from './documentLoad.ts';
import { fileName, slug } from '../../../core/util/names.ts';
import { binaryFileMessage, binaryKind } from './binaryFile.ts';
import { rememberFile } from './recentScenarios.ts';

const MAP_FILTER = [{ name: 'Moving AI map', extensions: ['map'] }];
const SCEN_FILTER = [{ name: 'Moving AI scenario', extensions: ['scen'] }];
const SCENARIO_FILTER = [{ name: 'MAPF Lab scenario', extensions: ['json'] }];

/** How many units "Units from .scen…" offers to take from the top of a .scen file. */
export const UNITS_FROM_SCENARIO = 10;

export function newScenario(): void {
  if (!confirmDiscard()) return;
  model.dispatch({ type: 'loadDocument', document: newDocument() });
  afterLoad();
  notify('info', 'New 32×32 scenario. Paint walls with P, add units with U.');
}

export async function openMapFile(): Promise<void> {
  await reportErrors(async () => {
    const file = await fileService.openText(MAP_FILTER);
    if (file) await loadMapText(file.name, file.text);
  });
}

async function loadMapText(name: string, text: string): Promise<void> {
  // A map past BIG_MAP_CELLS says what it will cost and opens only if the user agrees, before its rows are read.
  const size = readMapSize(text);
  if (size && asksBeforeOpening(size.width, size.height)) {
    if (!(await confirmAsk(mapCostQuestion(name, size.width, size.height, mapCost(size.width, size.height, text.length))))) {
      notify('info', `${name} was not opened.`);
      return;
    }
  }
  const mapFile = await readMapShowingProgress(name, text);
  if (mapFile === null) return;
  const { grid } = mapFile;
  const doc = { ...emptyDocument(1, 1, name), grid, mapSource: { kind: 'file' as const, path: name }, movement: { ...FOUR_CONNECTED } };
  doc.solver = { ...model.document.solver };
  if (!confirmDiscard()) return;
  model.dispatch({ type: 'loadDocument', document: doc, identity: `file:${name}` });
  afterLoad();
  rememberFile(name, text);
  openedMap.current = { file: mapFile, version: grid.version };
  notify('info', `Opened ${name} (${grid.width}×${grid.height}). Add units from a scenario file, or place them with the Unit tool (U).`);
}

/** Opens a MAPF Lab scenario (.json), its replay file, a League of Robot Runners problem (.json naming its map, agents and tasks) or a Moving AI map (.map). */
export async function openScenarioFile(): Promise<void> {
  await reportErrors(async () => {
    const file = await fileService.openText([...SCENARIO_FILTER, ...MAP_FILTER]);
    if (file) await loadFileContent(file.name, file.text);
  });
}

/** Opens a file main read for us (File > Open Recent in the desktop app), or one the browser edition kept (Recent). */
export async function openFileContent(file: { name: string; text: string }): Promise<void> {
  await reportErrors(() => loadFileContent(file.name, file.text));
}

/** At start, the file that was open when the page was left (the browser edition keeps its text). */
export async function reopenFile(file: { name: string; text: string }): Promise<void> {
  await openFileContent(file);
  if (model.documentId === `file:${file.name}`) notify('info', `Reopened ${file.name}, the scenario open when this page was last left. Recent lists the other files you opened or saved.`, { revision: model.revision });
}

async function loadFileContent(name: string, text: string): Promise<void> {
  const binary = binaryKind(text);
  if (binary) {
    notify('error', binaryFileMessage(name, binary));
    const notice = solveStore.get().notice;
    if (binary.image && notice) solveStore.set({ notice: { ...notice, actions: [{ label: 'Import as a level…', testId: 'notice-import-level', run: () => void import('../level/levelImportState.ts').then((level) => level.openLevelImport()) }] } });
    return;
  }
  if (name.toLowerCase().endsWith('.map')) await loadMapText(name, text);
  else if (isReplayFile(text)) await loadReplayText(name, text);
  else if (isLorrProblemText(text)) await openLorrProblem(name, text);
  else await loadScenarioText(name, text);
}

/** A replay file says so in its first key; a scenario (or anything else) goes to the scenario reader, which says what is wrong. */
function isReplayFile(text: string): boolean {
  return /^\s*\{\s*"format"\s*:\s*"mapf-lab\/replay-file"/.test(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

/** Opens the app's replay file: the scenario it was made from, and its run on the timeline ready to play. */
async function loadReplayText(name: string, text: string): Promise<void> {
  const file = parseReplayFile(text, name);
  const { scenario, unknownSolver } = scenarioFromReplayFile(file, solverNames());
  const mapGrid = await mapGridFor(scenario, name);
  const doc = contentFromScenario(scenario, { mapGrid, fileName: name });
  if (!confirmDiscard()) return;
  model.dispatch({ type: 'loadDocument', document: doc, identity: `file:${name}` });
  afterLoad();
  rememberFile(name, text);
  const { instance } = model.instance();
  const outcome = solveOutcome(instance, resultFromReplayFile(file), model.planRevision);
  model.dispatch({ type: 'receiveSolution', solution: { solver: outcome.solver, status: outcome.status, paths: outcome.paths, message: outcome.message, stats: outcome.stats } });
  replayStore.set({ t: 0, playing: false });
  solveStore.set({ phase: 'done', jobId: null, progress: '', outcome });
  notify('info', `Opened the replay ${name}: ${file.solver.name}, ${file.units.length} units, ${file.turns} turns${unknownSolver ? ` (this build has no solver '${unknownSolver}': solving again uses Independent)` : ''}.`);
}

/**
 * The grid of a scenario whose map is a file: the desktop app reads the map named beside the
 * scenario file; the browser cannot, so it must be the map already open.
 */
async function mapGridFor(scenario: { map: { kind: string; path?: string } }, name: string) {
  if (scenario.map.kind !== 'file') return undefined;
  const path = scenario.map.path!;
  if (fileService.readMapBesideScenario) {
    const mapFile = await fileService.readMapBesideScenario(path);
    const read = await readMapShowingProgress(mapFile.name, mapFile.text);
    if (read === null) throw new Error(`${name} was not opened: reading its map ${mapFile.name} was cancelled.`);
    return read.grid;
  }
  const wanted = fileName(path);
  const source = model.document.mapSource;
  if (source.kind !== 'file' || fileName(source.path) !== wanted) {
    throw new Error(`${name} uses the map file '${path}': open that map first (Open map…), then open ${name} again.`);
  }
  return model.document.grid.clone();
}

async function loadScenarioText(name: string, text: string): Promise<void> {
  const scenario = parseScenarioJson(text, name, { solverNames: solverNames() });
  const mapGrid = await mapGridFor(scenario, name);
  const doc = contentFromScenario(scenario, { mapGrid, fileName: name });
  // The desktop app: comparisons kept beside the file (NAME.compare.json), read by main from the scenario's folder.
  const beside = fileService.readComparisonsBesideScenario ? await fileService.readComparisonsBesideScenario() : null;
  const keep = openedMap.current;
  if (!confirmDiscard()) return;
  // A file is who the scenario is: opened again, it finds its comparisons (stale if it changed).
  model.dispatch({ type: 'loadDocument', document: doc, identity: `file:${name}` });
  afterLoad();
  rememberFile(name, text);
  if (mapGrid && keep) openedMap.current = { file: { ...keep.file, grid: mapGrid }, version: mapGrid.version };
  const comparisons = takeComparisonsBeside(beside);
  notify(comparisons.failed ? 'error' : 'info', `Opened ${name}: ${doc.grid.width}×${doc.grid.height}, ${doc.agents.length} units.${comparisons.text}`, { revision: model.revision });
  // A scenario imported from a level: the desktop app watches the level beside it (loaded on demand: the level code imports these actions).
  if (doc.source) void import('../level/levelImportState.ts').then((level) => level.armLevelWatch());
}

export async function addUnitsFromScenario(): Promise<void> {
  await reportErrors(async () => {
    const file = await fileService.openText(SCEN_FILTER);
    if (!file) return;
    const doc = model.document;
    const scenario = parseScenario(file.text, file.name);
    checkScenario(scenario, doc.grid, file.name, doc.name);
    const available = scenario.entries.length;
    const answer = await ask(`How many units from ${file.name}? It has ${available}: the first K are placed (1 to ${available}, or 'all').`, String(Math.min(UNITS_FROM_SCENARIO, available)));
    if (answer === null) return;
    const asked = parseUnitCount(answer, available);
    if ('error' in asked) throw new Error(`${file.name}: ${asked.error}`);
    const taken = scenario.entries.slice(0, asked.count);
    // All units in one undoable step ("Undo .scen units").
    const agents = taken.map((e, i) => ({ id: `a${i + 1}`, name: `Unit ${i + 1}`, start: [e.startX, e.startY] as const, goal: [e.goalX, e.goalY] as const }));
    const result = model.dispatch({ type: 'setAgents', agents });
    if (!result.ok) throw new Error(`${file.name}: ${result.message}`);
    editorStore.set({ selection: [] });
    notify('info', `Placed the first ${taken.length} of ${scenario.entries.length} units from ${file.name}.`, { revision: model.revision });
  });
}

export async function saveMapFile(): Promise<void> {
  await reportErrors(async () => {
    const doc = model.document;
    const source = openedMap.current !== null && openedMap.current.file.grid === doc.grid && openedMap.current.version === doc.grid.version ? openedMap.current.file : doc.grid;
    const name = doc.name.endsWith('.map') ? doc.name : `${slug(doc.name)}.map`;
    const outcome = await fileService.saveText(name, writeMap(source), MAP_FILTER);
    if (outcome.error) notify('error', outcome.error);
    else if (outcome.saved) notify('info', `Saved ${outcome.name ?? name}.`);
  });
}

/** Saves the scenario JSON: to its current file when it has one (desktop), else through a dialog. */
export async function saveScenarioFile(options: { saveAs?: boolean } = {}): Promise<boolean> {
  let saved = false;
  await reportErrors(async () => {
    const name = `${slug(model.document.name.replace(/\.(map|json)$/i, ''))}.json`;
    const text = serializeScenario(model.toScenario());
    const outcome = await fileService.saveText(name, text, SCENARIO_FILTER, { reuseCurrentFile: !options.saveAs });
    saved = outcome.saved;
    if (outcome.error) notify('error', outcome.error);
    else if (outcome.saved) {
      markClean();
      rememberFile(outcome.name ?? name, text);
      notify('info', `Saved ${outcome.name ?? name}.`);
      if (model.document.source) void import('../level/levelImportState.ts').then((level) => level.armLevelWatch());
    }
  });
  return saved;
}

/** The plan on screen as mapf-visualizer solution text. */
export async function exportSolutionText(): Promise<void> {
  await reportErrors(async () => {
    const outcome = currentOutcome();
    if (!outcome) throw new Error('There is no up-to-date plan to export: solve first.');
    const name = `${slug(model.document.name.replace(/\.(map|json)$/i, ''))}-solution.txt`;
    const saved = await fileService.saveText(name, solutionText(model.document.grid, outcome.paths), [{ name: 'mapf-visualizer solution', extensions: ['txt'] }]);
    if (saved.error) notify('error', saved.error);
    else if (saved.saved) notify('info', `Saved ${saved.name ?? name} (for mapf-visualizer, with the map as a .map file).`);
  });
}

export async function reportErrors(action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    notify('error', error instanceof Error ? error.message : String(error));
  }
}
