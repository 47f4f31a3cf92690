/**
 * The comparisons side file (NAME.compare.json): a comparison of real solver runs survives the
 * round trip with its plans, a version this build does not know is refused by name, and a bad
 * field is reported by its JSON path with the line it is on.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { findSolver, solveWith } from '../../../core/registry/registry.ts';
import { validatePlan } from '../../../core/mapf/validator.ts';
import { ComparisonsFileError, comparisonsFile, comparisonsFileName, parseComparisonsFile, serializeComparisonsFile } from '../../../core/replayFile/comparisonFile.ts';
import { COMPARISONS_VERSION, type ComparedRun, type Comparison } from '../../../core/replayFile/comparisonSchema.ts';

const grid = Grid.fromAscii(['...@...', '.......', '...@...']);
const at = (x: number, y: number) => grid.cell(x, y);
const instance = { grid, movement: FOUR_CONNECTED, agents: [{ start: at(0, 0), goal: at(6, 2) }, { start: at(6, 0), goal: at(0, 2) }] };

function run(solver: string): ComparedRun {
  const result = solveWith(findSolver(solver)!, instance, { seed: 1, params: {} });
  expect(validatePlan(instance, result.paths).violations).toEqual([]);
  const stats: Record<string, number> = {};
  for (const [k, v] of Object.entries(result.stats)) if (typeof v === 'number' && Number.isFinite(v)) stats[k] = v;
  return {
    solver, label: solver, settings: { solver, order: 'given', seed: 1, params: {} }, status: result.status, agents: 2, arrived: 2,
    makespan: Math.max(...result.paths.map((p) => p.length - 1)), sumOfCosts: 12, totalWait: 0, maxWait: 0, lowerBound: null, conflicts: 0,
    solveMs: result.stats.elapsedMs, regions: [], stats, paths: result.paths.map((p) => Array.from(p)),
  };
}

function comparison(): Comparison {
  return { id: 'c1', name: 'Bridge, Monday', createdAt: '2026-11-27T01:00:00.000Z', scenarioHash: 'abc-1-2', costModel: 'rest', width: grid.width, regions: [], rows: [run('pibt'), run('cbs')] };
}

describe('comparisons file', () => {
  it('keeps every figure and plan across serialize and parse', () => {
    const file = comparisonsFile('Bridge', [comparison(), { ...comparison(), id: 'c2', name: '[1,2]' }]);
    const text = serializeComparisonsFile(file);
    expect(parseComparisonsFile(text, 'bridge.compare.json')).toEqual(file);
    // One line per path, so a plan reads turn by turn.
    expect(text).toContain(`      ${JSON.stringify(file.comparisons[0].rows[0].paths[0])}`);
    // Plans read back are still valid plans of the instance.
    for (const row of parseComparisonsFile(text).comparisons[0].rows) expect(validatePlan(instance, row.paths).violations).toEqual([]);
  });

  it('names the side file after the scenario file', () => {
    expect(comparisonsFileName('bridge.json')).toBe('bridge.compare.json');
    expect(comparisonsFileName('bridge')).toBe('bridge.compare.json');
  });

  it('refuses a version it does not know, saying which it reads and where', () => {
    const text = serializeComparisonsFile(comparisonsFile('Bridge', [comparison()])).replace(`"version": ${COMPARISONS_VERSION}`, '"version": 99');
    expect(() => parseComparisonsFile(text, 'b.compare.json')).toThrow(`b.compare.json:3:14: version: version 99 is not supported (this build reads version ${COMPARISONS_VERSION})`);
  });

  it('locates a bad field by path, line and column', () => {
    const text = serializeComparisonsFile(comparisonsFile('Bridge', [comparison()])).replace('"status": "solved"', '"status": "great"');
    const line = text.split('\n').findIndex((l) => l.includes('"great"')) + 1;
    let error: ComparisonsFileError | null = null;
    try {
      parseComparisonsFile(text, 'b.compare.json');
    } catch (e) {
      error = e as ComparisonsFileError;
    }
    expect(error).toBeInstanceOf(ComparisonsFileError);
    expect(error!.path).toBe('comparisons[0].rows[0].status');
    expect(error!.line).toBe(line);
    expect(error!.message).toMatch(new RegExp(`^b\\.compare\\.json:${line}:\\d+: comparisons\\[0\\]\\.rows\\[0\\]\\.status: `));
  });

  it('says where the JSON breaks, and refuses plans that do not match the units', () => {
    expect(() => parseComparisonsFile('{\n  "format": \n}', 'x.json')).toThrow(/^x\.json:3:1: not JSON/);
    expect(() => parseComparisonsFile('{"format": "mapf-lab/scenario"}', 'x.json')).toThrow('not a MAPF Lab comparisons file');
    const bad = comparison();
    bad.rows[0].paths.pop();
    expect(() => parseComparisonsFile(serializeComparisonsFile(comparisonsFile('B', [bad])), 'x.json')).toThrow(/comparisons\[0\]\.rows\[0\]\.paths: 1 paths for 2 units/);
    expect(() => parseComparisonsFile(serializeComparisonsFile(comparisonsFile('B', [comparison(), comparison()])), 'x.json')).toThrow(/comparisons\[1\]\.id: id "c1" is used twice/);
  });
});
