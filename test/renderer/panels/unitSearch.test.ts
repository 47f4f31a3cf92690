import { describe, expect, it } from 'vitest';
import { matchUnits, unitOnEnter } from '../../../renderer/src/panels/unitSearch.ts';

describe('finding a unit', () => {
  const agents = [{ id: 'a1', name: 'Unit 1' }, { id: 'cart', name: 'Cart' }, { id: 'a12', name: 'Unit 12' }];

  it('a number names the unit of that number first, then names and ids containing it', () => {
    expect(matchUnits(agents, '1')).toEqual([0, 2]);
    expect(matchUnits(agents, '3')).toEqual([2]);
  });

  it('text matches names and ids, ignoring case; empty matches all; nothing matches nothing', () => {
    expect(matchUnits(agents, 'CAR')).toEqual([1]);
    expect(matchUnits(agents, ' ')).toEqual([0, 1, 2]);
    expect(matchUnits(agents, 'zebra')).toEqual([]);
  });

  it('Enter picks the first match: the unit of that number, else the first name or id; nothing for no match or an empty search', () => {
    expect(unitOnEnter(agents, '3')).toBe('a12');
    expect(unitOnEnter(agents, 'car')).toBe('cart');
    expect(unitOnEnter(agents, 'zebra')).toBeNull();
    expect(unitOnEnter(agents, '  ')).toBeNull();
  });
});
