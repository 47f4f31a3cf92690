/**
 * The one-lane corridor of a map: free cells one cell wide (both neighbours across the corridor
 * are walls or the map's edge), joined into chains; the longest chain is the lane a traffic rule
 * governs (a one-lane bridge). Its ends are the chain's first and last cells, end A the one that
 * comes first in the map's row order.
 */
import type { Grid } from '../grid/grid.ts';

export interface Lane {
  /** The lane's cells from end A to end B. */
  cells: number[];
}

/** The longest one-cell-wide corridor of the map, or null when it has none. */
export function findLane(grid: Grid): Lane | null {
  const { width, height } = grid;
  const free = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && grid.passable[y * width + x] === 1;
  const narrow = new Uint8Array(grid.cells);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!free(x, y)) continue;
      const acrossX = !free(x - 1, y) && !free(x + 1, y) && (free(x, y - 1) || free(x, y + 1));
      const acrossY = !free(x, y - 1) && !free(x, y + 1) && (free(x - 1, y) || free(x + 1, y));
      if (acrossX || acrossY) narrow[y * width + x] = 1;
    }
  }
  const seen = new Uint8Array(grid.cells);
  let best: number[] | null = null;
  for (let c = 0; c < grid.cells; c++) {
    if (narrow[c] === 0 || seen[c] === 1) continue;
    // Walk to one end of the chain, then along it to the other.
    let end = c;
    let prev = -1;
    for (;;) {
      const next = neighbours(grid, end).find((n) => narrow[n] === 1 && n !== prev);
      if (next === undefined || next === c) break;
      prev = end;
      end = next;
    }
    const chain = [end];
    seen[end] = 1;
    prev = -1;
    for (let at = end; ;) {
      const next = neighbours(grid, at).find((n) => narrow[n] === 1 && n !== prev && seen[n] === 0);
      if (next === undefined) break;
      seen[next] = 1;
      chain.push(next);
      prev = at;
      at = next;
    }
    // End A is the end read first (west or north): the same lane always reads the same way.
    if (chain[0] > chain[chain.length - 1]) chain.reverse();
    if (best === null || chain.length > best.length) best = chain;
  }
  return best === null ? null : { cells: best };
}

function neighbours(grid: Grid, c: number): number[] {
  const x = grid.x(c);
  const out: number[] = [];
  if (x > 0) out.push(c - 1);
  if (x + 1 < grid.width) out.push(c + 1);
  if (c >= grid.width) out.push(c - grid.width);
  if (c + grid.width < grid.cells) out.push(c + grid.width);
  return out;
}
