/**
 * Issue 17, item 12: an experiment named with '../' wrote its results outside results/, and CSV
 * exports passed cells starting with =, +, - or @ to spreadsheets as formulas.
 */
import { describe, expect, it } from 'vitest';
import { ExperimentError, parseExperiment } from '../../../core/experiments/schema.ts';
import { toCsv } from '../../../core/experiments/summary.ts';

const experiment = (name: string) => ({
  format: 'mapf-lab/experiment', version: 1, name,
  maps: [{ kind: 'random', width: 8, height: 8, density: 0.1, seeds: [1] }], agents: [2], solvers: [{ solver: 'whca' }],
});

describe('experiment names', () => {
  it.each(['../escape', 'a/b', 'a\\b', '..', '.'])('refuses %j, naming the field', (name) => {
    expect(() => parseExperiment(experiment(name))).toThrow(ExperimentError);
    expect(() => parseExperiment(experiment(name))).toThrow(/^name: the name is also the results folder's name/);
  });

  it('accepts a plain name with dots and spaces', () => {
    expect(parseExperiment(experiment('silver 2005.v2')).name).toBe('silver 2005.v2');
  });
});

describe('toCsv', () => {
  it('neutralises text cells a spreadsheet would run as formulas, and leaves numbers alone', () => {
    const rows = [{ label: '=HYPERLINK("http://x")', note: '+1', other: '@sum', dash: '-cmd', n: -3, ok: 'WHCA*(16)' }];
    const csv = toCsv(rows, ['label', 'note', 'other', 'dash', 'n', 'ok']);
    expect(csv.split('\n')[1]).toBe(`"'=HYPERLINK(""http://x"")",'+1,'@sum,'-cmd,-3,WHCA*(16)`);
  });
});
