/**
 * What a big map will cost before it opens: its cells, the memory the app takes to hold it, and
 * the distance tables a solve builds on it (one per unit's goal, LazyDistanceTable's distances: a
 * cell's distance as Int32 once more than 65,535 cells are free, as on any map this size). A
 * 5000 x 5000 level is 25 M cells: a byte each is fine, but a table per goal is 100 MB, so the
 * user is told and chooses before the file is read into a grid.
 */
import { MAX_MAP_CELLS, formatCount } from '../util/limits.ts';
import { DEFAULT_DISTANCE_BUDGET_BYTES } from './goalDistances.ts';

/** Maps of more cells than this (the lab's limit until 5000 x 5000 levels came) ask before they open. */
export const BIG_MAP_CELLS = 4096 * 4096;

export interface MapCost {
  cells: number;
  /** Held while the map is open: the grid (a byte per cell) and each cell's character as read, kept so saving writes the file back unchanged. */
  keptBytes: number;
  /** At the peak of opening: the file's text too. */
  openingBytes: number;
  /** One goal's distance table in a solve (Int32 per cell). */
  tableBytes: number;
  /** A solve keeps at most this much of tables (GoalDistances' budget; more goals are rebuilt as needed). */
  tableBudgetBytes: number;
  /** How many goals' tables that budget holds. */
  tablesKept: number;
}

export function mapCost(width: number, height: number, fileChars: number): MapCost {
  const cells = width * height;
  const tableBytes = cells * 4;
  return {
    cells,
    keptBytes: 2 * cells,
    openingBytes: 2 * cells + fileChars,
    tableBytes,
    tableBudgetBytes: DEFAULT_DISTANCE_BUDGET_BYTES,
    tablesKept: Math.max(1, Math.floor(DEFAULT_DISTANCE_BUDGET_BYTES / tableBytes)),
  };
}

/** Does opening a width x height map ask first? */
export function asksBeforeOpening(width: number, height: number): boolean {
  return width * height > BIG_MAP_CELLS && width * height <= MAX_MAP_CELLS;
}

const MB = 1024 * 1024;
const mb = (bytes: number) => `${formatCount(Math.round(bytes / MB))} MB`;
const millions = (n: number) => `${(n / 1e6).toFixed(n >= 1e7 ? 0 : 1)} M`;

/** The question the app asks: sizes in MB (2^20 bytes), cells in millions. */
export function mapCostQuestion(name: string, width: number, height: number, cost: MapCost): string {
  return (
    `${name} is ${width}×${height}: ${millions(cost.cells)} cells (${formatCount(cost.cells)}). ` +
    `Opening it takes about ${mb(cost.openingBytes)} (${mb(cost.keptBytes)} while it is open: the grid and its characters as read). ` +
    `A solve builds a distance table of ${mb(cost.tableBytes)} per unit's goal, keeping at most ${mb(cost.tableBudgetBytes)} ` +
    `(${cost.tablesKept} goals; more are rebuilt as needed), so 100 units' tables are about ${mb(100 * cost.tableBytes)} of work. Open it?`
  );
}
