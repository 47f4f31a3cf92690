/**
 * The guide's shortcuts page (docs/shortcuts.md) lists every shortcut the help sheet (?) lists,
 * in the sheet's words, group by group: the sheet is checked against the keymap
 * (shortcutHelp.test.ts), and the page against the sheet here, so neither drifts.
 */
import { describe, expect, it } from 'vitest';
import { SHORTCUT_HELP } from '../../../renderer/src/shortcuts/shortcutHelp.ts';
import PAGE from '../../../docs/shortcuts.md?raw';

/** A table row as the page writes it: the keys in code, the words as the sheet has them. */
function shortcutRow(keys: string, what: string): string {
  return `| ${keys.split(' / ').map((k) => `\`${k}\``).join(' / ')} | ${what.replace(/\|/g, '\\|')} |`;
}

describe('the guide\'s keyboard shortcuts', () => {
  it('has a row for every shortcut on the help sheet, under its group', () => {
    const sections = new Map<string, string>();
    for (const part of PAGE.split(/^## /m).slice(1)) sections.set(part.slice(0, part.indexOf('\n')).trim(), part);
    const missing = SHORTCUT_HELP.filter((s) => !(sections.get(s.group) ?? '').includes(shortcutRow(s.keys, s.what)));
    expect(missing.map((s) => `${s.group}: ${shortcutRow(s.keys, s.what)}`)).toEqual([]);
  });

  it('lists nothing the sheet does not', () => {
    const rows = PAGE.split('\n').filter((l) => l.startsWith('| `'));
    const known = new Set(SHORTCUT_HELP.map((s) => shortcutRow(s.keys, s.what)));
    expect(rows.filter((r) => !known.has(r))).toEqual([]);
  });
});
