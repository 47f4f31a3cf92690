import { describe, expect, it } from 'vitest';
import { FormatError } from '../../../core/formats/formatError.ts';
import { parseMap } from '../../../core/formats/movingAiMap.ts';
import { checkScenario, parseScenario, writeScenario } from '../../../core/formats/movingAiScenario.ts';

const MAP = parseMap(['type octile', 'height 3', 'width 4', 'map', '..@.', '....', '@...', ''].join('\n'), 'tiny.map').grid;
const SCEN = ['version 1', '0\ttiny.map\t4\t3\t0\t0\t3\t2\t3.82842712', '1\ttiny.map\t4\t3\t3\t0\t0\t1\t4.41421356', ''].join('\n');

function formatErrorOf(read: () => unknown): FormatError {
  try {
    read();
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error('expected a FormatError, nothing was thrown');
}

describe('Moving AI .scen reader', () => {
  it('reads width before height and x as the column', () => {
    const scen = parseScenario(SCEN, 'tiny.scen');
    expect(scen.entries).toHaveLength(2);
    expect(scen.entries[0]).toMatchObject({ bucket: 0, map: 'tiny.map', mapWidth: 4, mapHeight: 3, startX: 0, startY: 0, goalX: 3, goalY: 2, line: 2 });
    expect(scen.entries[0].optimalLength).toBeCloseTo(2 * Math.SQRT2 + 1, 7);
    expect(() => checkScenario(scen, MAP, 'tiny.scen')).not.toThrow();
  });

  it('writes back the same bytes, keeping the optimal length text', () => {
    const text = SCEN.replace('3.82842712', '3.8284271200');
    expect(writeScenario(parseScenario(text))).toBe(text);
    const v10 = SCEN.replace('version 1', 'version 1.0').slice(0, -1);
    expect(writeScenario(parseScenario(v10))).toBe(v10);
    const edited = parseScenario(SCEN);
    edited.entries[1].optimalLength = 5;
    expect(writeScenario(edited).split('\n')[2].endsWith('\t5.00000000')).toBe(true);
  });

  const cases: [string, string, string][] = [
    ['a missing version line', SCEN.replace('version 1\n', ''), "s.scen:1:1: expected 'version 1', found '0\\ttiny.map"],
    ['an unknown version', SCEN.replace('version 1', 'version 3'), "s.scen:1:9: unsupported scenario version '3'"],
    ['too few fields', SCEN.replace('\t3.82842712', ''), 's.scen:2:23: expected 9 TAB-separated fields'],
    ['too many fields', SCEN.replace('3.82842712', '3.82842712\t7'), 's.scen:2:35: expected 9 TAB-separated fields'],
    ['a non-number', SCEN.replace('\t0\t0\t3\t2', '\t0\tzero\t3\t2'), "s.scen:2:18: start y must be a whole number, found 'zero'"],
    ['a negative coordinate', SCEN.replace('\t0\t0\t3\t2', '\t-1\t0\t3\t2'), "s.scen:2:16: start x must be a whole number, found '-1'"],
    ['a bad optimal length', SCEN.replace('3.82842712', 'NaN'), "s.scen:2:24: optimal length must be a non-negative number, found 'NaN'"],
    ['a goal outside the map', SCEN.replace('\t3\t2\t3.8', '\t4\t2\t3.8'), 's.scen:2:20: goal (4, 2) is outside the 4x3 map'],
    ['a huge map size', SCEN.replace('\t4\t3\t0\t0', '\t9000\t3\t0\t0'), 's.scen:2:12: map width 9000 is outside 1..8192'],
    ['an empty line in the middle', SCEN.replace('\n1\t', '\n\n1\t'), 's.scen:3:1: empty line in the middle'],
  ];
  for (const [name, text, message] of cases) {
    it(`rejects ${name} naming file, line and column`, () => {
      const error = formatErrorOf(() => parseScenario(text, 's.scen'));
      expect(error.message.startsWith(message)).toBe(true);
      expect([error.file, error.line]).toEqual(['s.scen', Number(message.split(':')[1])]);
    });
  }

  it('checks a scenario against its map: size, walls', () => {
    const wrongSize = parseScenario(SCEN.replace(/\t4\t3\t/g, '\t4\t4\t'));
    expect(formatErrorOf(() => checkScenario(wrongSize, MAP, 's.scen', 'tiny.map')).message).toBe(
      's.scen:2:14: scenario map size 4x4 (width x height) does not match tiny.map, which is 4x3',
    );
    const onWall = parseScenario(SCEN.replace('\t3\t0\t0\t1\t', '\t2\t0\t0\t1\t'));
    expect(formatErrorOf(() => checkScenario(onWall, MAP, 's.scen', 'tiny.map')).message).toBe('s.scen:3:16: start (2, 0) is on a wall of tiny.map');
    const goalOnWall = parseScenario(SCEN.replace('\t3\t2\t3.8', '\t0\t2\t3.8'));
    expect(formatErrorOf(() => checkScenario(goalOnWall, MAP, 's.scen', 'tiny.map')).message).toBe('s.scen:2:20: goal (0, 2) is on a wall of tiny.map');
  });
});
