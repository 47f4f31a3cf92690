/**
 * Kept comparisons: rows of real runs go into the comparisons file and come back with the same
 * figures and plans; the store finds a scenario's comparisons by name, a renamed scenario's by
 * the plan hash, and keeps only the newest MAX_COMPARISONS.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { findSolver, solveWith } from '../../../core/registry/registry.ts';
import { encodePaths } from '../../../core/protocol/wire.ts';
import { comparisonsFile, parseComparisonsFile, serializeComparisonsFile } from '../../../core/replayFile/comparisonFile.ts';
import type { Comparison } from '../../../core/replayFile/comparisonSchema.ts';
import { compareRow, statusText } from '../../../renderer/src/compare/compareRows.ts';
import { MAX_COMPARISONS, currentPlanHash, keptFor, keptRun, plansFit, rowFromKept, trackFromKept, useComparisonStore, writeKept } from '../../../renderer/src/compare/keptComparisons.ts';
import { solveOutcome } from '../../../renderer/src/solve/solveOutcome.ts';
import { memoryStore } from '../../../renderer/src/autosave/persistentStore.ts';
import { model } from '../../../renderer/src/state/session.ts';

const grid = Grid.fromAscii(['...@...', '.......', '...@...']);
const at = (x: number, y: number) => grid.cell(x, y);
const instance = { grid, movement: FOUR_CONNECTED, agents: [{ start: at(0, 0), goal: at(6, 2) }, { start: at(6, 0), goal: at(0, 2) }] };
const regions = [{ name: 'gap', from: [3, 1] as [number, number], to: [3, 1] as [number, number] }];

function row(solver: string, turnLimit = 60) {
  const result = solveWith(findSolver(solver)!, instance, { seed: 1, params: { turnLimit } });
  const outcome = solveOutcome(instance, { solver, status: result.status, paths: encodePaths(result.paths), message: result.message, stats: result.stats }, 1);
  return compareRow({ solver, label: solver, settings: { solver, order: 'given', seed: 1, params: {} }, outcome }, { width: grid.width, sizes: [1, 1], regions, costModel: 'rest' });
}

const comparison = (id: string, hash = 'h1'): Comparison => ({ id, name: `Comparison ${id}`, createdAt: '2026-11-27T01:00:00Z', scenarioHash: hash, costModel: 'rest', width: 7, regions: ['gap'], rows: [] });

describe('kept comparisons', () => {
  it('a row survives the file with its figures and plan', () => {
    const rows = [row('pibt'), row('hca', 2)];
    expect(rows[1].status).not.toBe('solved');
    const file = comparisonsFile('Gap', [{ ...comparison('a'), rows: rows.map((r) => keptRun(r, plansFit(rows))) }]);
    const back = parseComparisonsFile(serializeComparisonsFile(file)).comparisons[0].rows.map((r) => rowFromKept(r, 'rest'));
    back.forEach((b, i) => {
      const { outcome: _outcome, ...figures } = rows[i];
      expect(b).toEqual(JSON.parse(JSON.stringify({ ...figures, stats: b.stats })));
      expect(statusText(b)).toBe(statusText(rows[i]));
      expect(b.regions[0].crossings).toBe(rows[i].regions[0].crossings);
    });
    // A plan left out (too large to keep) keeps the figures.
    expect(keptRun(rows[0], false).paths).toEqual([]);
    expect(keptRun(rows[0], false).sumOfCosts).toBe(rows[0].sumOfCosts);
  });

  it('a crowd row keeps its discs: the track comes back at its real positions; a file from before, without them, still reads', () => {
    const result = solveWith(findSolver('orca')!, instance, { seed: 1 });
    const outcome = solveOutcome(instance, { solver: 'orca', status: result.status, paths: encodePaths(result.paths), message: result.message, stats: result.stats, crowd: result.crowd }, 1);
    const crowd = compareRow({ solver: 'orca', label: 'orca', settings: { solver: 'orca', order: 'given', seed: 1, params: {} }, outcome }, { width: grid.width, sizes: [1, 1], regions, costModel: 'rest' });
    const track = result.crowd!;
    const file = comparisonsFile('Gap', [{ ...comparison('a'), rows: [keptRun(crowd, true), keptRun(row('pibt'), true)] }]);
    const [back, planner] = parseComparisonsFile(serializeComparisonsFile(file)).comparisons[0].rows.map((r) => rowFromKept(r, 'rest'));
    expect(planner.discs).toBeUndefined();
    const again = trackFromKept(back.discs!, grid.width, grid.height);
    expect([again.agents, again.turns, again.radius, Array.from(again.arrivals)]).toEqual([track.agents, track.turns, track.radius, Array.from(track.arrivals)]);
    expect(again.positions).toHaveLength(track.positions.length);
    for (let i = 0; i < track.positions.length; i++) expect(Math.abs(again.positions[i] - track.positions[i])).toBeLessThanOrEqual(0.0005 + 1e-6);
    // Kept without its plan, a row keeps no discs either; a file written before discs were kept reads.
    expect(keptRun(crowd, false).discs).toBeUndefined();
    const old = JSON.parse(serializeComparisonsFile(file));
    delete old.comparisons[0].rows[0].discs;
    expect(parseComparisonsFile(JSON.stringify(old)).comparisons[0].rows[0].crowd?.arrived).toBe(crowd.crowd!.arrived);
  });

  it('finds comparisons by document id, else by hash, and keeps the newest', () => {
    useComparisonStore(memoryStore('backups'));
    writeKept('d-bridge', 'Bridge', [comparison('a'), comparison('b', 'h2')]);
    writeKept('d-other', 'Other', [comparison('c', 'h3')]);
    expect(keptFor('d-bridge', 'zzz').map((c) => c.id)).toEqual(['a', 'b']);
    // Another document made on the same content (the file opened anew) finds them by the hash.
    expect(keptFor('d-reopened', 'h2').map((c) => c.id)).toEqual(['b']);
    expect(keptFor('d-nothing', 'none')).toEqual([]);
    writeKept('d-bridge', 'Bridge', Array.from({ length: MAX_COMPARISONS + 3 }, (_, i) => comparison(`n${i}`)));
    const kept = keptFor('d-bridge', 'h1');
    expect(kept).toHaveLength(MAX_COMPARISONS);
    expect(kept.at(-1)!.id).toBe(`n${MAX_COMPARISONS + 2}`);
    writeKept('d-bridge', 'Bridge', []);
    expect(keptFor('d-bridge', 'none')).toEqual([]);
    expect(keptFor('d-other', 'none').map((c) => c.id)).toEqual(['c']);
  });

  it('a new map of the same name is another scenario: it does not show the first one\'s comparisons as stale', () => {
    useComparisonStore(memoryStore('backups'));
    writeKept('d-first', 'Bridge', [comparison('a', 'h-first')]);
    // A second document named Bridge, another map (another hash): nothing of the first.
    expect(keptFor('d-second', 'h-second')).toEqual([]);
    writeKept('d-second', 'Bridge', [comparison('b', 'h-second')]);
    expect(keptFor('d-first', 'h-first-edited').map((c) => c.id)).toEqual(['a']);
    expect(keptFor('d-second', 'h-second').map((c) => c.id)).toEqual(['b']);
  });

  it('reads comparisons kept before document ids, matching them by hash only', () => {
    const backups = memoryStore('backups');
    backups.setItem('mapf-lab/comparisons', JSON.stringify([comparisonsFile('Bridge', [comparison('old', 'h-old')])]));
    useComparisonStore(backups);
    expect(keptFor('d-any', 'h-new')).toEqual([]);
    expect(keptFor('d-any', 'h-old').map((c) => c.id)).toEqual(['old']);
    // Kept again under a document, it is no longer kept twice.
    writeKept('d-any', 'Bridge', keptFor('d-any', 'h-old'));
    expect(JSON.parse(backups.getItem('mapf-lab/comparisons')!)).toHaveLength(1);
  });

  it('the open scenario\'s hash goes stale with a painted wall, not with a rename, and comes back on undo', () => {
    const fresh = currentPlanHash();
    const free = (() => {
      const { grid: g } = model.document;
      for (let c = 0; c < g.cells; c++) if (g.passable[c] === 1 && !model.document.agents.some((a) => g.cell(a.start[0], a.start[1]) === c || g.cell(a.goal[0], a.goal[1]) === c)) return [g.x(c), g.y(c)] as const;
      throw new Error('no free cell');
    })();
    model.dispatch({ type: 'fillRect', from: [free[0], free[1]], to: [free[0], free[1]], passable: false });
    const walled = currentPlanHash();
    expect(walled).not.toBe(fresh);
    model.undo();
    expect(currentPlanHash()).toBe(fresh);
    model.dispatch({ type: 'setName', name: 'Renamed' });
    expect(currentPlanHash()).toBe(fresh);
  });
});
