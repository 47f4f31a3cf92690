import { describe, expect, it } from 'vitest';
import { boundText } from '../../../renderer/src/panels/boundText.ts';

describe('the results panel\'s lower bound line', () => {
  it('names the bound and the cost over it, optimal when equal, and nothing without a bound', () => {
    expect(boundText(100, 112)).toBe('Proved lower bound on the sum of costs: 100; sum of costs / bound 1.120');
    expect(boundText(100, 100)).toBe('Proved lower bound on the sum of costs: 100; sum of costs / bound 1.000 (optimal)');
    expect(boundText(100, null)).toBe('Proved lower bound on the sum of costs: 100');
    expect(boundText(undefined, 50)).toBeNull();
    expect(boundText(Number.NaN, 50)).toBeNull();
  });
});
