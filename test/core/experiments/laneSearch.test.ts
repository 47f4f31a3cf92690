// The lane search (laneSearch.ts) against a made-up measure: which candidate it keeps, the margin,
// no lanes, cancelling; and the guidance file (guidanceFile.ts) it is kept in.
import { describe, expect, it } from 'vitest';
import { LANE_MARGIN, LANE_PATTERNS, LANE_PENALTIES, searchLanes } from '../../../core/experiments/laneSearch.ts';
import { FormatError } from '../../../core/formats/formatError.ts';
import { type GuidanceFile, parseGuidanceFile, serializeGuidanceFile } from '../../../core/formats/guidanceFile.ts';
import type { LanePattern } from '../../../core/solvers/lifelong/laneGuidance.ts';

/** Tasks a candidate "finishes": a base, plus a bonus per row pattern, column pattern and penalty. */
function measureOf(bonus: { rows?: Record<string, number>; columns?: Record<string, number>; penalty?: Record<number, number>; none?: number }) {
  return (lanes: LanePattern | null): number => {
    if (lanes === null) return bonus.none ?? 900;
    return 1000 + (bonus.rows?.[lanes.rows] ?? 0) + (bonus.columns?.[lanes.columns] ?? 0) + (bonus.penalty?.[lanes.penalty] ?? 0);
  };
}

describe('searchLanes', () => {
  it('keeps the best row pattern, then the best column pattern with it, then the best penalty', () => {
    const result = searchLanes(measureOf({ rows: { '0110': 50, '1001': 30 }, columns: { '10100101': 40 }, penalty: { 6: 20 } }));
    expect(result.lanes).toEqual({ rows: '0110', columns: '10100101', penalty: 6 });
    // Every pattern but the start's for rows and columns, the other penalties, the start and no lanes.
    const others = LANE_PATTERNS.length - 1;
    expect(result.candidates.length).toBe(2 + 2 * others + LANE_PENALTIES.length);
    expect(result.candidates[0]).toEqual({ lanes: { rows: '01', columns: '01', penalty: 3 }, tasks: 1000 });
    expect(result.candidates.at(-1)).toEqual({ lanes: null, tasks: 900 });
  });

  it('keeps the alternating lanes when no change beats them by the margin', () => {
    const under = Math.floor(1000 * LANE_MARGIN) - 1;
    const result = searchLanes(measureOf({ rows: { '0110': under }, columns: { '10': under }, penalty: { 1: under } }));
    expect(result.lanes).toEqual({ rows: '01', columns: '01', penalty: 3 });
  });

  it('answers no lanes when running without them does as well', () => {
    const result = searchLanes(measureOf({ rows: { '0110': 20 }, none: 1015 }));
    expect(result.lanes).toBeNull();
    const lost = searchLanes(measureOf({ rows: { '0110': 20 }, none: 1000 }));
    expect(lost.lanes).toEqual({ rows: '0110', columns: '01', penalty: 3 });
  });

  it('stops when told to, keeping what it measured', () => {
    const heard: number[] = [];
    const result = searchLanes(measureOf({}), (done, planned) => {
      heard.push(done);
      expect(planned).toBe(2 + 2 * (LANE_PATTERNS.length - 1) + LANE_PENALTIES.length);
      return done === 3;
    });
    expect(result.cancelled).toBe(true);
    expect(heard).toEqual([1, 2, 3]);
    expect(result.candidates.length).toBe(3);
  });
});

const FILE: GuidanceFile = {
  format: 'mapf-lab/guidance',
  version: 1,
  map: { name: 'maps/warehouse_large.map', width: 500, height: 140, hash: 'abc' },
  lanes: { rows: '0110', columns: '01', penalty: 3 },
  measured: { problem: 'warehouse_large_5000.json', planner: 'epibt', scheduler: 'ours', robots: 5000, steps: 100, stepLimitMs: 300, clock: 'cpu', candidates: [{ lanes: null, tasks: 10 }] },
};

describe('the guidance file', () => {
  it('reads back what it wrote', () => {
    expect(parseGuidanceFile(serializeGuidanceFile(FILE), 'g.json')).toEqual(FILE);
  });

  it('says where a field is wrong and what it found', () => {
    const text = serializeGuidanceFile(FILE).replace('"rows": "0110"', '"rows": "0120"');
    let error: unknown;
    try {
      parseGuidanceFile(text, 'g.json');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FormatError);
    const line = text.split('\n').findIndex((l) => l.includes('"rows"')) + 1;
    expect((error as FormatError).message).toBe(`g.json:${line}:5: 'lanes.rows': must be 1 to 16 characters of 0 and 1, found '0120' (a mapf-lab/guidance file, version 1)`);
  });

  it('refuses another version and text that is not JSON', () => {
    expect(() => parseGuidanceFile(serializeGuidanceFile(FILE).replace('"version": 1', '"version": 2'), 'g.json')).toThrow(/g.json:3:3: 'version'/);
    expect(() => parseGuidanceFile('{', 'g.json')).toThrow(/g.json:1:1: not JSON/);
  });
});
