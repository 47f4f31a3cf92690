/**
 * Random obstacle maps, Silver's setup (Silver 2005, "Experimental Results"): a 32x32 grid with
 * impassable obstacles "randomly placed down in 20% of the grid locations", and "any
 * disconnected subregions additionally filled with obstacles to guarantee a fully connected map".
 * Exactly round(density * cells) obstacles are placed (a shuffle of all cells), so two maps of
 * one density differ only in where their obstacles are.
 */
import { Grid } from '../grid/grid.ts';
import { Random } from '../util/random.ts';
import { fillSmallRegions } from './regions.ts';

export interface RandomMapOptions {
  width: number;
  height: number;
  /** Fraction of cells made obstacles before filling, in [0, 1). */
  density: number;
  seed: number;
  /** Wall off every region but the largest 4-connected one (default true). */
  fill?: boolean;
}

export function randomMap(options: RandomMapOptions): Grid {
  const { width, height, density, seed } = options;
  if (!(density >= 0 && density < 1)) throw new RangeError(`density must be in [0, 1), got ${density}`);
  const grid = new Grid(width, height);
  const random = new Random(seed);
  const order = new Int32Array(grid.cells);
  for (let c = 0; c < order.length; c++) order[c] = c;
  const obstacles = Math.round(density * grid.cells);
  // A partial Fisher-Yates shuffle: the first `obstacles` slots are a uniform random subset.
  for (let i = 0; i < obstacles; i++) {
    const j = i + random.int(order.length - i);
    const tmp = order[i];
    order[i] = order[j];
    order[j] = tmp;
    grid.passable[order[i]] = 0;
  }
  if (options.fill ?? true) fillSmallRegions(grid);
  grid.version = 0;
  return grid;
}
