import { describe, expect, it } from 'vitest';
import { BOUND_HEADING_TITLE, boundText, boundTitle } from '../../../renderer/src/panels/boundText.ts';

describe('the results panel\'s lower bound line', () => {
  it('names the bound and the cost over it, optimal when equal, and nothing without a bound', () => {
    expect(boundText(100, 112)).toBe('Proved lower bound on the sum of costs: 100; sum of costs / bound 1.120');
    expect(boundText(100, 100)).toBe('Proved lower bound on the sum of costs: 100; sum of costs / bound 1.000 (optimal)');
    expect(boundText(100, null)).toBe('Proved lower bound on the sum of costs: 100');
    expect(boundText(undefined, 50)).toBeNull();
    expect(boundText(Number.NaN, 50)).toBeNull();
  });
});

describe('the Bound tooltips', () => {
  it('say what the bound is and in which cost model, solver by solver', () => {
    const cbs = boundTitle('cbs', 100, 112, 'rest');
    expect(cbs).toMatch(/^Lower bound 100 on the optimal sum of costs: the least cost of a node CBS had not yet expanded: no plan costs less in the 'rest' cost model \(each unit's turns until it rests on its goal for good\)\./);
    expect(cbs).toMatch(/This plan's 112 \('rest'\) is at most 1\.120× the optimum\.$/);
    expect(boundTitle('eecbs', 90, 90, 'rest')).toMatch(/EECBS's open list.*'rest' cost model.*at most w times it\. This plan's 90 \('rest'\) is optimal\.$/);
    // LaCAM*'s bound is the sum of distances: a bound in both models.
    expect(boundTitle('lacam-star', 80, 85, 'away')).toMatch(/sum of each unit's shortest distance.*either cost model.*This plan's 85 \('away'\) is at most 1\.063× the optimum\./);
    // CBS's bound is of the 'rest' optimum: an 'away' sum of costs is not measured against it.
    expect(boundTitle('cbs', 100, 95, 'away')).toMatch(/This table's sum of costs is in the 'away' model, so it is not measured against this bound\.$/);
    expect(boundTitle('pibt', null, 95, 'rest')).toBe('pibt proves no lower bound on the sum of costs.');
  });

  it('the heading names each solver\'s cost model rather than the table\'s', () => {
    expect(BOUND_HEADING_TITLE).toMatch(/CBS and EECBS: in the 'rest' cost model/);
    expect(BOUND_HEADING_TITLE).toMatch(/LaCAM\*: the sum of the units' shortest distances to their goals, a bound in both cost models/);
  });
});
