import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FormatError } from '../../../core/formats/formatError.ts';
import { parseMap, writeMap } from '../../../core/formats/movingAiMap.ts';

const SMALL = ['type octile', 'height 3', 'width 4', 'map', '.@T.', 'GS..', 'OW..', ''].join('\n');

/** The FormatError thrown by `read`, so tests can check its fields and message. */
function formatErrorOf(read: () => unknown): FormatError {
  try {
    read();
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error('expected a FormatError, nothing was thrown');
}

describe('Moving AI .map reader', () => {
  it('reads passable and blocked characters with (0,0) top-left and x as the column', () => {
    const { grid } = parseMap(SMALL, 'small.map');
    expect(grid.width).toBe(4);
    expect(grid.height).toBe(3);
    expect(grid.toAscii()).toEqual(['.@@.', '....', '@@..']);
    expect(grid.isFreeXY(1, 0)).toBe(false);
    expect(grid.isFreeXY(0, 1)).toBe(true);
  });

  it('treats water as blocked unless asked', () => {
    expect(parseMap(SMALL).grid.isFreeXY(1, 2)).toBe(false);
    expect(parseMap(SMALL, 'small.map', { waterPassable: true }).grid.isFreeXY(1, 2)).toBe(true);
  });

  it('writes back the same bytes, and edited cells as . or @', () => {
    const map = parseMap(SMALL, 'small.map');
    expect(writeMap(map)).toBe(SMALL);
    const crlf = SMALL.replace(/\n/g, '\r\n').slice(0, -2);
    expect(writeMap(parseMap(crlf))).toBe(crlf);
    map.grid.setPassable(map.grid.cell(2, 0), true);
    map.grid.setPassable(map.grid.cell(0, 1), false);
    expect(writeMap(map).split('\n').slice(4, 6)).toEqual(['.@..', '@S..']);
    expect(writeMap(Grid.fromAscii(['.@', '..']))).toBe('type octile\nheight 2\nwidth 2\nmap\n.@\n..\n');
  });

  it('accepts width before height', () => {
    const grid = parseMap('type octile\nwidth 3\nheight 1\nmap\n..@\n').grid;
    expect([grid.width, grid.height]).toEqual([3, 1]);
  });

  const cases: [string, string, string][] = [
    ['unknown character', SMALL.replace('GS..', 'GSx.'), "m.map:6:3: unknown map character 'x'"],
    ['tab in a row', SMALL.replace('GS..', 'G\t..'), "m.map:6:2: unknown map character '\\t'"],
    ['short row', SMALL.replace('GS..', 'GS.'), 'm.map:6:4: map row 1 has 3 characters, expected 4'],
    ['long row', SMALL.replace('GS..', 'GS...'), 'm.map:6:5: map row 1 has 5 characters, expected 4'],
    ['missing rows', SMALL.replace('OW..\n', ''), 'm.map:7:1: expected 3 map rows, found 2'],
    ['a huge map cut short', 'type octile\nheight 4096\nwidth 4096\nmap\n....\n', 'm.map:6:1: expected 4096 map rows, found 1'],
    ['a map past the cell limit', 'type octile\nheight 8192\nwidth 8192\nmap\n....\n', "m.map:2:1: a 8192x8192 map has 67,108,864 cells; at most 33,554,432 per map (the lab's map limit)"],
    ['extra rows', `${SMALL}....\n`, "m.map:8:1: unexpected text after the 3 map rows: '....'"],
    ['bad type', SMALL.replace('octile', 'hex'), "m.map:1:6: unsupported map type 'hex'"],
    ['no header', '....\n', "m.map:1:1: expected 'type octile', found '....'"],
    ['height not a number', SMALL.replace('height 3', 'height three'), "m.map:2:8: height must be a positive whole number, found 'three'"],
    ['negative width', SMALL.replace('width 4', 'width -4'), "m.map:3:7: width must be a positive whole number, found '-4'"],
    ['zero height', SMALL.replace('height 3', 'height 0'), 'm.map:2:8: height must be at least 1'],
    ['huge width', SMALL.replace('width 4', 'width 100000'), 'm.map:3:7: width 100000 exceeds the limit of 8192'],
    ['height twice', SMALL.replace('width 4', 'height 4'), 'm.map:3:1: height given twice'],
    ['missing map line', SMALL.replace('map\n', 'mop\n'), "m.map:4:1: expected 'map', found 'mop'"],
    ['truncated header', 'type octile\nheight 3\n', "m.map:3:1: expected 'width W', found the end of the file"],
    ['empty file', '', "m.map:1:1: expected 'type octile', found ''"],
    // A PNG renamed .map, as a browser reads it (undecodable bytes become U+FFFD): no raw bytes echoed.
    ['a binary file', '\ufffdPNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR\u0000\u0000\u0001', "m.map:1:1: this is not a text file (it holds binary data)"],
    ['a binary file without a NUL', '\ufffd\ufffd\u0003\u0004\ufffd\u0014x\ufffd\ufffd', "m.map:1:1: this is not a text file (it holds binary data)"],
    ['a stray undecodable byte in a text header', SMALL.replace('octile', 'octile\ufffd'), "m.map:1:6: unsupported map type 'octile\\ufffd'"],
  ];
  for (const [name, text, message] of cases) {
    it(`rejects ${name} naming file, line and column`, () => {
      const error = formatErrorOf(() => parseMap(text, 'm.map'));
      expect(error.message.startsWith(message)).toBe(true);
      expect(error.message).toContain(`${error.file}:${error.line}:${error.column}: `);
      expect(error.file).toBe('m.map');
    });
  }
});
