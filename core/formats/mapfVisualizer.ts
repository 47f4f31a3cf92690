/**
 * A plan as the solution text Kei18's mapf-visualizer (and LaCAM's logs) read: one line per
 * turn, `t:(x,y),(x,y),…` with every unit's cell in unit order, (0, 0) the top-left cell.
 * Units whose paths end early stay on their last cell, as they do in the replay.
 */
import type { Grid } from '../grid/grid.ts';

export function solutionText(grid: Grid, paths: readonly (readonly number[])[]): string {
  let turns = 0;
  for (const path of paths) turns = Math.max(turns, path.length - 1);
  const lines: string[] = [];
  for (let t = 0; t <= turns && paths.length > 0; t++) {
    let line = `${t}:`;
    for (const path of paths) {
      const cell = path[Math.max(0, Math.min(path.length - 1, t))];
      line += `(${grid.x(cell)},${grid.y(cell)}),`;
    }
    lines.push(line);
  }
  return lines.join('\n') + '\n';
}
