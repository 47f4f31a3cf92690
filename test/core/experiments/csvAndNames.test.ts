/**
 * CSV exports passed cells starting with =, +, - or @ to spreadsheets as formulas
 * (the results folder of a name with '../' is tested with the CLI, test/node/cli-experiment.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../core/experiments/summary.ts';

describe('toCsv', () => {
  it('neutralises text cells a spreadsheet would run as formulas, and leaves numbers alone', () => {
    const rows = [{ label: '=HYPERLINK("http://x")', note: '+1', other: '@sum', dash: '-cmd', n: -3, ok: 'WHCA*(16)' }];
    const csv = toCsv(rows, ['label', 'note', 'other', 'dash', 'n', 'ok']);
    expect(csv.split('\n')[1]).toBe(`"'=HYPERLINK(""http://x"")",'+1,'@sum,'-cmd,-3,WHCA*(16)`);
  });
});
