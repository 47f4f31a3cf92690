/**
 * Autosave with recovery after a crash (or a closed tab): while the scenario has unsaved changes
 * it is written to the window's IndexedDB in the browser, and through main to an atomic file in
 * the user's data folder on the desktop (persistentStore.ts; committed at once, so a killed
 * browser or app keeps it) a moment after each edit, self-contained (the map inline, its rows
 * kept between writes and redone only where an edit changed them: autosaveMapRows.ts); on the
 * next start a notice offers to recover it. Saving or opening a file clears it, and leaving the
 * page with unsaved changes asks first.
 * More on this in README.md, "autosave.ts".
 */
import { canonicalScenario } from '../../../core/scenario/serialize.ts';
import { documentFromScenarioText, scenarioFromDocument } from '../model/document.ts';
import { solveStore, notify } from '../solve/solveState.ts';
import { model } from '../state/session.ts';
import { solverService } from '../platform/index.ts';
import { type PersistentStore, memoryStore } from './persistentStore.ts';
import { lorrBackupOf, restoreLorrBackup } from '../lorr/lorrBackup.ts';
import { lorrStore } from '../lorr/lorrState.ts';
import { InlineMapRows } from './autosaveMapRows.ts';
import { AutosaveWriter, pruneBases, resolveEntry, type AutosaveEntry } from './autosaveEntry.ts';

export const AUTOSAVE_KEY = 'mapf-lab/autosave';
/** The backup offered at start, kept until Recover or Discard. */
export const RECOVERY_KEY = 'mapf-lab/autosave-offered';
export const AUTOSAVE_DELAY_MS = 1500;
/** Continuous editing is still written this often (the debounce alone never fired while typing). */
export const AUTOSAVE_MAX_WAIT_MS = 3000;

/** The model revision the file on disk (or the loaded document) matches. */
let cleanRevision = model.revision;
let timer = 0;
/** When the oldest edit not yet written was made (0: none pending). */
let pendingSince = 0;
let warnedFull = false;
/** The backup offered at start, until the user answers. */
let offered: AutosaveEntry | null = null;
/** Where backups go: the window's IndexedDB once startAutosave has it. */
let backups: PersistentStore = memoryStore('backups');
/** The map's rows as last written, redone only where an edit changed them (autosaveMapRows.ts). */
const mapRows = new InlineMapRows();
const rowsMadeHere = (rows: readonly unknown[]) => mapRows.made(rows);
let writer = new AutosaveWriter(backups, rowsMadeHere);

/** Tests: resolves once every backup written so far is committed. */
export function autosaveFlushed(): Promise<void> {
  return backups.flushed();
}

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
  pendingSince = 0;
  backups.removeItem(AUTOSAVE_KEY);
  writer.restart();
  pruneBases(backups, [offered ?? readEntry(RECOVERY_KEY)]);
}

function write(): void {
  window.clearTimeout(timer);
  pendingSince = 0;
  if (!isDirty()) return;
  const doc = model.document;
  // Compact JSON, written natively: a backup is read by the loader, never by a person, and the
  // indented form (serializeScenario) took 414 ms of one task for 10,000 units (load 8.5).
  const scenario = canonicalScenario(scenarioFromDocument(doc, { inlineMap: true, inlineMapOf: (grid) => mapRows.of(grid) }));
  const entry = writer.entry(new Date().toISOString(), doc.name, scenario, lorrBackupOf(lorrStore.get()), [offered?.base]);
  backups.setItem(AUTOSAVE_KEY, JSON.stringify({ ...entry, documentId: model.documentId }));
}

function warnFailed(message: string): void {
  if (!warnedFull) notify('error', `Autosave failed (${message}): save your work with Ctrl+S.`);
  warnedFull = true;
}

function readEntry(key = AUTOSAVE_KEY): AutosaveEntry | null {
  try {
    const raw = backups.getItem(key);
    if (!raw) return null;
    const entry = JSON.parse(raw) as AutosaveEntry;
    return typeof entry.name === 'string' && (typeof entry.text === 'string' || typeof entry.base === 'object') ? entry : null;
  } catch {
    return null;
  }
}

/** Whether a backup of unsaved changes is offered (the recovery notice is up). */
export function hasRecoveryOffer(): boolean {
  return offered !== null;
}

