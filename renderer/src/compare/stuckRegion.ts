/**
 * Where an engine crowd model's stuck units stand, for the sentence in Compare (crowdJams.ts): the
 * measured region most of them are at, and in any case the cell they crowd around (a jam where no
 * region was measured still has a place).
 */
import type { RegionRect } from '../../../core/mapf/regionMeasures.ts';
import type { CrowdTrack } from '../../../core/contract/crowdTrack.ts';

/** Cells (Chebyshev) from a region's rectangle within which a stuck unit stands "at" it. */
const NEAR_REGION = 3;

/**
 * The measured region most of the stuck units stand at (within NEAR_REGION cells) at the track's
 * end, or null when none is near most of them.
 */
export function stuckRegion(track: CrowdTrack, stuckUnits: readonly number[], regions: readonly RegionRect[]): string | null {
  if (stuckUnits.length === 0) return null;
  let best: string | null = null;
  let bestCount = 0;
  for (const region of regions) {
    const [x0, x1] = [Math.min(region.from[0], region.to[0]), Math.max(region.from[0], region.to[0]) + 1];
    const [y0, y1] = [Math.min(region.from[1], region.to[1]), Math.max(region.from[1], region.to[1]) + 1];
    let count = 0;
    for (const unit of stuckUnits) {
      const i = (track.turns * track.agents + unit - 1) * 2;
      const x = track.positions[i];
      const y = track.positions[i + 1];
      const dx = x < x0 ? x0 - x : x > x1 ? x - x1 : 0;
      const dy = y < y0 ? y0 - y : y > y1 ? y - y1 : 0;
      if (Math.max(dx, dy) <= NEAR_REGION) count++;
    }
    if (count > bestCount) {
      best = region.name;
      bestCount = count;
    }
  }
  return bestCount * 2 > stuckUnits.length ? best : null;
}


/** At most this many places are named for stuck units that stand apart. */
const MAX_PLACES = 3;

/**
 * The cells the stuck units stand around at the track's end: units within NEAR_REGION cells of
 * each other (Chebyshev, chained) form one group, named by its first unit's cell; the largest
 * groups first, at most MAX_PLACES. Empty without stuck units.
 */
export function stuckCells(track: CrowdTrack, stuckUnits: readonly number[]): [number, number][] {
  const cells = stuckUnits.map((unit): [number, number] => {
    const i = (track.turns * track.agents + unit - 1) * 2;
    return [Math.max(0, Math.min(track.width - 1, Math.floor(track.positions[i]))), Math.max(0, Math.min(track.height - 1, Math.floor(track.positions[i + 1])))];
  });
  const group = cells.map((_, k) => k);
  const root = (k: number): number => (group[k] === k ? k : (group[k] = root(group[k])));
  for (let a = 0; a < cells.length; a++) {
    for (let b = a + 1; b < cells.length; b++) {
      if (Math.max(Math.abs(cells[a][0] - cells[b][0]), Math.abs(cells[a][1] - cells[b][1])) <= NEAR_REGION) group[root(b)] = root(a);
    }
  }
  const sizes = new Map<number, number>();
  for (let k = 0; k < cells.length; k++) sizes.set(root(k), (sizes.get(root(k)) ?? 0) + 1);
  return [...sizes.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, MAX_PLACES).map(([k]) => cells[k]);
}
