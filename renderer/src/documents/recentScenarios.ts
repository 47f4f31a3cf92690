/**
 * The browser edition remembers the scenario that was open: each scenario, replay or map file
 * opened or saved is kept (its text, in the same store as autosave's backups), the page reopens
 * the one that was open when it was left (unless a backup of unsaved changes is offered instead),
 * and the toolbar's Recent menu opens the others. The desktop app has File > Open Recent (main
 * keeps the paths and reads the files) and reopens nothing by itself.
 */
import type { PersistentStore } from '../autosave/persistentStore.ts';
import { model } from '../state/session.ts';
import { Store } from '../state/store.ts';
import { EMPTY_RECENT, fileToReopen, MAX_RECENT_CHARS, parseRecent, withNoneOpen, withRecent, type RecentList } from './recentList.ts';

export const RECENT_KEY = 'mapf-lab/recent-scenarios';

/** The kept list, for the Recent menu. */
export const recentStore = new Store<RecentList>(EMPTY_RECENT);

let backups: PersistentStore | null = null;

function write(list: RecentList): void {
  recentStore.set(list);
  backups?.setItem(RECENT_KEY, JSON.stringify(list));
}

/** A file was opened or saved: it goes first and is the open one. False: too large to keep. */
export function rememberFile(name: string, text: string): boolean {
  if (!backups) return false;
  write(withRecent(recentStore.get(), { name, text, at: new Date().toISOString() }));
  return text.length <= MAX_RECENT_CHARS;
}

export function clearRecent(): void {
  write(EMPTY_RECENT);
}

/**
 * Reads the list from `store` and follows the open document (a load of a document from no file
 * forgets which file was open). Returns the file to reopen now, or null (`offered`: a backup of
 * unsaved changes is offered, and it is the one to come back to).
 */
export function startRecentScenarios(store: PersistentStore, offered: boolean): { name: string; text: string } | null {
  backups = store;
  recentStore.set(parseRecent(store.getItem(RECENT_KEY)));
  model.subscribe((event) => {
    if (event.cause === 'load' && !model.documentId.startsWith('file:')) write(withNoneOpen(recentStore.get()));
  });
  return offered ? null : fileToReopen(recentStore.get());
}
