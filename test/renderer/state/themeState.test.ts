import { describe, expect, it } from 'vitest';
import { effectiveTheme, nextThemeChoice } from '../../../renderer/src/state/themeState.ts';

describe('theme', () => {
  it('follows the system unless light or dark is chosen', () => {
    expect(effectiveTheme('system', true)).toBe('light');
    expect(effectiveTheme('system', false)).toBe('dark');
    expect(effectiveTheme('dark', true)).toBe('dark');
    expect(effectiveTheme('light', false)).toBe('light');
  });

  it('the toggle cycles system, light, dark', () => {
    expect(nextThemeChoice('system')).toBe('light');
    expect(nextThemeChoice('light')).toBe('dark');
    expect(nextThemeChoice('dark')).toBe('system');
  });
});
