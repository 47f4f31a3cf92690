/**
 * Every keyboard shortcut as the help overlay (?) lists it. Each entry names a key press the
 * keymap really answers (keymapHelp.test.ts presses each one through shortcutFor and checks the
 * action, and checks that every action the keymap knows is listed), so the list cannot drift.
 */
import { TOOLS } from '../state/editorState.ts';
import type { KeyDescriptor } from '../model/keyboard.ts';

export interface ShortcutHelp {
  group: 'File' | 'Edit' | 'Tools' | 'View' | 'Replay' | 'Solve' | 'Help';
  /** As shown: "Ctrl+S", "Shift+→". */
  keys: string;
  what: string;
  /** The key press it stands for (Ctrl stands for Cmd on macOS too). */
  press: KeyDescriptor;
}

const key = (k: string, mods: Partial<KeyDescriptor> = {}): KeyDescriptor => ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

export const SHORTCUT_HELP: readonly ShortcutHelp[] = [
  { group: 'File', keys: 'Alt+N', what: 'New scenario', press: key('n', { altKey: true }) },
  { group: 'File', keys: 'Ctrl+O', what: 'Open a scenario, replay file or .map', press: key('o', { ctrlKey: true }) },
  { group: 'File', keys: 'Ctrl+S', what: 'Save the scenario', press: key('s', { ctrlKey: true }) },
  { group: 'File', keys: 'Ctrl+Shift+S', what: 'Save the map as a Moving AI .map', press: key('S', { ctrlKey: true, shiftKey: true }) },
  { group: 'File', keys: 'Ctrl+Shift+E', what: 'Export the replay as a video (GIF, MP4 or WebM)', press: key('E', { ctrlKey: true, shiftKey: true }) },
  { group: 'Edit', keys: 'Ctrl+Z', what: 'Undo', press: key('z', { ctrlKey: true }) },
  { group: 'Edit', keys: 'Ctrl+Shift+Z / Ctrl+Y', what: 'Redo', press: key('y', { ctrlKey: true }) },
  { group: 'Edit', keys: 'Delete', what: 'Delete the selected units', press: key('Delete') },
  { group: 'Edit', keys: 'Esc', what: 'Cancel the gesture or the run; clear the selection', press: key('Escape') },
  { group: 'Edit', keys: '[ / ]', what: 'Smaller / larger brush', press: key('[') },
  ...TOOLS.map((t): ShortcutHelp => ({ group: 'Tools', keys: t.key, what: `${t.label}: ${t.hint}`, press: key(t.key.toLowerCase()) })),
  { group: 'View', keys: '0', what: 'Fit the map in the view', press: key('0') },
  { group: 'View', keys: '+ / -', what: 'Zoom in / out (the wheel too; drag with Space or the middle button to pan)', press: key('+') },
  { group: 'View', keys: 'Ctrl+J', what: 'Show or hide the JSON editor', press: key('j', { ctrlKey: true }) },
  { group: 'View', keys: 'H', what: 'Heat map on or off', press: key('h') },
  { group: 'View', keys: 'T', what: 'Trails on or off', press: key('t') },
  { group: 'View', keys: 'N', what: 'Unit numbers on or off', press: key('n') },
  { group: 'Replay', keys: 'Space', what: 'Play or pause', press: key(' ') },
  { group: 'Replay', keys: '← / →', what: 'One turn back / on (Shift: ten)', press: key('ArrowRight') },
  { group: 'Replay', keys: 'Home', what: 'First turn', press: key('Home') },
  { group: 'Replay', keys: 'End', what: 'Last turn', press: key('End') },
  { group: 'Replay', keys: 'C', what: 'Follow the selected unit', press: key('c') },
  { group: 'Replay', keys: 'B', what: 'Flip between the compared A and B runs at the same turn', press: key('b') },
  { group: 'Solve', keys: 'Ctrl+Enter', what: 'Solve', press: key('Enter', { ctrlKey: true }) },
  { group: 'Solve', keys: 'K', what: 'Open or close the Compare view (full width below the map)', press: key('k') },
  { group: 'Help', keys: '?', what: 'This list', press: key('?', { shiftKey: true }) },
  { group: 'Help', keys: 'Ctrl+Shift+L', what: 'Switch between the editor and the lab', press: key('L', { ctrlKey: true, shiftKey: true }) },
];
