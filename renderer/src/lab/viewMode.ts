/** Which view the window shows: the scenario editor or the lab (Ctrl+Shift+L switches). */
import { Store } from '../state/store.ts';

export type ViewName = 'editor' | 'lab';

export const viewStore = new Store<{ view: ViewName }>({ view: 'editor' });

export function toggleView(): void {
  viewStore.set((s) => ({ view: s.view === 'lab' ? 'editor' : 'lab' }));
}

/** Ctrl+Shift+L (Cmd+Shift+L): works from anywhere, the JSON editors included. */
export function isLabShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return (event.ctrlKey || event.metaKey) && event.shiftKey && !event.altKey && event.key.toLowerCase() === 'l';
}

/**
 * The editor's keys that also act in the lab: `?` opens the shortcut list (it did nothing there)
 * and, while the list is open, Escape closes it. Everything else of the editor's stays off.
 */
export function passesInLab(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>, helpOpen: boolean): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  return event.key === '?' || (event.key === 'Escape' && helpOpen);
}
