import { describe, expect, it } from 'vitest';
import { keyIntent } from '../../../renderer/src/model/keyboard.ts';

const key = (k: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {}) =>
  keyIntent({ key: k, ctrlKey: !!mods.ctrl, metaKey: !!mods.meta, shiftKey: !!mods.shift, altKey: !!mods.alt });

describe('keyIntent', () => {
  it('maps undo and redo on Windows, Linux and macOS', () => {
    expect(key('z', { ctrl: true })).toBe('undo');
    expect(key('z', { meta: true })).toBe('undo');
    expect(key('Z', { ctrl: true, shift: true })).toBe('redo');
    expect(key('z', { meta: true, shift: true })).toBe('redo');
    expect(key('y', { ctrl: true })).toBe('redo');
  });

  it('leaves other keys alone', () => {
    expect(key('z')).toBeNull();
    expect(key('z', { shift: true })).toBeNull();
    expect(key('z', { ctrl: true, alt: true })).toBeNull();
    expect(key('y', { meta: true })).toBeNull();
    expect(key('y', { ctrl: true, shift: true })).toBeNull();
    expect(key('s', { ctrl: true })).toBeNull();
  });
});
