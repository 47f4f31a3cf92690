/** Where an engine crowd model's stuck units stand: the measured region most of them are at, for the sentence in Compare (crowdJams.ts). */
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

