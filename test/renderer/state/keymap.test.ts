import { describe, expect, it } from 'vitest';
import { shortcutFor } from '../../../renderer/src/shortcuts/keymap.ts';
import { TOOLS } from '../../../renderer/src/state/editorState.ts';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) =>
  shortcutFor({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('shortcutFor', () => {
  it('undo and redo', () => {
    expect(key('z', { ctrlKey: true })).toEqual({ kind: 'undo' });
    expect(key('Z', { ctrlKey: true, shiftKey: true })).toEqual({ kind: 'redo' });
    expect(key('y', { ctrlKey: true })).toEqual({ kind: 'redo' });
  });

  it('tools, brush, replay and view keys', () => {
    expect(key('p')).toEqual({ kind: 'tool', tool: 'pencil' });
    expect(key('E', { shiftKey: true })).toBeNull(); // Shift+E is not a tool
    expect(key('f')).toEqual({ kind: 'tool', tool: 'fill' });
    expect(key(']')).toEqual({ kind: 'brush', delta: 1 });
    expect(key('[')).toEqual({ kind: 'brush', delta: -1 });
    expect(key('ArrowRight')).toEqual({ kind: 'step', delta: 1 });
    expect(key('ArrowLeft', { shiftKey: true })).toEqual({ kind: 'step', delta: -10 });
    expect(key('h')).toEqual({ kind: 'toggle', what: 'heat' });
    expect(key('0')).toEqual({ kind: 'fit' });
    expect(key('Delete')).toEqual({ kind: 'delete' });
  });

  it('files and solve with Ctrl', () => {
    expect(key('s', { ctrlKey: true })).toEqual({ kind: 'file', what: 'save' });
    expect(key('S', { ctrlKey: true, shiftKey: true })).toEqual({ kind: 'file', what: 'saveMap' });
    expect(key('Enter', { metaKey: true })).toEqual({ kind: 'solve' });
    expect(key('p', { ctrlKey: true })).toBeNull();
  });

  it('follow is C and the door tool D; every tool key in the palette maps to its tool and no letter does two things', () => {
    expect(key('c')).toEqual({ kind: 'toggle', what: 'follow' });
    expect(key('C')).toEqual({ kind: 'toggle', what: 'follow' });
    expect(key('d')).toEqual({ kind: 'tool', tool: 'door' });
    expect(key('f')).toEqual({ kind: 'tool', tool: 'fill' });
    for (const tool of TOOLS) expect(key(tool.key.toLowerCase())).toEqual({ kind: 'tool', tool: tool.name });
    const letters = 'abcdefghijklmnopqrstuvwxyz'.split('').map((k) => [k, JSON.stringify(key(k))]).filter(([, a]) => a !== 'null');
    expect(new Set(letters.map(([, a]) => a)).size).toBe(letters.length);
  });
});
