/**
 * The window's keys while the lab shows (App mounts useLabShortcut): Ctrl+Shift+L switches views
 * from anywhere; Ctrl+O/Ctrl+S act on the experiment; the editor's shortcuts stay off. Apart from
 * viewMode.ts so that importing the view state does not load the file actions (and the platform).
 */
import { useLayoutEffect } from 'react';
import { openExperiment, saveExperiment } from './experimentFile.ts';
import { isLabShortcut, passesInLab, toggleView, viewStore } from './viewMode.ts';
import { helpStore } from '../shortcuts/HelpOverlay.tsx';

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
  useLayoutEffect(() => {
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
      if (!typingIn(event.target) && !fileShortcut(event) && !passesInLab(event, helpStore.get().open)) event.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('keyup', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('keyup', onKey, true);
    };
  }, []);
}
