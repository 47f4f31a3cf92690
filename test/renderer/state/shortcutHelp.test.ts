/** The help overlay's list against the keymap: every listed key does something, and everything the keymap does is listed. */
import { describe, expect, it } from 'vitest';
import { shortcutFor, type ShortcutAction } from '../../../renderer/src/shortcuts/keymap.ts';
import { SHORTCUT_HELP } from '../../../renderer/src/shortcuts/shortcutHelp.ts';
import { isLabShortcut } from '../../../renderer/src/lab/viewMode.ts';

const ACTION_KINDS: ShortcutAction['kind'][] = ['undo', 'redo', 'tool', 'brush', 'step', 'playPause', 'home', 'end', 'delete', 'escape', 'solve', 'fit', 'zoom', 'toggle', 'file', 'compareSwitch', 'help', 'exportVideo'];

describe('the shortcut list', () => {
  it('every entry is a key press the editor answers', () => {
    for (const entry of SHORTCUT_HELP) {
      // Space (play/pause, and pan while held) and Ctrl+Shift+L (views) are handled beside the keymap.
      if (entry.press.key === ' ') continue;
      const handled = shortcutFor(entry.press) !== null || isLabShortcut({ ...entry.press, altKey: entry.press.altKey ?? false });
      expect(handled, `${entry.keys}: ${entry.what}`).toBe(true);
    }
  });

  it('lists every action the keymap has, every tool, and every toggle', () => {
    const kinds = new Set(SHORTCUT_HELP.map((e) => (e.press.key === ' ' ? 'playPause' : shortcutFor(e.press)?.kind)).filter(Boolean));
    const missing = ACTION_KINDS.filter((kind) => !kinds.has(kind));
    expect(missing).toEqual([]);
    const toggles = new Set(SHORTCUT_HELP.map((e) => shortcutFor(e.press)).filter((a) => a?.kind === 'toggle').map((a) => (a as { what: string }).what));
    expect([...toggles].sort()).toEqual(['follow', 'heat', 'json', 'labels', 'trails']);
  });

  it('? opens it', () => {
    expect(shortcutFor({ key: '?', ctrlKey: false, metaKey: false, shiftKey: true, altKey: false })).toEqual({ kind: 'help' });
  });
});
