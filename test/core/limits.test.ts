/**
 * What a file may ask for (core/util/limits.ts): every reader refuses a map, team or sweep past
 * the lab's limits with a message that names the limit, and does so before any work. That the
 * refusal comes first is shown by content, not by a clock: past the limit the file holds garbage
 * (or a billion runs that could not be planned), and the error is the limit's, not the garbage's.
 */
import { describe, expect, it } from 'vitest';
import { ExperimentError, parseExperiment } from '../../core/experiments/schema.ts';
import { parseScenario } from '../../core/formats/movingAiScenario.ts';
import { parseMap } from '../../core/formats/movingAiMap.ts';
import { FormatError } from '../../core/formats/formatError.ts';
import { Grid } from '../../core/grid/grid.ts';
import { encodeInstance, decodeInstance } from '../../core/protocol/wire.ts';
import { parseScenarioJson } from '../../core/scenario/parse.ts';
import { checkInlineMap } from '../../core/scenario/inlineMap.ts';
import type { ScenarioProblem } from '../../core/scenario/scenarioError.ts';
import { MAX_MAP_CELLS, MAX_RUNS, MAX_UNITS } from '../../core/util/limits.ts';

const UNIT_LIMIT = /at most 100,000 units per scenario \(the lab's unit limit\)/;
const MAP_LIMIT = /at most 33,554,432 per map \(the lab's map limit\)/;

describe('the limits', () => {
  it('are the documented figures', () => {
    expect([MAX_UNITS, MAX_MAP_CELLS, MAX_RUNS]).toEqual([100_000, 8192 * 4096, 1_000_000]);
  });
});

describe('units per scenario', () => {
  const query = '0\tm.map\t8\t8\t0\t0\t7\t7\t9.89949494\n';

  it('a .scen file of MAX_UNITS queries reads; one more is refused at its line, naming the limit', () => {
    const full = `version 1\n${query.repeat(MAX_UNITS)}`;
    expect(parseScenario(full, 's.scen').entries).toHaveLength(MAX_UNITS);
    const over = `${full}${query}`;
    expect(() => parseScenario(over, 's.scen')).toThrow(FormatError);
    expect(() => parseScenario(over, 's.scen')).toThrow(new RegExp(`^s\\.scen:${MAX_UNITS + 2}:1: the scenario has more than 100,000 queries; ${UNIT_LIMIT.source}$`));
  });

  it('a .scen file of 10^6 queries is refused before its queries are read (garbage past the limit is never looked at)', () => {
    const text = `version 1\n${query.repeat(MAX_UNITS + 1)}${'not a query\n'.repeat(1_000_000 - MAX_UNITS - 1)}`;
    expect(() => parseScenario(text, 'big.scen')).toThrow(UNIT_LIMIT);
  });

  it('blank trailing lines do not count', () => {
    expect(parseScenario(`version 1\n${query.repeat(3)}\n \r\n\t\n`, 's.scen').entries).toHaveLength(3);
  });

  it('a scenario file of MAX_UNITS + 1 units is refused by count, before its units are checked', () => {
    // Each "unit" is a bare 0, which the schema would refuse one by one; the count is said instead.
    const text = JSON.stringify({ format: 'mapf-lab/scenario', version: 3, name: 'big', map: { kind: 'inline', rows: ['..'] }, agents: new Array(MAX_UNITS + 1).fill(0) });
    let error: unknown;
    try {
      parseScenarioJson(text, 'big.json');
    } catch (e) {
      error = e;
    }
    expect(String(error)).toMatch(/^ScenarioError: big\.json:1:\d+: agents: more than 100,000 units; at most 100,000 units per scenario \(the lab's unit limit\)$/);
  });

  it('a scenario file of 10^6 units is refused by its count before the JSON is parsed (text past the limit is never read)', () => {
    // Past the limit the "units" are not JSON at all: parsing first would report a syntax error.
    const unit = '{"start":[0,0],"goal":[1,0]},';
    const text = `{"format":"mapf-lab/scenario","version":3,"name":"big","map":{"kind":"inline","rows":[".."]},"agents":[${unit.repeat(MAX_UNITS + 1)}${'@'.repeat(1_000_000 - MAX_UNITS)}]}`;
    expect(() => parseScenarioJson(text, 'big.json')).toThrow(/big\.json:1:\d+: agents: more than 100,000 units/);
  });

  it('an experiment asking for more agents than MAX_UNITS is refused, naming the limit', () => {
    const base = { format: 'mapf-lab/experiment', version: 1, name: 'x', maps: [{ kind: 'random', width: 8, height: 8, density: 0.1, seeds: [1] }], solvers: [{ solver: 'hca' }] };
    expect(() => parseExperiment({ ...base, agents: [10, MAX_UNITS + 1] })).toThrow(/agents\[1\]: at most 100,000 units per scenario/);
    expect(() => parseExperiment({ ...base, agents: { min: 1, max: 10 ** 6, instances: 2 } })).toThrow(UNIT_LIMIT);
    expect(parseExperiment({ ...base, agents: [MAX_UNITS] }).agents).toEqual([MAX_UNITS]);
  });

  it('a solver process refuses an instance of more units, naming the limit', () => {
    const grid = new Grid(4, 4);
    const wire = encodeInstance({ grid, movement: { connectivity: 4, corners: 'no-cut' }, agents: [{ start: 0, goal: 15 }] });
    const many = { ...wire, starts: new Int32Array(MAX_UNITS + 1), goals: new Int32Array(MAX_UNITS + 1) };
    expect(() => decodeInstance(many)).toThrow(/instance has 100,001 units; at most 100,000 units per scenario/);
  });
});

describe('cells per map', () => {
  it('a grid may be 8192 x 4096 but not one cell more than MAX_MAP_CELLS; 5000 x 5000 is inside', () => {
    expect(new Grid(8192, 4096).passable.length).toBe(MAX_MAP_CELLS);
    expect(new Grid(5000, 5000).passable.length).toBe(25_000_000);
    expect(() => new Grid(8192, 4097)).toThrow(/a 8192x4097 map has 33,562,624 cells; at most 33,554,432 per map \(the lab's map limit\)/);
  });

  it('a 5000 x 5000 .map reads into a grid of a byte per cell, its walls where the rows put them', () => {
    const free = '.'.repeat(5000);
    const walled = `${'.'.repeat(4321)}@${'.'.repeat(678)}`;
    const rows = new Array<string>(5000).fill(free);
    rows[1234] = walled;
    const { grid, terrain } = parseMap(`type octile\nheight 5000\nwidth 5000\nmap\n${rows.join('\n')}\n`, 'huge.map');
    expect([grid.width, grid.height, grid.passable.length, terrain.length]).toEqual([5000, 5000, 25_000_000, 25_000_000]);
    expect(grid.isFreeXY(4321, 1234)).toBe(false);
    expect(grid.isFreeXY(4320, 1234)).toBe(true);
    expect(grid.isFreeXY(4321, 1235)).toBe(true);
  });

  it('an inline map past the limit is refused before its rows are scanned', () => {
    // 4097 rows of 8192 cells of a character the scan would refuse: only the size is reported.
    const problems: ScenarioProblem[] = [];
    checkInlineMap({ kind: 'inline', rows: new Array<string>(4097).fill('x'.repeat(8192)) }, problems);
    expect(problems).toEqual([{ path: 'map.rows', message: expect.stringMatching(MAP_LIMIT) as unknown as string }]);
  });

  it('an experiment\'s random or inline map past the limit is refused, naming the limit', () => {
    const base = { format: 'mapf-lab/experiment', version: 1, name: 'x', agents: [2], solvers: [{ solver: 'hca' }] };
    expect(() => parseExperiment({ ...base, maps: [{ kind: 'random', width: 8192, height: 8192, density: 0.1, seeds: [1] }] })).toThrow(ExperimentError);
    expect(() => parseExperiment({ ...base, maps: [{ kind: 'random', width: 8192, height: 8192, density: 0.1, seeds: [1] }] })).toThrow(/maps\[0\]: a 8192x8192 map has 67,108,864 cells/);
    expect(() => parseExperiment({ ...base, maps: [{ kind: 'inline', name: 'i', rows: new Array<string>(4097).fill('.'.repeat(8192)) }] })).toThrow(MAP_LIMIT);
  });
});
