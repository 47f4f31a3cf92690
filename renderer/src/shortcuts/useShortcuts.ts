/** Installs the window's keyboard shortcuts (see keymap.ts) and performs them. */
import { helpStore } from './HelpOverlay.tsx';
import { cancelCompare, switchAB } from '../compare/compareActions.ts';
import { compareStore } from '../compare/compareState.ts';
import { toggleCompareView } from '../compare/ComparePanel.tsx';
import { useLayoutEffect } from 'react';
import { shortcutFor, type ShortcutAction } from './keymap.ts';
import { keyState } from './keyState.ts';
import { editorStore, setBrush } from '../state/editorState.ts';
import { replayStore, seek } from '../state/replayState.ts';
import { lastTurn } from '../solve/plan.ts';
import { deleteSelection, redo, undo } from '../state/editActions.ts';
import { cancelSolve, solveCurrent } from '../solve/solveActions.ts';
import { cancelMapRead } from '../documents/mapReadProgress.ts';
import { newScenario, openScenarioFile, saveMapFile, saveScenarioFile } from '../documents/fileActions.ts';
import { setPlaying } from '../replay/player.ts';
import { setFollow } from '../replay/follow.ts';
import { fitView, zoomCentre } from '../canvas/viewState.ts';
import { toolController } from '../canvas/mapPicking.ts';
import { model } from '../state/session.ts';
import { solveStore } from '../solve/solveState.ts';
import { openVideoExport } from '../video/videoExport.ts';

function inJsonEditor(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('.monaco-editor') !== null;
}

/** Keys typed into a field or the JSON editor are the field's, not shortcuts (Ctrl+Z there undoes text). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('.monaco-editor')) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable) return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    return type !== 'range' && type !== 'checkbox' && type !== 'button';
  }
  return false;
}

export function perform(action: ShortcutAction): void {
  switch (action.kind) {
    case 'undo':
      return undo();
    case 'redo':
      return redo();
    case 'tool':
      toolController.cancel();
      return editorStore.set({ tool: action.tool });
    case 'brush':
      return setBrush(editorStore.get().brush + action.delta);
    case 'step':
      setPlaying(false, lastTurn);
      return seek(replayStore.get().t + action.delta, lastTurn());
    case 'playPause':
      return setPlaying(!replayStore.get().playing, lastTurn);
    case 'home':
      return seek(0, lastTurn());
    case 'end':
      return seek(lastTurn(), lastTurn());
    case 'delete':
      return deleteSelection();
    case 'escape':
      if (helpStore.get().open) return helpStore.set({ open: false });
      if (cancelMapRead()) return;
      if (solveStore.get().phase === 'running') return cancelSolve();
      if (compareStore.get().phase === 'running') return cancelCompare();
      toolController.cancel();
      return editorStore.set({ selection: [] });
    case 'solve':
      return void solveCurrent();
    case 'compareSwitch':
      return switchAB();
    case 'compareView':
      return toggleCompareView();
    case 'help':
      return helpStore.set({ open: !helpStore.get().open });
    case 'fit':
      return fitView(model.document.grid.width, model.document.grid.height);
    case 'zoom':
      return zoomCentre(action.factor);
    case 'toggle':
      if (action.what === 'json') return editorStore.set({ jsonOpen: !editorStore.get().jsonOpen });
      if (action.what === 'follow') return setFollow(!replayStore.get().follow);
      return replayStore.set({ [action.what]: !replayStore.get()[action.what] });
    case 'file':
      if (action.what === 'new') return newScenario();
      if (action.what === 'open') return void openScenarioFile();
      if (action.what === 'saveMap') return void saveMapFile();
      return void saveScenarioFile();
    case 'exportVideo':
      return openVideoExport();
  }
}

export function useShortcuts(): void {
  // A layout effect, not a plain one: it runs before the first paint, so a key pressed as soon
  // as the window shows is never lost (a plain effect runs after paint; on a busy machine a key
  // came in between and the Door tool stayed unselected).
  useLayoutEffect(() => {
    const onDown = (event: KeyboardEvent) => {
      const typing = typingIn(event.target);
      if (event.key === ' ' && !typing && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        if (!event.repeat) {
          keyState.space = true;
          keyState.spaceUsed = false;
        }
        return;
      }
      if (event.defaultPrevented) return;
      // Buttons and selects keep Enter and Space; the rest of the keys are shortcuts everywhere.
      const action = shortcutFor(event);
      if (!action) return;
      if (typing) {
        // In a field only the file commands and Solve are shortcuts (Ctrl+Z there undoes text):
        // the field is left first, so a number typed and not yet committed is committed, and
        // saved. The JSON editor keeps every key.
        if (!(action.kind === 'file' || action.kind === 'solve') || inJsonEditor(event.target)) return;
        (event.target as HTMLElement).blur();
      }
      event.preventDefault();
      perform(action);
    };
    const onUp = (event: KeyboardEvent) => {
      if (event.key !== ' ' || !keyState.space) return;
      keyState.space = false;
      // A tap toggles playback; a hold used for panning does not.
      if (!keyState.spaceUsed && !typingIn(event.target)) perform({ kind: 'playPause' });
    };
    window.addEventListener('keydown', onDown);
    window.addEventListener('keyup', onUp);
    return () => {
      window.removeEventListener('keydown', onDown);
      window.removeEventListener('keyup', onUp);
    };
  }, []);
}
