/**
 * A guidance of lanes for a map: each row's moves prefer one way and each column's one way, as the
 * lanes of a highway (Cohen, Uras and Koenig, "Feasibility Study: Using Highways for
 * Bounded-Suboptimal Multi-Agent Path Finding", SoCS 2015). A move against its row's or column's
 * way costs `penalty` more in the guide-path search (guidePaths.ts), so robots going opposite ways
 * keep to different rows and columns where the map has them, and still take a single lane either
 * way where it has not.
 *
 * Which way a row runs repeats with a period: pattern "01" (the default) alternates rows, "0110"
 * pairs them, as the LoRR 2024 winner's graph_guidance.cpp does per map (`set_grid`, and masks of
 * period 4 and 8 in `set_sortation` and `set_warehouse`, chosen by its authors' runs). Which
 * pattern suits a map is measured offline (core/experiments/laneSearch.ts) and kept in a guidance
 * file (core/formats/guidanceFile.ts).
 */
import type { MapGraph } from './mapGraph.ts';

/**
 * Character i of `rows` says which way rows y with y mod period = i run: '0' east, '1' west; of
 * `columns`, columns x with x mod period = i: '0' south, '1' north.
 */
export interface LanePattern {
  rows: string;
  columns: string;
  /** Extra cost of a move against the lane, in moves; 0 for no lanes. */
  penalty: number;
}

/** Rows and columns alternating, a move against its lane costing 3 more: measured best of the parity lanes on warehouse_large (epibtPlanner.ts). */
export const HIGHWAY_LANES: LanePattern = { rows: '01', columns: '01', penalty: 3 };

/** Why `pattern` is not a lane pattern, or null. */
export function lanePatternError(pattern: LanePattern): string | null {
  for (const key of ['rows', 'columns'] as const) {
    const text = pattern[key];
    if (!/^[01]{1,16}$/.test(text)) return `${key} '${text}' must be 1 to 16 characters of 0 and 1`;
  }
  if (!Number.isInteger(pattern.penalty) || pattern.penalty < 0 || pattern.penalty > 1000) return `penalty ${pattern.penalty} must be a whole number from 0 to 1000`;
  return null;
}

/** Per cell and direction (0 east, 1 south, 2 west, 3 north), the extra cost of moving that way. */
export function lanesOf(graph: MapGraph, pattern: LanePattern): Uint16Array {
  const { width, height } = graph;
  const { rows, columns, penalty } = pattern;
  const cost = new Uint16Array(graph.cells * 4);
  for (let y = 0; y < height; y++) {
    const west = rows[y % rows.length] === '1';
    for (let x = 0; x < width; x++) {
      const north = columns[x % columns.length] === '1';
      const at = (y * width + x) * 4;
      cost[at + (west ? 0 : 2)] = penalty;
      cost[at + (north ? 1 : 3)] = penalty;
    }
  }
  return cost;
}

/** Alternating rows and columns at `penalty` (the highway of HIGHWAY_LANES). */
export function highwayLanes(graph: MapGraph, penalty: number): Uint16Array {
  return lanesOf(graph, { ...HIGHWAY_LANES, penalty });
}
