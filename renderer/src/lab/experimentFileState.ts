/**
 * Which experiment file the lab has open (its name, and the text last opened or saved, against
 * which the editor's text is dirty), kept in the window's storage beside the text itself
 * (sweep.ts) so that a restart keeps the name. Apart from experimentFile.ts, which opens and
 * saves through the platform, so it is tested without a window.
 */
import { Store } from '../state/store.ts';
import { EXPERIMENT_FILE_KEY } from './resultStore.ts';
import { labStorage, sweepStore } from './sweep.ts';

export interface ExperimentFileState {
  /** File name shown beside the title (a preset's or the file's), null for an untitled experiment. */
  name: string | null;
  /** Whether Save writes to a file without asking (desktop: main remembers it). */
  onDisk: boolean;
  /** The text last opened, saved or loaded; the experiment is dirty when the editor's differs. */
  savedText: string | null;
}

export const experimentFileStore = new Store<ExperimentFileState>({ name: null, onDisk: false, savedText: null });

/** Keeps the name and the saved text in the window's storage, beside the text itself (sweep.ts). */
export function remember(state: ExperimentFileState): void {
  experimentFileStore.set(state);
  try {
    labStorage().setItem(EXPERIMENT_FILE_KEY, JSON.stringify({ name: state.name, savedText: state.savedText }));
  } catch {
    // A full quota: the name lasts as long as the window.
  }
}

/**
 * The name and saved text the lab had before a restart ('Untitled experiment' came back over
 * silver2005.json). Main forgets the file it saved to, so Save asks again: onDisk is false.
 */
function restored(): ExperimentFileState | null {
  try {
    const json = labStorage().getItem(EXPERIMENT_FILE_KEY);
    if (json === null) return null;
    const value = JSON.parse(json) as { name?: unknown; savedText?: unknown };
    if (typeof value.name !== 'string' || typeof value.savedText !== 'string') return null;
    return { name: value.name, onDisk: false, savedText: value.savedText };
  } catch {
    return null;
  }
}

export function isExperimentDirty(text = sweepStore.get().text): boolean {
  const saved = experimentFileStore.get().savedText;
  // What the lab restored from the window's storage counts as saved until it is edited.
  return saved !== null && text !== saved;
}

/** Marks the text the lab starts with as clean (an untitled experiment nobody edited yet). */
export function adoptInitialText(): void {
  if (experimentFileStore.get().savedText !== null) return;
  experimentFileStore.set(restored() ?? { name: null, onDisk: false, savedText: sweepStore.get().text });
}

