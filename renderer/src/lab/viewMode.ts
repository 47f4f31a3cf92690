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
