/**
 * Walls (and closed doors, and the map's border) as obstacles for discs moving in continuous
 * space: each blocked cell is the square [x, x + 1] x [y, y + 1]; a disc meets it at the square's
 * closest point. Queries scan the blocked cells around a disc, which on a grid is cheaper than
 * keeping the merged wall segments RVO2 builds from polygons and finds the same nearest points.
 */
import type { Grid } from '../../grid/grid.ts';

/** Whether (cx, cy) blocks movement: a wall, or outside the map. */
export function blockedAt(grid: Grid, cx: number, cy: number): boolean {
  return cx < 0 || cy < 0 || cx >= grid.width || cy >= grid.height || grid.passable[cy * grid.width + cx] === 0;
}

/**
 * The closest points of the blocked squares within `range` of (x, y), written into `out` as
 * (x, y, distance) triples (typed arrays, no closures in the hot loop); returns how many, at most
 * out.length / 3.
 */
export function nearbyWallPoints(grid: Grid, x: number, y: number, range: number, out: Float64Array): number {
  const max = (out.length / 3) | 0;
  let n = 0;
  const x0 = Math.floor(x - range);
  const x1 = Math.floor(x + range);
  const y0 = Math.floor(y - range);
  const y1 = Math.floor(y + range);
  for (let cy = y0; cy <= y1; cy++) {
    for (let cx = x0; cx <= x1; cx++) {
      if (!blockedAt(grid, cx, cy)) continue;
      const qx = x < cx ? cx : x > cx + 1 ? cx + 1 : x;
      const qy = y < cy ? cy : y > cy + 1 ? cy + 1 : y;
      const dx = qx - x;
      const dy = qy - y;
      const d = Math.sqrt(dx * dx + dy * dy);
      if (d >= range) continue;
      if (n === max) return n;
      out[n * 3] = qx;
      out[n * 3 + 1] = qy;
      out[n * 3 + 2] = d;
      n++;
    }
  }
  return n;
}

/**
 * Moves a disc of `radius` at (pos[i], pos[j]) out of every blocked square it overlaps (a few
 * passes, for corners), so a step never leaves a unit inside a wall.
 */
export function pushOutOfWalls(grid: Grid, xs: Float64Array, ys: Float64Array, a: number, radius: number): void {
  for (let pass = 0; pass < 2; pass++) {
    let moved = false;
    const x0 = Math.floor(xs[a] - radius);
    const x1 = Math.floor(xs[a] + radius);
    const y0 = Math.floor(ys[a] - radius);
    const y1 = Math.floor(ys[a] + radius);
    for (let cy = y0; cy <= y1; cy++) {
      for (let cx = x0; cx <= x1; cx++) {
        if (!blockedAt(grid, cx, cy)) continue;
        const px = xs[a];
        const py = ys[a];
        const qx = px < cx ? cx : px > cx + 1 ? cx + 1 : px;
        const qy = py < cy ? cy : py > cy + 1 ? cy + 1 : py;
        const dx = px - qx;
        const dy = py - qy;
        const d = Math.sqrt(dx * dx + dy * dy);
        if (d >= radius) continue;
        moved = true;
        if (d > 1e-9) {
          xs[a] = qx + (dx / d) * radius;
          ys[a] = qy + (dy / d) * radius;
          continue;
        }
        // The centre is inside the square: leave by the nearest side.
        const left = px - cx;
        const right = cx + 1 - px;
        const top = py - cy;
        const bottom = cy + 1 - py;
        const least = Math.min(left, right, top, bottom);
        if (least === left) xs[a] = cx - radius;
        else if (least === right) xs[a] = cx + 1 + radius;
        else if (least === top) ys[a] = cy - radius;
        else ys[a] = cy + 1 + radius;
      }
    }
    if (!moved) return;
  }
}
