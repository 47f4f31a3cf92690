/**
 * The record of a continuous-movement run (the engine crowd models: Detour crowd, A* + ORCA, flow
 * field + separation): every unit's real position at every turn, beside the grid plan that holds
 * each unit's cell per turn (so the replay, heat map and region measures keep working on cells).
 * Positions are in cells, (0, 0) the top-left corner of the map, a cell's centre at x + 0.5.
 * One flat Float32Array with a format version, like every large payload that crosses the solver
 * process boundary (STYLE.md, "The solver process protocol").
 *
 * The measures here are what only steering has: stuck units, overlapping discs, oscillation. A
 * grid plan's rules (one unit per cell) do not apply to discs smaller than a cell, so a run with a
 * track is judged by these instead (verdict.ts): solved only when every unit arrived and no two
 * discs overlapped by more than OVERLAP_TOLERANCE of the radius.
 */

export const CROWD_TRACK_FORMAT = 'mapf-lab/crowd-track';
export const CROWD_TRACK_VERSION = 1;

/** Discs intersecting by more than this share of the radius count as an overlap. */
export const OVERLAP_TOLERANCE = 0.1;
/** A unit moving less than this share of its maximum speed in a turn waits. */
export const WAIT_SPEED_SHARE = 0.1;
/** Default turns without moving a cell's distance after which a unit that has not arrived is stuck. */
export const DEFAULT_STUCK_TURNS = 20;

export interface CrowdTrack {
  format: typeof CROWD_TRACK_FORMAT;
  version: typeof CROWD_TRACK_VERSION;
  width: number;
  height: number;
  agents: number;
  /** Turns run: positions holds turns + 1 states. */
  turns: number;
  /** Disc radius in cells (every unit). */
  radius: number;
  /** Maximum speed in cells per turn. */
  maxSpeed: number;
  /** x, y of unit a at turn t at [(t * agents + a) * 2], [(t * agents + a) * 2 + 1]. */
  positions: Float32Array;
  /** Turn each unit arrived at its goal (and stayed), -1 if it did not. */
  arrivals: Int32Array;
  /** Turns without moving a cell's distance after which a unit that has not arrived is stuck. */
  stuckTurns: number;
  /**
   * Overlaps the simulator measured at every step (pair-turns beyond the tolerance) and the
   * deepest intersection in cells: discs can pass through each other between two recorded turns.
   * measureCrowd takes the larger of these and its own count from the recorded turns.
   */
  stepOverlaps: number;
  stepDeepest: number;
  /**
   * Each unit's footprint side when any is not 1: its disc's radius is radius times it (absent:
   * every disc has `radius`). Overlaps are judged against the smaller disc of a pair, and depths
   * (stepDeepest, deepestOverlap) are scaled to `radius`.
   */
  sizes?: Int32Array;
}

export interface CrowdMeasures {
  units: number;
  arrived: number;
  /** Turn the last unit arrived, -1 if none did. */
  lastArrival: number;
  /** Unit-turns before arrival spent under WAIT_SPEED_SHARE of the maximum speed. */
  waits: number;
  /** Units that did not arrive and did not move a cell's distance in the last stuckTurns turns. */
  stuck: number;
  /** Unit numbers (from 1) of the stuck units. */
  stuckUnits: number[];
  /** Pair-turns whose discs intersected by more than OVERLAP_TOLERANCE of the radius (at any step of the turn, when the simulator measured steps). */
  overlaps: number;
  /** Deepest intersection seen, as a share of the radius (0 when discs never touched). */
  deepestOverlap: number;
  /** Direction reversals (turn-to-turn heading change over 90 degrees while moving), all units. */
  reversals: number;
  /** Most reversals of one unit. */
  maxReversals: number;
}

/** Throws when a track is not one this code can read. */
export function checkCrowdTrack(track: { format?: unknown; version?: unknown; agents?: unknown; turns?: unknown; positions?: unknown }): asserts track is CrowdTrack {
  if (track.format !== CROWD_TRACK_FORMAT) throw new TypeError(`not a crowd track: format is ${String(track.format)}, expected ${CROWD_TRACK_FORMAT}`);
  if (track.version !== CROWD_TRACK_VERSION) throw new TypeError(`crowd track version ${String(track.version)} is not supported (expected ${CROWD_TRACK_VERSION})`);
  const { agents, turns, positions } = track as CrowdTrack;
  if (!(positions instanceof Float32Array) || positions.length !== (turns + 1) * agents * 2) {
    throw new TypeError(`crowd track positions must be a Float32Array of (turns + 1) * agents * 2 = ${(turns + 1) * agents * 2} numbers`);
  }
}

/**
 * Overlapping pairs at one turn, through a bucket grid of side max(1, 2r) so each unit looks at
 * its 3 x 3 buckets only. Adds to `out`: [count, deepest depth in cells].
 */
