/**
 * Level fixtures for the tests: the folder, a file lookup that reads beside the map (what the
 * command line and the app give the importers), the ASCII level every fixture draws, and the
 * scenario things its objects place.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Grid } from '../../core/grid/grid.ts';
import type { FileLookup } from '../../core/level/tiledModel.ts';

export const LEVELS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/levels');

export const lookupBeside: FileLookup = (path, from) => {
  const file = resolve(dirname(from), path);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
};

/** The fixture level as the lab reads it: rock (7, 5) and crate (7, 1) block, the hidden decor tile at (2, 2) does not. */
export const EXPECTED_ROWS = [
  '@@@@@@@@@@',
  '@....@.@.@',
  '@....@...@',
  '@........@',
  '@....@...@',
  '@....@.@.@',
  '@@@@@@@@@@',
];

export function rowsOf(grid: Grid): string[] {
  const rows: string[] = [];
  for (let y = 0; y < grid.height; y++) {
    let row = '';
    for (let x = 0; x < grid.width; x++) row += grid.passable[y * grid.width + x] === 1 ? '.' : '@';
    rows.push(row);
  }
  return rows;
}

/** What the fixture's objects become (Tiled's objects and LDtk's entities alike). */
export const EXPECTED_REGIONS = [{ name: 'bridge', from: [5, 3], to: [5, 3] }];
export const EXPECTED_EXITS = [{ name: 'east', area: { from: [8, 1], to: [8, 5] } }];
export const EXPECTED_SPAWNERS = [{ name: 'west', area: { from: [2, 5], to: [3, 5] }, rate: 2, goal: { exit: 'east' } }];
export const EXPECTED_DOORS = [{ t: 20, cells: [[5, 3]], action: 'close' }];
