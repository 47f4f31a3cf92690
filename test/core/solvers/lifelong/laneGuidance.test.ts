// Lane patterns (laneGuidance.ts): which way each row and column runs, the cost of going against,
// and a guide path keeping to its lane when the penalty outweighs the detour.
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../../core/grid/grid.ts';
import { DistanceTables } from '../../../../core/solvers/lifelong/distanceTables.ts';
import { GuidePaths } from '../../../../core/solvers/lifelong/guidePaths.ts';
import { HIGHWAY_LANES, highwayLanes, lanePatternError, lanesOf } from '../../../../core/solvers/lifelong/laneGuidance.ts';
import { MapGraph } from '../../../../core/solvers/lifelong/mapGraph.ts';

const EAST = 0;
const SOUTH = 1;
const WEST = 2;
const NORTH = 3;

/** The directions a cell's lanes penalise, read from the cost table. */
function penalised(cost: Uint16Array, width: number, x: number, y: number): number[] {
  const at = (y * width + x) * 4;
  return [EAST, SOUTH, WEST, NORTH].filter((d) => cost[at + d] > 0);
}

describe('lane patterns', () => {
  const graph = new MapGraph(Grid.fromAscii(['........', '........', '........', '........', '........']));

  it('alternates rows east and west and columns south and north by default, a move against costing the penalty', () => {
    const cost = highwayLanes(graph, 3);
    for (let y = 0; y < 5; y++) {
      for (let x = 0; x < 8; x++) {
        // Even rows run east (west penalised), even columns south (north penalised).
        expect(penalised(cost, 8, x, y).sort()).toEqual([y % 2 === 0 ? WEST : EAST, x % 2 === 0 ? NORTH : SOUTH].sort());
        expect(cost[(y * 8 + x) * 4 + (y % 2 === 0 ? WEST : EAST)]).toBe(3);
      }
    }
  });

  it('repeats a longer pattern: "0110" pairs the rows, "1" sends every column north', () => {
    const cost = lanesOf(graph, { rows: '0110', columns: '1', penalty: 5 });
    const westRows = [0, 1, 2, 3, 4].filter((y) => penalised(cost, 8, 0, y).includes(EAST));
    expect(westRows).toEqual([1, 2]);
    for (let x = 0; x < 8; x++) expect(penalised(cost, 8, x, 0)).toContain(SOUTH);
  });

  it('says what is wrong with a pattern', () => {
    expect(lanePatternError(HIGHWAY_LANES)).toBeNull();
    expect(lanePatternError({ rows: '012', columns: '01', penalty: 3 })).toMatch(/rows '012'/);
    expect(lanePatternError({ rows: '01', columns: '', penalty: 3 })).toMatch(/columns/);
    expect(lanePatternError({ rows: '0'.repeat(17), columns: '01', penalty: 3 })).toMatch(/1 to 16/);
    expect(lanePatternError({ rows: '01', columns: '01', penalty: 1.5 })).toMatch(/penalty 1.5/);
    expect(lanePatternError({ rows: '01', columns: '01', penalty: -1 })).toMatch(/penalty -1/);
  });

  it('keeps a guide path west along a west-running row when the east-running one costs more', () => {
    // Three open rows; a robot goes from the east end of row 0 to its west end. Row 0 runs east,
    // row 1 west: with a penalty of 10 a step the path drops to row 1 and comes back up.
    const open = new MapGraph(Grid.fromAscii(['..........', '..........', '..........']));
    const at = (x: number, y: number) => y * 10 + x;
    const pathRows = (penalty: number): number[] => {
      const guides = new GuidePaths(open, new DistanceTables(open), 1);
      if (penalty > 0) guides.lanes = highwayLanes(open, penalty);
      guides.replan(0, at(9, 0), at(0, 0), 0);
      return Array.from(guides.paths[0]!, (cell) => Math.floor(cell / 10));
    };
    expect(new Set(pathRows(0))).toEqual(new Set([0]));
    const laned = pathRows(10);
    expect(laned.filter((row) => row === 1).length).toBeGreaterThanOrEqual(8);
    expect(laned[0]).toBe(0);
    expect(laned[laned.length - 1]).toBe(0);
  });
});
