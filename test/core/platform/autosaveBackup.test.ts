// The base's text joins an inline map's plain rows ('.' and '@') without JSON.stringify; whatever
// the rows and whoever says they are plain, the text must read back as the base itself.
import { describe, expect, it } from 'vitest';
import { plainRows, storedBaseText, type StoredBase } from '../../../core/platform/autosaveBackup.ts';

const base = (rows: unknown[], name = 'm'): StoredBase => ({ id: 'b#1', scenario: { name, map: { kind: 'inline', rows }, agents: [{ id: 'a', start: [0, 1] }] }, lorrFiles: null });

describe("autosave base's text", () => {
  it('is the JSON of the base, rows joined or not', () => {
    const cases: StoredBase[] = [
      base(['..@', '@@.', '...']),
      base([]),
      base(['.."@', 'a\\b', '\u0001\ud800']),
      // A name holding what would be the rows' mark: still the base.
      base(['.@'], 'rows b#1 0.5'),
      { id: 'x', scenario: { map: { kind: 'file', path: 'a.map' } }, lorrFiles: { 'a.map': 'text' } },
      { id: 'y', scenario: null, lorrFiles: null },
    ];
    for (const b of cases) {
      const text = storedBaseText(b);
      expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(b)));
      expect(text).toBe(JSON.stringify(b));
    }
    expect(plainRows(['..@', '@'])).toBe(true);
    expect(plainRows(['..@', '"'])).toBe(false);
    expect(plainRows(['.', 3])).toBe(false);
  });

  it('trusts a writer that says its rows are plain, and checks them otherwise', () => {
    const rows = ['..@', '@@.'];
    expect(storedBaseText(base(rows), () => true)).toBe(JSON.stringify(base(rows)));
    // Rows a writer wrongly calls plain would break the JSON: the default looks at them.
    const odd = base(['."', '..']);
    expect(storedBaseText(odd)).toBe(JSON.stringify(odd));
    expect(() => JSON.parse(storedBaseText(odd, () => true))).toThrow();
  });
});
