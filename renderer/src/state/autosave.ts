/**
 * Autosave with recovery after a crash (or a closed tab): while the scenario has unsaved changes
 * it is written to localStorage a moment after each edit, self-contained (the map inline); on the
 * next start a notice offers to recover it. Saving or opening a file clears it, and leaving the
 * page with unsaved changes asks first.
 */
import { serializeScenario } from '../../../core/scenario/serialize.ts';
import { documentFromScenarioText, scenarioFromDocument } from '../model/document.ts';
import { solveStore, notify } from './solveState.ts';
import { model } from './session.ts';
import { solverService } from '../platform/index.ts';

export const AUTOSAVE_KEY = 'mapf-lab/autosave';
export const AUTOSAVE_DELAY_MS = 1500;

interface AutosaveEntry {
  savedAt: string;
  name: string;
  text: string;
}

/** The model revision the file on disk (or the loaded document) matches. */
let cleanRevision = model.revision;
let timer = 0;
let warnedFull = false;

export function isDirty(): boolean {
  return model.revision !== cleanRevision;
}

const cleanListeners = new Set<() => void>();

/** Called whenever the document becomes clean (saved or loaded), e.g. to update a window title. */
export function onMarkedClean(listener: () => void): () => void {
  cleanListeners.add(listener);
  return () => cleanListeners.delete(listener);
}

/** After a save or a load: what is on screen is what is on disk. */
export function markClean(): void {
  cleanRevision = model.revision;
  for (const listener of cleanListeners) listener();
  window.clearTimeout(timer);
  try {
    localStorage.removeItem(AUTOSAVE_KEY);
  } catch {
    // Storage may be disabled; there is then nothing to clear.
  }
}

function write(): void {
  if (!isDirty()) return;
  const doc = model.document;
  const entry: AutosaveEntry = { savedAt: new Date().toISOString(), name: doc.name, text: serializeScenario(scenarioFromDocument(doc, { inlineMap: true })) };
  try {
    localStorage.setItem(AUTOSAVE_KEY, JSON.stringify(entry));
  } catch (error) {
    if (!warnedFull) notify('error', `Autosave failed (${error instanceof Error ? error.message : String(error)}): save your work with Ctrl+S.`);
    warnedFull = true;
  }
}

function readEntry(): AutosaveEntry | null {
  try {
    const raw = localStorage.getItem(AUTOSAVE_KEY);
    if (!raw) return null;
    const entry = JSON.parse(raw) as AutosaveEntry;
    return typeof entry.text === 'string' && typeof entry.name === 'string' ? entry : null;
  } catch {
    return null;
  }
}

/** Loads the autosaved scenario; it stays unsaved (dirty) until saved to a file. */
export function recover(): void {
  const entry = readEntry();
  if (!entry) return;
  try {
    const doc = documentFromScenarioText(entry.text, `${entry.name} (autosaved)`);
    model.dispatch({ type: 'loadDocument', document: doc });
    cleanRevision = -1;
    notify('info', `Recovered “${entry.name}” from ${new Date(entry.savedAt).toLocaleString()}. Save it to keep it.`);
  } catch (error) {
    notify('error', `The autosaved scenario could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function discardAutosave(): void {
  markClean();
  solveStore.set({ notice: null });
}

/** Starts autosaving and offers a recovery left by an earlier session. */
export function startAutosave(): void {
  const entry = readEntry();
  if (entry) {
    solveStore.set({
      notice: {
        kind: 'info',
        text: `Unsaved changes to “${entry.name}” from ${new Date(entry.savedAt).toLocaleString()} were found.`,
        actions: [
          { label: 'Recover', testId: 'recover', run: recover },
          { label: 'Discard', testId: 'discard-recovery', run: discardAutosave },
        ],
      },
    });
  }
  model.subscribe((event) => {
    if (event.cause === 'solution' || event.pending) return;
    window.clearTimeout(timer);
    timer = window.setTimeout(write, AUTOSAVE_DELAY_MS);
  });
  window.addEventListener('beforeunload', (event) => {
    if (!isDirty()) return;
    write();
    // In Electron a cancelled unload silently keeps the window open (no dialog), so only the
    // browser edition asks here; the desktop app's close prompt belongs to main.
    if (solverService.edition === 'browser') event.preventDefault();
  });
}
