/**
 * What a big map will cost (core/search/mapCost.ts): the figures the app asks with before a
 * 5000 x 5000 map opens, and which maps ask at all.
 */
import { describe, expect, it } from 'vitest';
import { BIG_MAP_CELLS, asksBeforeOpening, mapCost, mapCostQuestion } from '../../../core/search/mapCost.ts';
import { DEFAULT_DISTANCE_BUDGET_BYTES } from '../../../core/search/goalDistances.ts';
import { readMapSize } from '../../../core/formats/movingAiMap.ts';

describe('the cost of a big map', () => {
  it('counts a byte per cell for the grid and one for its characters, and an Int32 per cell per goal', () => {
    const cost = mapCost(5000, 5000, 25_005_000);
    expect(cost.cells).toBe(25_000_000);
    expect(cost.keptBytes).toBe(50_000_000);
    expect(cost.openingBytes).toBe(75_005_000);
    expect(cost.tableBytes).toBe(100_000_000);
    expect(cost.tablesKept).toBe(Math.floor(DEFAULT_DISTANCE_BUDGET_BYTES / 100_000_000));
  });

  it('asks in MB and millions of cells', () => {
    const text = mapCostQuestion('huge.map', 5000, 5000, mapCost(5000, 5000, 25_005_000));
    expect(text).toBe(
      'huge.map is 5000×5000: 25 M cells (25,000,000). Opening it takes about 72 MB (48 MB while it is open: the grid and its characters as read). ' +
        'A solve builds a distance table of 95 MB per unit\'s goal, keeping at most 2,048 MB (21 goals; more are rebuilt as needed), so 100 units\' tables are about 9,537 MB of work. Open it?',
    );
  });

  it('asks only past the former limit of 4096 x 4096, up to the lab\'s limit', () => {
    expect(BIG_MAP_CELLS).toBe(4096 * 4096);
    expect(asksBeforeOpening(4096, 4096)).toBe(false);
    expect(asksBeforeOpening(1024, 1024)).toBe(false);
    expect(asksBeforeOpening(4097, 4096)).toBe(true);
    expect(asksBeforeOpening(5000, 5000)).toBe(true);
    expect(asksBeforeOpening(8192, 4096)).toBe(true);
    // Past the lab's limit the reader refuses it, naming the limit: nothing to ask.
    expect(asksBeforeOpening(8192, 8192)).toBe(false);
  });
});

describe('a .map header read alone', () => {
  it('gives the size in either order and with any line break, without the rows', () => {
    expect(readMapSize('type octile\nheight 5000\nwidth 4000\nmap\n')).toEqual({ width: 4000, height: 5000 });
    expect(readMapSize('type octile\r\nwidth 7\r\nheight 3\r\nmap\r\n...')).toEqual({ width: 7, height: 3 });
  });

  it('is null for a header parseMap would refuse (it then says where)', () => {
    expect(readMapSize('type octile\nheight x\nwidth 4\nmap\n')).toBeNull();
    expect(readMapSize('nonsense')).toBeNull();
    expect(readMapSize('type octile\nheight 4\n')).toBeNull();
  });
});
