import { describe, expect, it } from 'vitest';
import { FormatError } from '../../../core/formats/formatError.ts';
import { readLorrProblem, withDrawnStarts } from '../../../core/formats/lorrProblem.ts';

const MAP = ['type octile', 'height 3', 'width 4', 'map', '..E.', '.@S.', '....', ''].join('\n');
const PROBLEM = JSON.stringify({ mapFile: 'm.map', agentFile: 'a.agents', taskFile: 't.tasks', teamSize: 2, numTasksReveal: 1.5, version: '2024 LoRR' }, null, 2);

function read(files: Record<string, string>, problem = PROBLEM) {
  return readLorrProblem(problem, 'dir/p.json', (rel) => {
    const text = files[rel];
    if (text === undefined) throw new Error('no such file');
    return text;
  });
}

const GOOD = { 'm.map': MAP, 'a.agents': '# version for LoRR 2024\n2\n0\n11\n', 't.tasks': '# version for LoRR 2024\n2\n2,11\n6,3,8\n' };

function formatError(run: () => unknown): FormatError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FormatError);
    return error as FormatError;
  }
  throw new Error('expected a FormatError');
}

describe('LoRR problems', () => {
  it('reads a small problem: emitters passable, locations as row * width + column, tasks as errand lists', () => {
    const p = read(GOOD);
    expect(p.grid.width).toBe(4);
    expect(p.grid.isFree(2)).toBe(true); // 'E'
    expect(p.grid.isFree(5)).toBe(false); // '@'
    expect(Array.from(p.starts)).toEqual([0, 11]);
    expect(p.tasks.count).toBe(2);
    expect(Array.from(p.tasks.errands.subarray(p.tasks.offsets[1], p.tasks.offsets[2]))).toEqual([6, 3, 8]);
    expect(p.revealedTasks).toBe(3); // floor(1.5 x 2)
    expect(p.version).toBe('2024 LoRR');
  });

  it('locates a bad field in the problem JSON by its line', () => {
    const text = PROBLEM.replace('"teamSize": 2', '"teamSize": "two"');
    const error = formatError(() => read(GOOD, text));
    expect(error.file).toBe('dir/p.json');
    expect(error.line).toBe(5);
    expect(error.reason).toMatch(/teamSize/);
    const missing = formatError(() => read(GOOD, JSON.stringify({ mapFile: 'm.map', agentFile: 'a.agents', teamSize: 2 })));
    expect(missing.reason).toMatch(/'taskFile' is missing/);
    expect(formatError(() => read(GOOD, '{ nope')).reason).toMatch(/not JSON/);
  });

  it('names the file that cannot be read', () => {
    const error = formatError(() => read({ ...GOOD, 'a.agents': undefined as unknown as string }));
    expect(error.file).toBe('dir/p.json');
    expect(error.reason).toMatch(/agentFile 'a\.agents' cannot be read/);
  });

  it('locates bad agents: walls, off the map, shared starts, too few', () => {
    const wall = formatError(() => read({ ...GOOD, 'a.agents': '#\n2\n0\n5\n' }));
    expect([wall.file, wall.line]).toEqual(['dir/a.agents', 4]);
    expect(wall.reason).toMatch(/robot 2's start: location 5 \(row 1, column 1\) is a wall/);
    expect(formatError(() => read({ ...GOOD, 'a.agents': '#\n2\n0\n12\n' })).reason).toMatch(/outside the 4x3 map/);
    expect(formatError(() => read({ ...GOOD, 'a.agents': '#\n2\n3\n3\n' })).reason).toMatch(/robots 1 and 2 both start at location 3/);
    expect(formatError(() => read({ ...GOOD, 'a.agents': '#\n1\n0\n' })).reason).toMatch(/1 robots, the problem's teamSize asks for 2/);
    expect(formatError(() => read({ ...GOOD, 'a.agents': '#\ntwo\n' })).reason).toMatch(/expected the number of robots/);
  });

  it('locates bad tasks by line and column', () => {
    const error = formatError(() => read({ ...GOOD, 't.tasks': '#\n2\n2,11\n6,x,8\n' }));
    expect([error.file, error.line, error.column]).toEqual(['dir/t.tasks', 4, 3]);
    expect(error.reason).toMatch(/task 2's errand: expected a location/);
    expect(formatError(() => read({ ...GOOD, 't.tasks': '#\n3\n2,11\n6\n' })).reason).toMatch(/task 3's errands, found the end of the file/);
    expect(formatError(() => read({ ...GOOD, 't.tasks': '#\n1\n5\n' })).reason).toMatch(/is a wall/);
  });

  it('draws distinct free starts for another team size, the same for the same seed', () => {
    const p = read(GOOD);
    const a = withDrawnStarts(p, 6, 7);
    expect(new Set(a.starts).size).toBe(6);
    for (const cell of a.starts) expect(p.grid.isFree(cell)).toBe(true);
    expect(Array.from(withDrawnStarts(p, 6, 7).starts)).toEqual(Array.from(a.starts));
    expect(a.revealedTasks).toBe(9);
    expect(() => withDrawnStarts(p, 12, 1)).toThrow(/do not fit/);
  });
});
