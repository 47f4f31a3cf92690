/**
 * The experiment as a file: open, save, save as, and the presets, with the scenario editor's
 * rule for unsaved changes (replacing edited text asks first). The desktop app opens and saves
 * through main's dialogs (which remember the file, so Save writes there again and the Moving AI
 * files an experiment names are read relative to it); the browser edition uses a file input and
 * a download. The text being edited also lives in the window's storage (sweep.ts), so a closed
 * window loses nothing and needs no close prompt of its own.
 */
import { EXPERIMENT_FORMAT, looksLikeExperiment } from '../../../core/experiments/schema.ts';
import { notify } from '../solve/solveState.ts';
import { desktopApi, fileService } from '../platform/index.ts';
import { PRESETS } from './presets.ts';
import { slugName } from './labExports.ts';
import { setExperimentText, sweepStore } from './sweep.ts';
import { experimentFileStore, isExperimentDirty, remember } from './experimentFileState.ts';

export { type ExperimentFileState, adoptInitialText, experimentFileStore, isExperimentDirty } from './experimentFileState.ts';

const FILTERS = [{ name: 'Experiment', extensions: ['json'] }];

function confirmReplace(): boolean {
  if (!isExperimentDirty()) return true;
  const name = experimentFileStore.get().name ?? 'the experiment';
  return window.confirm(`Discard the unsaved changes to “${name}”?`);
}

/** Is this text an experiment file at all (before the schema has its say in the editor)? */
function locked(): boolean {
  const phase = sweepStore.get().phase;
  if (phase === 'running' || phase === 'paused') {
    notify('error', 'Cancel the sweep before loading another experiment.');
    return true;
  }
  return false;
}

function load(text: string, name: string, onDisk: boolean): void {
  setExperimentText(text);
  remember({ name, onDisk, savedText: text });
}

export function loadPreset(id: string): void {
  const preset = PRESETS.find((p) => p.id === id);
  if (!preset || locked() || !confirmReplace()) return;
  load(preset.text, preset.fileName, false);
  notify('info', `Loaded the preset ${preset.fileName}: ${sweepStore.get().planned} runs. Narrow the maps' seeds and the agents in the form for a quick look.`);
}

export async function openExperiment(): Promise<void> {
  if (locked() || !confirmReplace()) return;
  try {
    const file = desktopApi ? await desktopApi.labOpenExperiment() : await fileService.openText(FILTERS);
    if (!file) return;
    if (!looksLikeExperiment(file.text)) throw new Error(`${file.name} is not an experiment file (format "${EXPERIMENT_FORMAT}")`);
    load(file.text, file.name, desktopApi !== undefined);
  } catch (error) {
    notify('error', `The experiment could not be opened: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Save (to the current file when there is one on disk) or Save As. */
export async function saveExperiment(saveAs = false): Promise<void> {
  const text = sweepStore.get().text;
  const state = experimentFileStore.get();
  const suggested = state.name ?? `${slugName(sweepStore.get().experiment?.name ?? 'experiment')}.json`;
  const options = { reuseCurrentFile: !saveAs && state.onDisk };
  try {
    const outcome = desktopApi ? await desktopApi.labSaveExperiment(suggested, text, options) : await fileService.saveText(suggested, text, FILTERS, options);
    if (outcome.error) throw new Error(outcome.error);
    if (!outcome.saved) return;
    remember({ name: outcome.name ?? suggested, onDisk: desktopApi !== undefined, savedText: text });
  } catch (error) {
    notify('error', `The experiment could not be saved: ${error instanceof Error ? error.message : String(error)}`);
  }
}
