/**
 * Line of sight between cell centres, for Theta*, Lazy Theta* and post-smoothing (Game AI Pro
 * 360's pathfinding summary, "Theta* — any-angle pathfinding" and "Path post-processing").
 *
 * Walks every cell the segment between the two centres passes through (a supercover line):
 * all must be free. Where the segment goes exactly through a grid corner it touches the two
 * cells beside the corner only at a point; with 'no-cut' (and 4-connected movement) both must
 * be free, as for a diagonal step, with 'cut' they are ignored, as stepCell ignores them. So two
 * adjacent cells see each other exactly when a single step between them is legal.
 */
import type { Grid } from '../grid/grid.ts';
import type { Movement } from '../grid/movement.ts';

export function hasLineOfSight(grid: Grid, movement: Movement, from: number, to: number): boolean {
  const w = grid.width;
  const passable = grid.passable;
  let x = from % w;
  let y = (from - x) / w;
  const toX = to % w;
  const toY = (to - toX) / w;
  const nx = toX > x ? toX - x : x - toX;
  const ny = toY > y ? toY - y : y - toY;
  const stepX = toX > x ? 1 : -1;
  const stepY = toY > y ? 1 : -1;
  const cornersBlock = movement.connectivity === 4 || movement.corners === 'no-cut';
  // After ix horizontal and iy vertical crossings, compare where the segment next crosses a
  // vertical grid line ((0.5 + ix) / nx) with a horizontal one ((0.5 + iy) / ny), in integers.
  for (let ix = 0, iy = 0; ix < nx || iy < ny; ) {
    const decision = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
    if (decision === 0) {
      if (cornersBlock && (passable[y * w + x + stepX] === 0 || passable[(y + stepY) * w + x] === 0)) return false;
      x += stepX;
      y += stepY;
      ix++;
      iy++;
    } else if (decision < 0) {
      x += stepX;
      ix++;
    } else {
      y += stepY;
      iy++;
    }
    if (passable[y * w + x] === 0) return false;
  }
  return passable[from] === 1;
}
