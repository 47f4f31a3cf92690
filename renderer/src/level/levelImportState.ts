/**
 * The level import dialog's state and actions: the picked files, the choices (remembered per
 * level file, else the importer's guess), the preview the choices give, and the two ways out:
 * Import (a new scenario from the level) and Reload from source (the open scenario's level read
 * again with its choices; units, regions, spawners and exits kept where their cells are still
 * free, the dropped ones named with why). A bad level keeps the open scenario as it was.
 */
import { importLevel, levelFormatOf, levelReferences, levelSource, scenarioFromLevel, readTiledMap } from '../../../core/level/readLevel.ts';
import { resolveMapPath } from '../../../core/scenario/mapPath.ts';
import { fileService } from '../platform/index.ts';
import { ldtkOptions } from '../../../core/level/ldtkImport.ts';
import type { LevelImport } from '../../../core/level/tiledImport.ts';
import { flattenLayers } from '../../../core/level/tiledModel.ts';
import type { LevelChoices, LevelFormat } from '../../../core/scenario/levelSourceSchema.ts';
import { contentFromScenario } from '../../../core/scenario/content.ts';
import { parseScenarioJson } from '../../../core/scenario/parse.ts';
import { Store } from '../state/store.ts';
import { model } from '../state/session.ts';
import { notify } from '../solve/solveState.ts';
import { afterLoad, confirmDiscard } from '../documents/documentLoad.ts';
import { type PickedFile, lookupAmong, mainLevel, pickFiles, readPicked } from './levelPick.ts';
import { keepOnNewGrid } from '../../../core/level/reloadKeep.ts';
import { rerunComparisonAfterReload } from './levelCompare.ts';

export interface LayerOption {
  path: string;
  kind: 'tile' | 'object';
  visible: boolean;
}

export interface LevelImportState {
  open: boolean;
  mode: 'import' | 'reload';
  files: PickedFile[];
  main: PickedFile | null;
  format: LevelFormat | null;
  choices: LevelChoices;
  /** Tiled: the tile and object layers to choose from. */
  layers: LayerOption[];
  /** LDtk: levels, and IntGrid layers with their values. */
  ldtk: ReturnType<typeof ldtkOptions> | null;
  preview: LevelImport | null;
  error: string | null;
}

const CLOSED: LevelImportState = { open: false, mode: 'import', files: [], main: null, format: null, choices: {}, layers: [], ldtk: null, preview: null, error: null };

export const levelImportStore = new Store<LevelImportState>(CLOSED);

const REMEMBERED = 'mapf-lab.levelChoices.';

/** The last level imported or reloaded this session, for writing the marks into a copy of it. */
let lastLevel: { name: string; text: string } | null = null;

/** The text of the level `path` names, if it was picked this session. */
export function lastLevelText(path: string): string | undefined {
  return lastLevel && lastLevel.name === path.split(/[\\/]/).pop() ? lastLevel.text : undefined;
}

function remembered(name: string): LevelChoices | undefined {
  try {
    const text = localStorage.getItem(REMEMBERED + name);
    return text ? (JSON.parse(text) as LevelChoices) : undefined;
  } catch {
    return undefined;
  }
}

function remember(name: string, choices: LevelChoices): void {
  try {
    localStorage.setItem(REMEMBERED + name, JSON.stringify(choices));
  } catch {
    // Storage full or off: the choice is only not remembered.
  }
}

function compute(state: LevelImportState, choices: LevelChoices | undefined): Partial<LevelImportState> {
  const { main, format, files } = state;
  if (!main || !format) return {};
  try {
    const input = format === 'image' ? { format, image: main.image! } : { format, text: main.text! };
    const preview = importLevel(input, main.path, lookupAmong(files), choices);
    return { preview, choices: preview.choices, error: null };
  } catch (error) {
    return { preview: null, error: (error as Error).message, ...(choices ? { choices } : {}) };
  }
}

/**
 * The desktop app reads the scenario's level again from beside the scenario file, with the
 * tilesets and levels it names; null when it cannot (the browser, an unsaved scenario, a level
 * not beside it, a picture), and the user picks the files instead.
 */
async function levelBesideScenario(quiet = false): Promise<PickedFile[] | null> {
  const source = model.document.source;
  const read = fileService.readMapBesideScenario;
  const format = source ? levelFormatOf(source.path) ?? (source.format === 'tiled-json' ? 'tiled-json' : undefined) : undefined;
  if (!source || !read || !format || format === 'image') return null;
  try {
    const main = await read(source.path, 'level');
    const files: PickedFile[] = [{ name: main.name, path: source.path, text: main.text }];
    for (const reference of levelReferences(main.text, format)) {
      const path = resolveMapPath(source.path, reference);
      const file = await read(path, 'level').catch(() => null);
      if (file) files.push({ name: file.name, path, text: file.text });
    }
    return files;
  } catch (error) {
    if (!quiet) notify('info', `${(error as Error).message}: pick ${source.path.split(/[\\/]/).pop()} and the files it names.`);
    return null;
  }
}

/**
 * The desktop app: reads the scenario's level beside it once, so main watches it (a scenario
 * opened or saved with a source); nothing happens where it cannot be read.
 */
export async function armLevelWatch(): Promise<void> {
  if (model.document.source && fileService.readMapBesideScenario) await levelBesideScenario(true);
}

/**
 * Main says a level file changed on disk: if it is the open scenario's level (or a file it
 * names), the level is read again with the same choices, what still fits is kept, and the notice
 * says what was dropped and why. A level that no longer reads leaves the scenario as it was.
 */
