/** Which view the window shows: the scenario editor or the lab (Ctrl+Shift+L switches). */
import { useEffect } from 'react';
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

/** Fields and editors keep their keys (the editor's shortcuts skip them too). */
function typingIn(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  return target.closest('.monaco-editor, input, textarea, select, [contenteditable="true"]') !== null;
}

/** Open, save and new (Ctrl+O, Ctrl+S, Alt+N) act on the scenario from either view. */
function fileShortcut(event: KeyboardEvent): boolean {
  const key = event.key.toLowerCase();
  return ((event.ctrlKey || event.metaKey) && (key === 'o' || key === 's')) || (event.altKey && key === 'n');
}

/**
 * Ctrl+Shift+L switches views. While the lab shows, the editor's shortcuts (tools, undo,
 * delete, replay keys) must not act on the hidden scenario: keys outside fields stop here,
 * before the window's listeners see them. Default actions (a focused button's Enter) still happen.
 */
export function useLabShortcut(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.type === 'keydown' && isLabShortcut(event)) {
        event.preventDefault();
        event.stopPropagation();
        toggleView();
        return;
      }
      if (viewStore.get().view === 'lab' && !typingIn(event.target) && !fileShortcut(event)) event.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('keyup', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('keyup', onKey, true);
    };
  }, []);
}
