// The map worker's work, run here in Node: progress as rows are read, the grid's arrays handed
// over whole (the arrays moved, not a copy of the map), and a bad file answered with the line and
// column the reader names, rebuilt as the same FormatError on the UI thread's side.
import { describe, expect, it } from 'vitest';
import { FormatError } from '../../../core/formats/formatError.ts';
import { parseMap, writeMap } from '../../../core/formats/movingAiMap.ts';
import { errorFromAnswer, mapFromAnswer, mapTransfer, readMapRequest, type MapParseMessage } from '../../../renderer/src/documents/mapParseWork.ts';

/** A w×h map with a wall on every cell where (x * 7 + y * 3) % 11 === 0, and a tree on row 1. */
function mapText(w: number, h: number, lineBreak = '\n'): string {
  const rows = Array.from({ length: h }, (_, y) => Array.from({ length: w }, (_, x) => (y === 1 && x === 2 ? 'T' : (x * 7 + y * 3) % 11 === 0 ? '@' : '.')).join(''));
  return ['type octile', `height ${h}`, `width ${w}`, 'map', ...rows, ''].join(lineBreak);
}

describe('reading a .map in the map worker', () => {
  it('tells the rows read as it goes and answers with the map core reads, its arrays to move', () => {
    const text = mapText(37, 300, '\r\n');
    const posted: MapParseMessage[] = [];
    const answer = readMapRequest({ name: 'm.map', text }, (m) => posted.push(m));
    expect(posted.map((m) => (m.kind === 'progress' ? [m.rows, m.height] : m.kind))).toEqual([
      [128, 300],
      [256, 300],
      [300, 300],
    ]);
    if (answer.kind !== 'map') throw new Error(`expected a map, got ${answer.kind}`);
    expect(mapTransfer(answer)).toEqual([answer.map.passable.buffer, answer.map.terrain.buffer]);
    // What the UI thread rebuilds is what core reads, and writes the file back byte for byte.
    const map = mapFromAnswer(answer.map);
    const direct = parseMap(text, 'm.map');
    expect(map.grid.passable).toEqual(direct.grid.passable);
    expect(map.grid.passable).toBe(answer.map.passable);
    expect([map.grid.width, map.grid.height, map.lineBreak, map.finalNewline]).toEqual([37, 300, '\r\n', true]);
    expect(writeMap(map)).toBe(text);
  });

  it('answers a bad file with its line and column, which the UI thread throws as the reader would', () => {
    const rows = mapText(20, 200).split('\n');
    rows[4 + 150] = `${'.'.repeat(12)}x${'.'.repeat(7)}`;
    const text = rows.join('\n');
    const answer = readMapRequest({ name: 'bad.map', text }, () => {});
    if (answer.kind !== 'error') throw new Error('expected an error');
    expect(answer.located).toEqual({ file: 'bad.map', line: 155, column: 13, reason: "unknown map character 'x'" });
    expect(mapTransfer(answer)).toEqual([]);
    const error = errorFromAnswer(answer);
    expect(error).toBeInstanceOf(FormatError);
    let direct: unknown;
    try {
      parseMap(text, 'bad.map');
    } catch (e) {
      direct = e;
    }
    expect(error.message).toBe((direct as Error).message);
    expect(error.message).toBe("bad.map:155:13: unknown map character 'x'");
  });
});
