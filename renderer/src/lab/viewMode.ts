/** Which view the window shows: the scenario editor or the lab (Ctrl+Shift+L switches). */
import { useEffect } from 'react';
import { Store } from '../state/store.ts';
import { openExperiment, saveExperiment } from './experimentFile.ts';

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

/**
 * While the lab shows, Ctrl+O, Ctrl+S and Ctrl+Shift+S open and save the experiment (its editor
 * has the focus most of the time, and saving the hidden scenario instead would surprise).
 * Returns whether the key was one of them.
 */
function labFileShortcut(event: KeyboardEvent): boolean {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return false;
  const key = event.key.toLowerCase();
  if (key === 'o' && !event.shiftKey) {
    if (event.type === 'keydown' && !event.repeat) void openExperiment();
    return true;
  }
  if (key === 's') {
    if (event.type === 'keydown' && !event.repeat) void saveExperiment(event.shiftKey);
    return true;
  }
  return false;
}

/** New (Alt+N) acts on the scenario from either view. */
function fileShortcut(event: KeyboardEvent): boolean {
  return event.altKey && event.key.toLowerCase() === 'n';
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
      if (viewStore.get().view !== 'lab') return;
      if (labFileShortcut(event)) {
        event.preventDefault();
        event.stopPropagation();
        return;
      }
      if (!typingIn(event.target) && !fileShortcut(event)) event.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('keyup', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('keyup', onKey, true);
    };
  }, []);
}
