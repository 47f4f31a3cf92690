// The LoRR and MAPF tracker writers' edge cases (the CLI test reads whole files back with the
// other tools' readers): run-length encoding, trailing waits, refusals that say what and where.
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { lorrDocument } from '../../../core/formats/lorr.ts';
import { runLengthEncode, scenarioKind, trackerCsv, trackerRow } from '../../../core/formats/mapfTracker.ts';

const grid = Grid.fromAscii(['....', '....']);
const c = (x: number, y: number) => grid.cell(x, y);

describe('MAPF tracker rows', () => {
  it('run-length encodes runs longer than one, and stops each string when the agent rests on its goal', () => {
    expect(runLengthEncode(['r', 'r', 'r', 'd', 'd', 'w', 'l'])).toBe('3r2dwl');
    expect(runLengthEncode([])).toBe('');
    // Unit 2 waits on its goal, steps off (u) and back (d), then waits there to the end: not written.
    const row = trackerRow({ grid, paths: [[c(0, 0), c(1, 0), c(2, 0), c(3, 0)], [c(0, 1), c(0, 1), c(0, 0), c(0, 1), c(0, 1)]], goals: [c(3, 0), c(0, 1)], status: 'solved', mapName: 'm', scenType: 'random', typeId: 1 });
    expect(row.solution_plan).toBe('3r\nwud');
    expect(row.solution_cost).toBe(6);
    expect(row.lower_cost).toBeNull();
    // u is y - 1 (unit 2 steps from (0, 1) to (0, 0)), and the row says so for the tracker's server.
    expect(row.flip_up_down).toBe(true);
    expect(trackerCsv(row).split('\n')[0]).toBe('map_name,scen_type,type_id,agents,lower_cost,solution_cost,solution_plan,flip_up_down');
  });

  it('refuses an unsolved run and a diagonal move, and reads scenario names', () => {
    expect(() => trackerRow({ grid, paths: [[c(0, 0)]], goals: [c(1, 0)], status: 'timeout', mapName: 'm', scenType: 'random', typeId: 1 })).toThrow('the MAPF tracker takes solved plans only; this run\'s status is timeout');
    expect(() => trackerRow({ grid, paths: [[c(0, 0), c(1, 1)]], goals: [c(1, 1)], status: 'solved', mapName: 'm', scenType: 'random', typeId: 1 })).toThrow('Unit 1 moves diagonally at t=0');
    expect(scenarioKind('den520d-even-12.scen')).toEqual({ scenType: 'even', typeId: 12 });
    expect(scenarioKind('mine.scen')).toBeNull();
  });
});

describe('League of Robot Runners JSON', () => {
  it('has no cost for an unsolved run, names the model, and refuses diagonal moves naming the unit from 1', () => {
    const doc = lorrDocument({ grid, paths: [[c(0, 0), c(0, 1)]], goals: [c(3, 1)], status: 'failed' });
    expect(doc).toMatchObject({ sumOfCost: null, costModel: 'rest', numTaskFinished: 0, actualPaths: ['U'], start: [[0, 0, 'E']] });
    expect(() => lorrDocument({ grid, paths: [[c(0, 0), c(0, 0)], [c(0, 1), c(1, 0)]], goals: [c(0, 0), c(1, 0)], status: 'solved' })).toThrow(/^Unit 2 moves diagonally from \(0, 1\) to \(1, 0\) at t=0/);
  });
});
