/**
 * What a designer measures at a chokepoint: for a named rectangle
 * of the map (a bridge, a door, a corridor) and a plan, who passed through it, when, how fast, and
 * how long units waited in it or queued next to it.
 * More on this in README.md, "regionMeasures.ts".
 */
import { ABSENT, type Path } from './plan.ts';
import { peakIn, sidesBeyond, visitKind } from './regionCrossings.ts';

/** A rectangle of cells, corners inclusive, in either order. */
export interface RegionRect {
  name: string;
  from: readonly [number, number];
  to: readonly [number, number];
}

export interface RegionMeasures {
  name: string;
  units: number;
  firstEntry: number | null;
  lastExit: number | null;
  throughput: number;
  peakThroughput: number;
  entries: number;
  crossings: number;
  turnBacks: number;
  crossingRate: number;
  peakCrossings: number;
  totalWait: number;
  meanWait: number;
  maxWait: number;
  /** Units queued next to the region at each turn 0..T. */
  queue: number[];
  maxQueue: number;
}

/** Turns over which throughput is counted (units per this many turns). */
export const THROUGHPUT_TURNS = 10;

interface PlanShape {
  width: number;
  paths: readonly Path[];
  goals: readonly number[];
  /** Footprint side per unit (1 when absent). */
  sizes?: readonly number[];
}

/** The measures of every region for one plan, in the regions' order. */
export function measureRegions(plan: PlanShape, regions: readonly RegionRect[]): RegionMeasures[] {
  return regions.map((region) => measureRegion(plan, region));
}

export function measureRegion(plan: PlanShape, region: RegionRect): RegionMeasures {
  const { width, paths, goals } = plan;
  const x0 = Math.min(region.from[0], region.to[0]);
  const x1 = Math.max(region.from[0], region.to[0]);
  const y0 = Math.min(region.from[1], region.to[1]);
  const y1 = Math.max(region.from[1], region.to[1]);
  let horizon = 0;
  for (const path of paths) horizon = Math.max(horizon, path.length);
  const turns = Math.max(horizon, 1);
  const queue = new Array<number>(turns).fill(0);
  const entriesAt = new Int32Array(turns);
  const crossingsAt = new Int32Array(turns);
  const rect = { x0, x1, y0, y1 };
  let turnBacks = 0;
  let units = 0;
  let firstEntry: number | null = null;
  let lastExit: number | null = null;
  let totalWait = 0;
  let maxWait = 0;
  let waitingUnits = 0;

  for (let a = 0; a < paths.length; a++) {
    const path = paths[a];
    if (path.length === 0) continue;
    const size = plan.sizes?.[a] ?? 1;
    // Where the footprint lies relative to the region: 2 in it, 1 next to it, 0 elsewhere.
    const place = (cell: number): number => {
      const x = cell % width;
      const y = (cell - x) / width;
      const fx1 = x + size - 1;
      const fy1 = y + size - 1;
      if (x <= x1 && fx1 >= x0 && y <= y1 && fy1 >= y0) return 2;
      if (x <= x1 + 1 && fx1 >= x0 - 1 && y <= y1 + 1 && fy1 >= y0 - 1) return 1;
      return 0;
    };
    let stood = false;
    let waits = 0;
    let wasIn = false;
    // The sides this unit's current visit entered from (0: it started in the region).
    let enteredFrom = 0;
    for (let t = 0; t < turns; t++) {
      const cell = path[t < path.length ? t : path.length - 1];
      // A stream's unit off the map (ABSENT, before it appears or after it leaves) is nowhere:
      // it neither stands, waits, nor crosses (leaving by an exit inside the region ends its visit).
      if (cell === ABSENT) {
        wasIn = false;
        continue;
      }
      const where = place(cell);
      if (where !== 2 && wasIn) {
        const kind = visitKind(enteredFrom, sidesBeyond(cell % width, Math.floor(cell / width), size, rect));
        if (kind === 'crossing') crossingsAt[t]++;
        else if (kind === 'turn-back') turnBacks++;
      }
      if (where === 2) {
        if (!wasIn) {
          entriesAt[t]++;
          const before = t > 0 ? path[t - 1 < path.length ? t - 1 : path.length - 1] : -1;
          enteredFrom = before < 0 ? 0 : sidesBeyond(before % width, Math.floor(before / width), size, rect);
        }
        stood = true;
        if (firstEntry === null || t < firstEntry) firstEntry = t;
        if (lastExit === null || t > lastExit) lastExit = t;
      }
      wasIn = where === 2;
      if (t > 0 && where > 0 && cell !== goals[a] && cell === path[t - 1 < path.length ? t - 1 : path.length - 1]) {
        waits++;
        if (where === 1) queue[t]++;
      }
    }
    if (stood) units++;
    if (stood || waits > 0) {
      waitingUnits++;
      totalWait += waits;
      if (waits > maxWait) maxWait = waits;
    }
  }

  const crossings = crossingsAt.reduce((sum, c) => sum + c, 0);
  const span = firstEntry === null || lastExit === null ? 0 : lastExit - firstEntry + 1;
  return {
    name: region.name,
    units,
    firstEntry,
    lastExit,
    throughput: span > 0 ? (units * THROUGHPUT_TURNS) / span : 0,
    peakThroughput: peakIn(entriesAt, THROUGHPUT_TURNS),
    entries: entriesAt.reduce((sum, c) => sum + c, 0),
    crossings,
    turnBacks,
    crossingRate: span > 0 ? (crossings * THROUGHPUT_TURNS) / span : 0,
    peakCrossings: peakIn(crossingsAt, THROUGHPUT_TURNS),
    totalWait,
    meanWait: waitingUnits > 0 ? totalWait / waitingUnits : 0,
    maxWait,
    queue,
    maxQueue: queue.reduce((m, q) => Math.max(m, q), 0),
  };
}