/** Loads the backup offered at start; it stays unsaved (dirty) until saved to a file. */
export function recover(): void {
  const entry = offered ?? readEntry(RECOVERY_KEY) ?? readEntry();
  forgetOffer();
  if (!entry) return;
  try {
    const resolved = resolveEntry(backups, entry);
    if (!resolved.ok) throw new Error(resolved.reason);
    const doc = documentFromScenarioText(resolved.text, `${entry.name} (autosaved)`);
    const lorr = resolved.lorr === undefined ? null : restoreLorrBackup(resolved.lorr);
    model.dispatch({ type: 'loadDocument', document: doc, identity: typeof entry.documentId === 'string' ? entry.documentId : undefined });
    writer.restart();
    cleanRevision = -1;
    // Whatever was open before is not what was recovered: the LoRR problem comes back only with its backup.
    lorrStore.set({ problem: null, pending: null });
    const when = new Date(entry.savedAt).toLocaleString();
    if (lorr?.ok) lorrStore.set(lorr.state);
    if (lorr && !lorr.ok) notify('error', `Recovered the robots of “${entry.name}” from ${when}, but not its LoRR problem (${lorr.reason}): it is an ordinary scenario now and Solve runs the MAPF solvers on it. Open the problem again to run it lifelong.`);
    else if (lorr) notify('info', `Recovered the LoRR problem “${entry.name}” from ${when}, with its planner and steps: Solve runs it lifelong.`);
    else notify('info', `Recovered “${entry.name}” from ${when}. Save it to keep it.`);
  } catch (error) {
    notify('error', `The autosaved scenario could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function discardAutosave(): void {
  forgetOffer();
  // Edits made since the offer are the user's current work: they stay autosaved.
  if (!isDirty()) markClean();
  solveStore.set({ notice: null });
}

/** The user answered the offer: its backup is no longer kept apart. */
function forgetOffer(): void {
  offered = null;
  backups.removeItem(RECOVERY_KEY);
}

/** Backups an earlier version left in localStorage move into the store (once). */
function migrateFromLocalStorage(): void {
  try {
    for (const key of [AUTOSAVE_KEY, RECOVERY_KEY]) {
      const old = localStorage.getItem(key);
      if (old === null) continue;
      if (backups.getItem(key) === null) backups.setItem(key, old);
      localStorage.removeItem(key);
    }
  } catch {
    // localStorage blocked: nothing to move.
  }
}

/** Starts autosaving into `store` and offers a recovery left by an earlier session. */
export function startAutosave(store: PersistentStore): void {
  backups = store;
  writer = new AutosaveWriter(store, rowsMadeHere);
  backups.onError = warnFailed;
  if (!store.persistent) notify('error', 'This browser keeps no storage for this page: autosave lasts only until it is closed. Save your work with Ctrl+S.');
  migrateFromLocalStorage();
  // An offer left unanswered by an earlier session is still the one to offer; else the last
  // autosave becomes the offer, set apart so that new edits do not overwrite it.
  const entry = readEntry(RECOVERY_KEY) ?? readEntry();
  if (entry) {
    offered = entry;
    backups.setItem(RECOVERY_KEY, JSON.stringify(entry));
    backups.removeItem(AUTOSAVE_KEY);
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
  // The offered backup's base stays in its slot; any other is left over from an earlier session.
  pruneBases(backups, [entry]);
  model.subscribe((event) => {
    if (event.cause === 'solution' || event.pending) return;
    const now = Date.now();
    if (pendingSince === 0) pendingSince = now;
    window.clearTimeout(timer);
    // A moment after the last edit, but never later than MAX_WAIT after the first unwritten one.
    const due = Math.min(AUTOSAVE_DELAY_MS, Math.max(0, pendingSince + AUTOSAVE_MAX_WAIT_MS - now));
    timer = window.setTimeout(write, due);
    // A grid whose rows were never made (a map opened since) has them made in a task of their
    // own once it is edited, ahead of the write: on a 5000 x 5000 map, tens of milliseconds the
    // write's task then does not take. Not at the opening itself (clean by then): it may never be edited.
    if (!mapRows.madeFor(model.document.grid)) {
      window.setTimeout(() => {
        if (isDirty()) mapRows.of(model.document.grid);
      }, 0);
    }
  });
  // Hidden (tab switched, window minimised, page about to be discarded) or left: write now.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') write();
  });
  window.addEventListener('pagehide', () => write());
  window.addEventListener('beforeunload', (event) => {
    if (!isDirty()) return;
    write();
    // In Electron a cancelled unload silently keeps the window open (no dialog), so only the
    // browser edition asks here; the desktop app's close prompt belongs to main.
    if (solverService.edition === 'browser') event.preventDefault();
  });
}