function overlapsAt(track: CrowdTrack, t: number, head: Int32Array, next: Int32Array, side: number, bw: number, bh: number, out: Float64Array): void {
  const { agents, positions, radius, sizes } = track;
  head.fill(-1);
  const base = t * agents * 2;
  for (let a = 0; a < agents; a++) {
    const bx = Math.min(bw - 1, Math.max(0, Math.floor(positions[base + a * 2] / side)));
    const by = Math.min(bh - 1, Math.max(0, Math.floor(positions[base + a * 2 + 1] / side)));
    const b = by * bw + bx;
    next[a] = head[b];
    head[b] = a;
  }
  for (let a = 0; a < agents; a++) {
    const ra = sizes ? radius * sizes[a] : radius;
    const ax = positions[base + a * 2];
    const ay = positions[base + a * 2 + 1];
    const bx = Math.min(bw - 1, Math.max(0, Math.floor(ax / side)));
    const by = Math.min(bh - 1, Math.max(0, Math.floor(ay / side)));
    for (let y = Math.max(0, by - 1); y <= Math.min(bh - 1, by + 1); y++) {
      for (let x = Math.max(0, bx - 1); x <= Math.min(bw - 1, bx + 1); x++) {
        for (let o = head[y * bw + x]; o >= 0; o = next[o]) {
          if (o <= a) continue;
          const ro = sizes ? radius * sizes[o] : radius;
          const touch = ra + ro;
          const smaller = ra < ro ? ra : ro;
          const dx = positions[base + o * 2] - ax;
          const dy = positions[base + o * 2 + 1] - ay;
          const d2 = dx * dx + dy * dy;
          if (d2 >= touch * touch) continue;
          // The depth as a share of the smaller disc, in cells at the track's radius.
          const depth = ((touch - Math.sqrt(d2)) / smaller) * radius;
          if (depth > out[1]) out[1] = depth;
          if (Math.sqrt(d2) < touch - OVERLAP_TOLERANCE * smaller) out[0]++;
        }
      }
    }
  }
}

/** The measures of a run from its track. */
export function measureCrowd(track: CrowdTrack): CrowdMeasures {
  const { agents, turns, positions, arrivals, maxSpeed, radius, stuckTurns } = track;
  let arrived = 0;
  let lastArrival = -1;
  for (let a = 0; a < agents; a++) {
    if (arrivals[a] >= 0) {
      arrived++;
      lastArrival = Math.max(lastArrival, arrivals[a]);
    }
  }
  // Waits and reversals from each turn's displacement.
  const slow = WAIT_SPEED_SHARE * maxSpeed;
  let waits = 0;
  let reversals = 0;
  let maxReversals = 0;
  for (let a = 0; a < agents; a++) {
    const end = arrivals[a] >= 0 ? arrivals[a] : turns;
    let px = 0;
    let py = 0;
    let mine = 0;
    for (let t = 1; t <= end; t++) {
      const i = (t * agents + a) * 2;
      const j = ((t - 1) * agents + a) * 2;
      const dx = positions[i] - positions[j];
      const dy = positions[i + 1] - positions[j + 1];
      const moving = dx * dx + dy * dy >= slow * slow;
      if (!moving) {
        waits++;
        continue;
      }
      if (dx * px + dy * py < 0) mine++;
      px = dx;
      py = dy;
    }
    reversals += mine;
    maxReversals = Math.max(maxReversals, mine);
  }
  // Stuck: not arrived, and never a cell's distance from where it stood stuckTurns turns before the end.
  const stuckUnits: number[] = [];
  if (turns >= stuckTurns) {
    for (let a = 0; a < agents; a++) {
      if (arrivals[a] >= 0) continue;
      const j = ((turns - stuckTurns) * agents + a) * 2;
      let far = 0;
      for (let t = turns - stuckTurns + 1; t <= turns; t++) {
        const i = (t * agents + a) * 2;
        far = Math.max(far, Math.hypot(positions[i] - positions[j], positions[i + 1] - positions[j + 1]));
      }
      if (far < 1) stuckUnits.push(a + 1);
    }
  }
  let largest = radius;
  if (track.sizes) for (let a = 0; a < agents; a++) largest = Math.max(largest, radius * track.sizes[a]);
  const side = Math.max(1, 2 * largest);
  const bw = Math.max(1, Math.ceil(track.width / side));
  const bh = Math.max(1, Math.ceil(track.height / side));
  const head = new Int32Array(bw * bh);
  const next = new Int32Array(agents);
  const found = new Float64Array(2);
  for (let t = 0; t <= turns; t++) overlapsAt(track, t, head, next, side, bw, bh, found);
  return {
    units: agents,
    arrived,
    lastArrival,
    waits,
    stuck: stuckUnits.length,
    stuckUnits,
    overlaps: Math.max(found[0], track.stepOverlaps),
    deepestOverlap: radius > 0 ? Math.max(found[1], track.stepDeepest) / radius : 0,
    reversals,
    maxReversals,
  };
}

/** "arrived 18 of 20, 2 stuck, 37 overlaps (deepest 34% of the radius)". */
export function crowdStatusText(m: CrowdMeasures): string {
  const parts = [`arrived ${m.arrived} of ${m.units}`];
  if (m.stuck > 0) parts.push(`${m.stuck} stuck (unit${m.stuck === 1 ? '' : 's'} ${m.stuckUnits.slice(0, 5).join(', ')}${m.stuck > 5 ? ', …' : ''})`);
  if (m.overlaps > 0) parts.push(`${m.overlaps} overlap${m.overlaps === 1 ? '' : 's'} (deepest ${Math.round(m.deepestOverlap * 100)}% of the radius)`);
  return parts.join(', ');
}

/** Solved only when every unit arrived and no discs overlapped beyond the tolerance. */
export function crowdSolved(m: CrowdMeasures): boolean {
  return m.arrived === m.units && m.overlaps === 0;
}
