/**
 * The comparison table's figures from real solver runs on
 * a bridge: each row's makespan, sum of costs, waits and region figures agree with the plan, a
 * run that did not solve has no cost and says how many arrived, and the CSV carries every figure
 * with the cost model named.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { findSolver, solveWith } from '../../../core/registry/registry.ts';
import { encodePaths } from '../../../core/protocol/wire.ts';
import { makespan, sumOfCosts } from '../../../core/mapf/plan.ts';
import { compareCsv, compareRow, compareSettings, statusText } from '../../../renderer/src/compare/compareRows.ts';
import { solveOutcome } from '../../../renderer/src/solve/solveOutcome.ts';
import type { SolverSettings } from '../../../core/scenario/schema.ts';

const ROWS = ['...@...', '...@...', '.......', '...@...', '...@...'];
const grid = Grid.fromAscii(ROWS);
const at = (x: number, y: number) => grid.cell(x, y);
const instance = {
  grid, movement: FOUR_CONNECTED,
  agents: [{ start: at(0, 0), goal: at(6, 0) }, { start: at(0, 4), goal: at(6, 4) }, { start: at(6, 1), goal: at(0, 1) }, { start: at(6, 3), goal: at(0, 3) }],
};
const regions = [{ name: 'bridge', from: [3, 2] as [number, number], to: [3, 2] as [number, number] }];
const SETTINGS: SolverSettings = { solver: 'whca', order: 'given', seed: 1, params: {} };

function run(solver: string, options: Record<string, unknown> = {}, timeLimitMs?: number) {
  const result = solveWith(findSolver(solver)!, instance, { seed: 1, params: solver === 'cbs' ? options : { turnLimit: 60, ...options }, timeLimitMs });
  const body = { solver, status: result.status, paths: encodePaths(result.paths), message: result.message, stats: result.stats, ...(result.crowd ? { crowd: result.crowd } : {}) };
  const outcome = solveOutcome(instance, body, 1);
  return compareRow({ solver, label: solver, settings: { ...SETTINGS, solver }, outcome }, { width: grid.width, sizes: [1, 1, 1, 1], regions, costModel: 'rest' });
}

describe('compare rows', () => {
  it('a solved run: makespan, sum of costs, waits and the bridge agree with its plan', () => {
    const row = run('hca');
    expect(row.status).toBe('solved');
    const goals = instance.agents.map((a) => a.goal);
    expect(row.makespan).toBe(makespan(row.paths, goals));
    expect(row.sumOfCosts).toBe(sumOfCosts(row.paths, goals, 'rest'));
    expect(row.arrived).toBe(4);
    // Waits: turns standing still off the goal, counted on the plan itself.
    const waits = row.paths.map((p, i) => p.reduce((n, c, t) => n + (t > 0 && c === p[t - 1] && c !== goals[i] ? 1 : 0), 0));
    expect(row.totalWait).toBe(waits.reduce((a, b) => a + b, 0));
    expect(row.maxWait).toBe(Math.max(...waits));
    expect(row.regions[0].units).toBe(4);
    expect(statusText(row)).toBe('solved');
  });

  it('a run with no plan (an offline solver out of time) has no waits, not 0 / 0; a proved lower bound is a figure of its own', () => {
    const timedOut = run('cbs', {}, 0);
    expect(timedOut.status).toBe('timeout');
    expect(timedOut.paths).toEqual([]);
    expect([timedOut.totalWait, timedOut.maxWait]).toEqual([null, null]);
    const cbs = run('cbs');
    expect(cbs.status).toBe('solved');
    expect(cbs.lowerBound).toBe(cbs.stats.costLowerBound);
    expect(cbs.lowerBound).toBeLessThanOrEqual(cbs.sumOfCosts!);
    expect(run('hca').lowerBound).toBeNull();
    const [head, , line] = compareCsv([run('hca'), cbs, timedOut], ['bridge']).trim().split('\n').map((l) => l.split(','));
    expect(line[head.indexOf('costLowerBound')]).toBe(String(cbs.lowerBound));
  });

  it('a run that did not solve has no cost and says how many arrived', () => {
    const row = run('hca', { turnLimit: 3 });
    expect(row.status).not.toBe('solved');
    expect(row.makespan).toBeNull();
    expect(row.sumOfCosts).toBeNull();
    expect(statusText(row)).toMatch(/^\d of 4 arrived \(/);
  });

  it('a gridlocked run says where and who, not only how many arrived', () => {
    const row = run('hca', { turnLimit: 3 });
    const locked = { ...row, status: 'failed' as const, message: 'gridlock at bridge from turn 41: units 3 and 17 head-on at (12, 9); 36 of 40 units stuck; 2 of 4 agents failed after 100 turns' };
    expect(statusText(locked)).toBe(`${row.arrived} of 4 arrived: gridlock at bridge from turn 41: units 3 and 17 head-on at (12, 9); 36 of 40 units stuck`);
  });

  it('the CSV has a line per run, the cost model, and the region columns', () => {
    const rows = [run('hca'), run('hca', { turnLimit: 3 })];
    const lines = compareCsv(rows, ['bridge']).trim().split('\n');
    expect(lines[0]).toBe('solver,status,agents,arrived,makespan,sumOfCosts,costModel,costLowerBound,totalWait,maxWait,conflicts,solveMs,bridge units,bridge throughput,bridge crossings,bridge crossingRate,bridge peakCrossings,bridge entries,bridge turnBacks,bridge meanWait,bridge maxWait,stuck,overlaps,deepestOverlapPct,reversals,stepMsMean,stepMsMax');
    const bridge = rows[0].regions[0];
    expect(lines[1].split(',').slice(14, 19)).toEqual([bridge.crossings, Math.round(bridge.crossingRate * 1000) / 1000, bridge.peakCrossings, bridge.entries, bridge.turnBacks].map(String));
    expect(lines).toHaveLength(3);
    const first = lines[1].split(',');
    expect(first.slice(0, 7)).toEqual(['hca', 'solved', '4', '4', String(rows[0].makespan), String(rows[0].sumOfCosts), 'rest']);
    // The unsolved run: empty cost cells.
    expect(lines[2].split(',').slice(4, 6)).toEqual(['', '']);
  });

  it.each(['orca', 'flow-field', 'detour'])('an engine crowd model\'s row (%s): its steering measures from the run, a status that says what its units did, never "solved"', async (solver) => {
    await findSolver(solver)!.prepare?.();
    const row = run(solver);
    expect(row.crowd).not.toBeNull();
    const stats = row.stats;
    expect(row.crowd).toEqual({ arrived: stats.arrived, stuck: stats.stuck, overlaps: stats.overlaps, deepestOverlapPct: stats.deepestOverlapPct, reversals: stats.reversals, stepMsMean: stats.stepMsMean, stepMsMax: stats.stepMsMax, stuckAt: row.crowd!.stuckAt, stuckNear: row.crowd!.stuckNear });
    // Stuck units stand at the bridge (the one region) or at none.
    expect([null, 'bridge']).toContain(row.crowd!.stuckAt);
    expect(row.outcome?.crowd?.agents).toBe(4);
    // Discs share cells: the grid validator's conflicts do not apply to them.
    expect(row.conflicts).toBe(0);
    const text = statusText(row);
    expect(text).toMatch(new RegExp(`^arrived ${stats.arrived} of 4`));
    expect(text).toContain(stats.overlaps > 0 ? `${stats.overlaps} overlap` : 'no overlaps');
    expect(text.includes('stuck')).toBe(stats.stuck > 0);
    expect(text).not.toMatch(/solved/);
    const [head, line] = compareCsv([row], ['bridge']).trim().split('\n').map((l) => l.split(','));
    expect(line[head.indexOf('overlaps')]).toBe(String(stats.overlaps));
    // The example, on the same row with other figures: 18 of 20, 2 stuck, 37 overlaps.
    const jammed = { ...row, status: 'failed', agents: 20, crowd: { ...row.crowd!, arrived: 18, stuck: 2, overlaps: 37 } };
    expect(statusText(jammed)).toBe('arrived 18 of 20, 2 stuck, 37 overlaps');
    expect(statusText({ ...jammed, status: 'timeout' })).toBe('arrived 18 of 20, 2 stuck, 37 overlaps (timeout)');
    expect(statusText({ ...jammed, status: 'solved', crowd: { ...jammed.crowd, arrived: 20, stuck: 0, overlaps: 0 } })).toBe('arrived 20 of 20, no overlaps');
    // A grid planner's row has no steering measures.
    expect(run('hca').crowd).toBeNull();
  });

  it('a compared solver gets the scenario params only when it is the scenario solver', () => {
    const scenario: SolverSettings = { ...SETTINGS, solver: 'eecbs', params: { w: 1.5 } };
    expect(compareSettings(scenario, 'eecbs').params).toEqual({ w: 1.5 });
    expect(compareSettings(scenario, 'whca')).toEqual({ ...scenario, solver: 'whca', params: {} });
  });
});
