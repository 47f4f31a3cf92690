import { describe, expect, it } from 'vitest';
import { EMPTY_RECENT, fileToReopen, MAX_RECENT, MAX_RECENT_CHARS, parseRecent, withNoneOpen, withRecent } from '../../../renderer/src/documents/recentList.ts';

const file = (name: string, text = `{"name":"${name}"}`) => ({ name, text, at: '2026-11-28T22:00:00Z' });

describe('the browser edition\'s recent files', () => {
  it('reopens the file that was open, newest first, one entry a name', () => {
    let list = withRecent(EMPTY_RECENT, file('a.json'));
    list = withRecent(list, file('b.map', 'type octile'));
    list = withRecent(list, file('a.json', '{"v":2}'));
    expect(list.files.map((f) => f.name)).toEqual(['a.json', 'b.map']);
    expect(fileToReopen(list)?.text).toBe('{"v":2}');
    // The list survives the store as text.
    expect(parseRecent(JSON.stringify(list))).toEqual(list);
  });

  it('forgets which was open when a document from no file is opened, but keeps the list', () => {
    const list = withNoneOpen(withRecent(EMPTY_RECENT, file('a.json')));
    expect(fileToReopen(list)).toBeNull();
    expect(list.files).toHaveLength(1);
  });

  it('keeps at most MAX_RECENT files and none too large to keep', () => {
    let list = EMPTY_RECENT;
    for (let i = 0; i < MAX_RECENT + 3; i++) list = withRecent(list, file(`f${i}.json`));
    expect(list.files).toHaveLength(MAX_RECENT);
    expect(list.files[0].name).toBe(`f${MAX_RECENT + 2}.json`);
    const big = withRecent(list, file('huge.map', 'x'.repeat(MAX_RECENT_CHARS + 1)));
    expect(big.files.some((f) => f.name === 'huge.map')).toBe(false);
    expect(fileToReopen(big)).toBeNull();
  });

  it('reads a damaged store as no list', () => {
    expect(parseRecent('{')).toEqual(EMPTY_RECENT);
    expect(parseRecent(JSON.stringify({ open: 'gone.json', files: [{ name: 1 }] }))).toEqual(EMPTY_RECENT);
  });
});
