import { describe, expect, it } from 'vitest';
import { fileName, fileStem, formatDuration, slug } from '../../../core/util/names.ts';

describe('names made from paths and titles', () => {
  it('takes the file part of a path by either separator', () => {
    expect(fileName('maps/den520d.map')).toBe('den520d.map');
    expect(fileName('C:\\levels\\bridge.json')).toBe('bridge.json');
    expect(fileName('plain')).toBe('plain');
  });

  it('drops the extension it is told to, or any', () => {
    expect(fileStem('a/b/den520d.map')).toBe('den520d');
    expect(fileStem('a/random-1.scen', /\.(map|scen)$/)).toBe('random-1');
    expect(fileStem('a/problem.json', /\.(map|scen)$/)).toBe('problem.json');
  });

  it('makes a title safe for a file name, lower-cased, with a fallback for nothing left', () => {
    expect(slug('Bridge 40×20, 1 wide')).toBe('bridge-40-20-1-wide');
    expect(slug('***')).toBe('scenario');
    expect(slug('Silver 2005.v2', { fallback: 'experiment', keepDots: true, lowerCase: false })).toBe('Silver-2005.v2');
    expect(slug('', { fallback: 'experiment' })).toBe('experiment');
  });

  it('gives durations as a progress bar does', () => {
    expect([formatDuration(400), formatDuration(12_400), formatDuration(59_400), formatDuration(61_000), formatDuration(125_000), formatDuration(3_723_000)]).toEqual(['0s', '12s', '59s', '1m 01s', '2m 05s', '1h 02m']);
    expect(formatDuration(undefined)).toBe('–');
    expect(formatDuration(Number.NaN, '?')).toBe('?');
  });
});
