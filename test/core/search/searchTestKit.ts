/** Shared helpers for the search tests: ASCII maps with S and G marking start and goal. */
import { Grid } from '../../../core/grid/grid.ts';
import type { Movement } from '../../../core/grid/movement.ts';
import { OCTILE_NO_CUT } from '../../../core/grid/movement.ts';
import type { PathQuery, PathResult } from '../../../core/search/pathQuery.ts';

/** A query from ASCII rows: '.' free, '@' wall, 'S' start, 'G' goal. */
export function asciiQuery(rows: string[], movement: Movement = OCTILE_NO_CUT): PathQuery {
  const grid = Grid.fromAscii(rows.map((r) => r.replace(/[SG]/g, '.')));
  let start = -1;
  let goal = -1;
  rows.forEach((row, y) => {
    if (row.includes('S')) start = grid.cell(row.indexOf('S'), y);
    if (row.includes('G')) goal = grid.cell(row.indexOf('G'), y);
  });
  return { grid, movement, start, goal };
}

/** The path drawn on the map: '*' for every path cell (waypoints for any-angle paths). */
export function drawPath(query: PathQuery, result: PathResult): string[] {
  const rows = query.grid.toAscii().map((r) => r.split(''));
  for (const cell of result.path) rows[query.grid.y(cell)][query.grid.x(cell)] = '*';
  return rows.map((r) => r.join(''));
}

/** Whether consecutive cells are one legal step apart. */
export function isGridPath(query: PathQuery, path: readonly number[]): boolean {
  const { grid, movement } = query;
  for (let i = 1; i < path.length; i++) {
    const dx = Math.abs(grid.x(path[i]) - grid.x(path[i - 1]));
    const dy = Math.abs(grid.y(path[i]) - grid.y(path[i - 1]));
    if (dx > 1 || dy > 1 || dx + dy === 0 || !grid.isFree(path[i])) return false;
    if (dx + dy === 2 && (movement.connectivity === 4 || (movement.corners === 'no-cut' && (!grid.isFreeXY(grid.x(path[i]), grid.y(path[i - 1])) || !grid.isFreeXY(grid.x(path[i - 1]), grid.y(path[i])))))) {
      return false;
    }
  }
  return true;
}
