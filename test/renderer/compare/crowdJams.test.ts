// The sentence in Compare: an engine crowd model that jams where a planner does not is said so in
// words, naming the region its stuck units stand at; a model that did as well says nothing.
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import { findSolver, prepareSolvers, solveWith } from '../../../core/registry/registry.ts';
import { encodePaths } from '../../../core/protocol/wire.ts';
import { compareRow, type CompareRow, shortSolverName } from '../../../renderer/src/compare/compareRows.ts';
import { crowdJamSentences } from '../../../renderer/src/compare/crowdJams.ts';
import { solveOutcome } from '../../../renderer/src/solve/solveOutcome.ts';

/** The one-lane bridge (40 x 20, band x 15-24 crossed on row 9), 10 units a side to the mirror cell. */
function oneLaneBridge(): MapfInstance {
  const rows: string[] = [];
  for (let y = 0; y < 20; y++) {
    let row = '';
    for (let x = 0; x < 40; x++) row += x >= 15 && x <= 24 && y !== 9 ? '@' : '.';
    rows.push(row);
  }
  const grid = Grid.fromAscii(rows);
  const agents: MapfInstance['agents'] = [];
  for (let i = 0; i < 10; i++) agents.push({ start: grid.cell(0, 2 * i), goal: grid.cell(39, 2 * i) });
  for (let i = 0; i < 10; i++) agents.push({ start: grid.cell(39, 2 * i + 1), goal: grid.cell(0, 2 * i + 1) });
  return { grid, movement: FOUR_CONNECTED, agents };
}

const instance = oneLaneBridge();
const regions = [{ name: 'bridge', from: [15, 9] as [number, number], to: [24, 9] as [number, number] }];

function row(solver: string, measured = regions): CompareRow {
  const result = solveWith(findSolver(solver)!, instance, { seed: 1 });
  const body = { solver, status: result.status, paths: encodePaths(result.paths), message: result.message, stats: result.stats, ...(result.crowd ? { crowd: result.crowd } : {}) };
  const outcome = solveOutcome(instance, body, 1);
  return compareRow({ solver, label: solver, settings: { solver, order: 'given', seed: 1, params: {} }, outcome }, { width: instance.grid.width, sizes: instance.agents.map(() => 1), regions: measured, costModel: 'rest' });
}

describe('the sentence when an engine crowd jams where a planner does not', () => {
  it('names the jammed model, its stuck units and where they stand, and the planner that got them across', async () => {
    await prepareSolvers();
    const lacam = row('lacam');
    expect(lacam.arrived).toBe(20);
    const crowds = ['orca', 'flow-field', 'detour'].map((name) => row(name));
    const sentences = crowdJamSentences([...crowds, lacam]);
    const jammed = crowds.filter((c) => c.crowd!.stuck > 0 || c.crowd!.arrived <= 16);
    // Discs of radius 0.3 cannot pass each other in a one-cell lane: some model jams here.
    expect(jammed.length).toBeGreaterThan(0);
    expect(sentences).toHaveLength(jammed.length);
    for (const [i, c] of jammed.entries()) {
      const m = c.crowd!;
      const what = m.stuck > 0 ? `${m.stuck} of 20 stuck${m.stuckAt ? ` at the ${m.stuckAt}` : ''}` : `only ${m.arrived} of 20 arrived`;
      expect(sentences[i]).toContain(what);
      expect(sentences[i]).toMatch(new RegExp(`; LaCAM got all 20 across in ${lacam.makespan} turns\\.$`));
    }
    // Stuck units at the bridge's mouths are said to be at the bridge.
    expect(crowds.some((c) => c.crowd!.stuckAt === 'bridge')).toBe(true);
  });

  it('says where the stuck units stand when no region was measured there: the cell they crowd around', async () => {
    await prepareSolvers();
    const lacam = row('lacam', []);
    const crowds = ['orca', 'flow-field', 'detour'].map((name) => row(name, []));
    const stuck = crowds.filter((c) => c.crowd!.stuck > 0);
    expect(stuck.length).toBeGreaterThan(0);
    const sentences = crowdJamSentences([...crowds, lacam]);
    for (const c of stuck) {
      const near = c.crowd!.stuckNear!;
      expect(near.length).toBeGreaterThan(0);
      expect(near.length).toBeLessThanOrEqual(Math.min(3, c.crowd!.stuck));
      // Each place is a cell where a stuck disc stands: on the map and on a floor cell.
      for (const [x, y] of near) expect(instance.grid.isFree(instance.grid.cell(x, y))).toBe(true);
      const places = near.map(([x, y]) => `(${x}, ${y})`);
      const words = places.length === 1 ? places[0] : `${places.slice(0, -1).join(', ')} and ${places.at(-1)}`;
      expect(sentences.find((t) => t.startsWith(`${shortSolverName(c.solver)}:`))).toContain(`${c.crowd!.stuck} of 20 stuck around ${words}`);
    }
  });

  it('says nothing for a model that did as well as the planner, or without a planner', () => {
    const lacam = row('lacam');
    const asGood: CompareRow = { ...lacam, solver: 'orca', crowd: { arrived: 20, stuck: 0, overlaps: 0, deepestOverlapPct: 0, reversals: 0, stepMsMean: 0, stepMsMax: 0 } };
    expect(crowdJamSentences([asGood, lacam])).toEqual([]);
    const jammed: CompareRow = { ...asGood, crowd: { ...asGood.crowd!, arrived: 12, stuck: 4, stuckAt: 'bridge' } };
    expect(crowdJamSentences([jammed])).toEqual([]);
    expect(crowdJamSentences([jammed, lacam])).toEqual([`A*+ORCA: 4 of 20 stuck at the bridge, 12 arrived; LaCAM got all 20 across in ${lacam.makespan} turns.`]);
  });
});