export async function reloadChangedLevel(relativePath: string): Promise<void> {
  const source = model.document.source;
  if (!source || levelImportStore.get().open) return;
  const files = await levelBesideScenario(true);
  if (!files || !files.some((f) => f.path === relativePath)) return;
  const found = mainLevel(files, source.path);
  if (!found) return;
  try {
    const input = found.format === 'image' ? null : { format: found.format, text: found.file.text! };
    if (!input) return;
    const level = importLevel(input, found.file.path, lookupAmong(files), source.choices);
    const { document, dropped } = keepOnNewGrid(model.document, level.grid, levelSource(level, source.path, source.format));
    model.dispatch({ type: 'loadDocument', document, identity: model.documentId });
    lastLevel = { name: found.file.name, text: found.file.text! };
    const text = `${relativePath} changed on disk: reloaded ${found.file.name} (${level.grid.width}×${level.grid.height}).${dropped.length > 0 ? ` Dropped: ${dropped.join('; ')}.` : ' Everything was kept.'}`;
    notify(dropped.length > 0 ? 'error' : 'info', text);
    const compared = await rerunComparisonAfterReload();
    if (compared) notify(dropped.length > 0 ? 'error' : 'info', `${text} ${compared}`);
  } catch (error) {
    notify('error', `${relativePath} changed on disk but does not read now, so the scenario stays as it was: ${(error as Error).message}`);
  }
}

/** Opens the dialog on files the user picks (a folder when `folder`); a reload in the desktop app reads them from beside the scenario. */
export async function openLevelImport(folder = false, mode: 'import' | 'reload' = 'import'): Promise<void> {
  const beside = mode === 'reload' ? await levelBesideScenario() : null;
  const picked = beside ? null : await pickFiles(folder);
  if (!beside && !picked) return;
  try {
    const files = beside ?? await readPicked(picked!);
    const wanted = mode === 'reload' ? model.document.source?.path : undefined;
    const found = mainLevel(files, wanted);
    if (!found) {
      notify('error', wanted ? `None of the picked files is ${wanted}, the level this scenario came from.` : 'None of the picked files is a level (Tiled .tmx/.tmj, LDtk .ldtk, or a PNG, JPEG or WebP plan).');
      return;
    }
    const base: LevelImportState = { ...CLOSED, open: true, mode, files, main: found.file, format: found.format };
    if (found.format === 'tiled-json' || found.format === 'tiled-xml') {
      try {
        const map = readTiledMap(found.file.text!, found.file.path, found.format, lookupAmong(files));
        base.layers = flattenLayers(map.layers).filter((l) => l.kind === 'tile' || l.kind === 'object')
          .map((l) => ({ path: l.path, kind: l.kind as 'tile' | 'object', visible: l.visible }));
      } catch {
        // The preview says what is wrong.
      }
    } else if (found.format === 'ldtk') {
      try {
        base.ldtk = ldtkOptions(found.file.text!, found.file.path);
      } catch {
        // The preview says what is wrong.
      }
    }
    const choices = mode === 'reload' ? model.document.source?.choices : remembered(found.file.name);
    levelImportStore.set({ ...base, ...compute(base, choices) });
  } catch (error) {
    notify('error', (error as Error).message);
  }
}

/** Changes the choices and recomputes the preview. */
export function setLevelChoices(update: Partial<LevelChoices>): void {
  const state = levelImportStore.get();
  const choices = { ...state.choices, ...update };
  for (const key of Object.keys(choices) as (keyof LevelChoices)[]) if (choices[key] === undefined) delete choices[key];
  levelImportStore.set(compute(state, choices));
}

export function closeLevelImport(): void {
  levelImportStore.set(CLOSED);
}

/** Import: the level becomes the open scenario; Reload: the open scenario gets the level's new grid. */
export function confirmLevelImport(): void {
  const state = levelImportStore.get();
  const { preview, main, format } = state;
  if (!preview || !main || !format) return;
  try {
    remember(main.name, preview.choices);
    if (main.text !== undefined) lastLevel = { name: main.name, text: main.text };
    const source = levelSource(preview, state.mode === 'reload' ? model.document.source!.path : main.path, format);
    if (state.mode === 'reload') {
      const { document, dropped } = keepOnNewGrid(model.document, preview.grid, source);
      closeLevelImport();
      model.dispatch({ type: 'loadDocument', document, identity: model.documentId });
      const text = `Reloaded ${main.name}: ${preview.grid.width}×${preview.grid.height}.${dropped.length > 0 ? ` Dropped: ${dropped.join('; ')}.` : ' Everything was kept.'}`;
      notify(dropped.length > 0 ? 'error' : 'info', text);
      void rerunComparisonAfterReload().then((compared) => {
        if (compared) notify(dropped.length > 0 ? 'error' : 'info', `${text} ${compared}`);
      });
      return;
    }
    const json = scenarioFromLevel(preview, main.name.replace(/\.[^.]+$/, ''), source);
    const scenario = parseScenarioJson(JSON.stringify(json), main.name);
    const doc = contentFromScenario(scenario, { fileName: main.name });
    if (!confirmDiscard()) return;
    closeLevelImport();
    model.dispatch({ type: 'loadDocument', document: doc });
    afterLoad();
    const t = preview.things;
    notify(preview.warnings.length > 0 ? 'error' : 'info', `Imported ${main.name}: ${preview.grid.width}×${preview.grid.height}, ${t.agents.length} units, ${t.regions.length} regions, ${t.spawners.length} spawners, ${t.exits.length} exits.${preview.warnings.length > 0 ? ` ${preview.warnings.join('; ')}.` : ''}`);
  } catch (error) {
    levelImportStore.set({ error: (error as Error).message });
  }
}
