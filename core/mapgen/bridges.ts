/**
 * One-lane bridges, the level designer's hardest chokepoint: two banks joined by a corridor one
 * cell wide and `length` cells long, with units on both banks that must cross to the other. A
 * windowed planner meets here a lane longer than its window (units that enter from both ends
 * meet head-on inside it), so these instances are the family its deadlock tests sweep. Pure:
 * returns the map rows, the units and the bridge's cells; `bridgeStreamScenario` the same level
 * with a spawner on each bank instead of units.
 */
import { Grid } from '../grid/grid.ts';
import { FOUR_CONNECTED } from '../grid/movement.ts';
import type { MapfInstance } from '../mapf/instance.ts';

export interface BridgeOptions {
  /** Cells of the one-lane bridge (at least 1). */
  length: number;
  /** Units starting on each bank (at least 1). */
  unitsPerSide: number;
  /** Free columns of each bank (default: enough for the units, at least 3). */
  bankWidth?: number;
}

export interface BridgeLevel {
  rows: string[];
  /** Units as [x, y] cells: the west bank's first (even rows), then the east bank's (odd rows). */
  units: { start: [number, number]; goal: [number, number] }[];
  /** The bridge's cells, west end first, as [x, y]. */
  lane: [number, number][];
}

/**
 * Rows of each bank: 9, the lane on the middle one; four even rows hold west units and four odd
 * rows east units, none on the lane's row, so no unit starts or parks in the lane's mouth.
 */
const BANK_HEIGHT = 9;

export function bridgeLevel(options: BridgeOptions): BridgeLevel {
  const { length, unitsPerSide } = options;
  for (const [name, value] of [['length', length], ['unitsPerSide', unitsPerSide]] as const) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`bridge: ${name} must be a whole number of at least 1, got ${value}`);
  }
  // Units fill the banks' columns from the outer edge inward, west units on even rows and east
  // units on odd rows (four of each), so no start or goal is shared.
  const bankWidth = options.bankWidth ?? Math.max(3, Math.ceil(unitsPerSide / 4));
  if (bankWidth * 4 < unitsPerSide) throw new RangeError(`bridge: ${unitsPerSide} units per side do not fit on banks ${bankWidth} columns wide`);
  const width = 2 * bankWidth + length;
  const mid = Math.floor(BANK_HEIGHT / 2);
  const x0 = bankWidth;
  const x1 = bankWidth + length - 1;
  const rows: string[] = [];
  for (let y = 0; y < BANK_HEIGHT; y++) {
    let row = '';
    for (let x = 0; x < width; x++) row += x >= x0 && x <= x1 && y !== mid ? '@' : '.';
    rows.push(row);
  }
  const place = (parity: number): [number, number][] => {
    const cells: [number, number][] = [];
    for (let column = 0; cells.length < unitsPerSide; column++) {
      for (let y = parity; y < BANK_HEIGHT && cells.length < unitsPerSide; y += 2) if (y !== mid) cells.push([column, y]);
    }
    return cells;
  };
  const mirror = ([x, y]: [number, number]): [number, number] => [width - 1 - x, y];
  const west = place(0);
  const east = place(1).map(mirror);
  const units = [...west.map((start) => ({ start, goal: mirror(start) })), ...east.map((start) => ({ start, goal: mirror(start) }))];
  const lane: [number, number][] = [];
  for (let x = x0; x <= x1; x++) lane.push([x, mid]);
  return { rows, units, lane };
}

/** The level as a 4-connected MAPF instance. */
export function bridgeInstance(options: BridgeOptions): MapfInstance {
  const level = bridgeLevel(options);
  const grid = Grid.fromAscii(level.rows);
  return { grid, movement: FOUR_CONNECTED, agents: level.units.map((u) => ({ start: grid.cell(...u.start), goal: grid.cell(...u.goal) })) };
}

/**
 * The level as a stream scenario (format mapf-lab/scenario): a spawner on each bank's outer
 * column sending `rate` units per 10 turns to an exit on the other bank, the bridge a measured
 * region named "bridge".
 */
export function bridgeStreamScenario(length: number, rate: number, bankWidth = 4): Record<string, unknown> {
  const { rows, lane } = bridgeLevel({ length, unitsPerSide: 1, bankWidth });
  const width = rows[0].length;
  const column = (x: number, ys: number[]) => ys.map((y) => [x, y]);
  return {
    format: 'mapf-lab/scenario',
    version: 4,
    name: `One-lane bridge, ${length} cells, two-way stream`,
    map: { kind: 'inline', rows },
    regions: [{ name: 'bridge', from: lane[0], to: lane[lane.length - 1] }],
    spawners: [
      { name: 'west', area: { cells: column(0, [0, 1, 2]) }, rate, goal: { exit: 'east gate' } },
      { name: 'east', area: { cells: column(width - 1, [0, 1, 2]) }, rate, goal: { exit: 'west gate' } },
    ],
    exits: [
      { name: 'east gate', area: { cells: column(width - 1, [6, 7, 8]) } },
      { name: 'west gate', area: { cells: column(0, [6, 7, 8]) } },
    ],
    agents: [],
  };
}

/** The batch level as a scenario file's object, units named by their number from 1. */
export function bridgeScenario(options: BridgeOptions): Record<string, unknown> {
  const { rows, units, lane } = bridgeLevel(options);
  return {
    format: 'mapf-lab/scenario',
    version: 4,
    name: `One-lane bridge, ${options.length} cells, ${options.unitsPerSide} units a side`,
    map: { kind: 'inline', rows },
    regions: [{ name: 'bridge', from: lane[0], to: lane[lane.length - 1] }],
    agents: units.map((u, i) => ({ id: String(i + 1), start: u.start, goal: u.goal })),
  };
}
