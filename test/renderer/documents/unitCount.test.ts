import { describe, expect, it } from 'vitest';
import { parseUnitCount } from '../../../renderer/src/documents/unitCount.ts';

describe('how many units from a .scen', () => {
  it('takes any whole number from 1 to the count, or all', () => {
    expect(parseUnitCount('25', 1000)).toEqual({ count: 25 });
    expect(parseUnitCount(' 1000 ', 1000)).toEqual({ count: 1000 });
    expect(parseUnitCount('All', 860)).toEqual({ count: 860 });
  });

  it('refuses the rest, saying the range', () => {
    for (const bad of ['0', '1001', '2.5', 'ten', '']) expect(parseUnitCount(bad, 1000)).toEqual({ error: `'${bad}' is not a number of units from 1 to 1000 (or 'all')` });
  });
});
