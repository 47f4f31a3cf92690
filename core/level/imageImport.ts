/**
 * A floor plan drawn or scanned as an image: dark pixels are walls. The host decodes the file
 * (PNG, JPEG, WebP) into RGBA pixels: the browser's createImageBitmap in the renderer, a
 * JavaScript decoder on the command line; this turns the pixels into a grid by a brightness
 * threshold over blocks of pixels per cell, within an optional crop. A transparent pixel counts
 * as white (paper), so a plan drawn on a transparent canvas reads as its lines.
 */
import { Grid, MAX_GRID_SIDE } from '../grid/grid.ts';
import type { LevelChoices } from '../scenario/levelSourceSchema.ts';
import { MAX_MAP_CELLS, formatCount } from '../util/limits.ts';
import type { LevelImport } from './tiledImport.ts';
import { LevelError } from './tiledModel.ts';

export interface RgbaImage {
  width: number;
  height: number;
  /** width * height * 4 bytes, rows top to bottom. */
  data: Uint8Array | Uint8ClampedArray;
}

export const DEFAULT_THRESHOLD = 128;

/** The grid size an image gives with `choices`, checked against the lab's limits before any pixel is read. */
export function imageGridSize(image: { width: number; height: number }, choices: LevelChoices, file: string): { width: number; height: number } {
  const crop = choices.crop ?? { x: 0, y: 0, width: image.width, height: image.height };
  if (crop.x + crop.width > image.width || crop.y + crop.height > image.height) {
    throw new LevelError(file, `the crop ${crop.width} x ${crop.height} at (${crop.x}, ${crop.y}) reaches past the ${image.width} x ${image.height} image`);
  }
  const ppc = choices.pixelsPerCell ?? 1;
  const width = Math.floor(crop.width / ppc);
  const height = Math.floor(crop.height / ppc);
  if (width < 1 || height < 1) throw new LevelError(file, `${crop.width} x ${crop.height} pixels at ${ppc} pixels per cell is less than one cell`);
  if (width > MAX_GRID_SIDE || height > MAX_GRID_SIDE || width * height > MAX_MAP_CELLS) {
    throw new LevelError(file, `${formatCount(width)} x ${formatCount(height)} cells is over the lab's limit (${formatCount(MAX_MAP_CELLS)} cells, at most ${MAX_GRID_SIDE} a side): choose more pixels per cell or a crop`);
  }
  return { width, height };
}

/** Reads `image` as a grid: a cell is a wall when its pixels' mean brightness is below the threshold. */
export function importImage(image: RgbaImage, file: string, given: LevelChoices = {}): LevelImport {
  if (image.data.length !== image.width * image.height * 4) throw new LevelError(file, `the decoded image holds ${image.data.length} bytes, not ${image.width} x ${image.height} x 4`);
  const choices: LevelChoices = { threshold: DEFAULT_THRESHOLD, pixelsPerCell: 1, ...given };
  const { width, height } = imageGridSize(image, choices, file);
  const ppc = choices.pixelsPerCell!;
  const threshold = choices.threshold!;
  const cx = choices.crop?.x ?? 0;
  const cy = choices.crop?.y ?? 0;
  const passable = new Uint8Array(width * height);
  const sums = new Float64Array(width);
  for (let y = 0; y < height; y++) {
    sums.fill(0);
    for (let py = 0; py < ppc; py++) {
      let p = ((cy + y * ppc + py) * image.width + cx) * 4;
      for (let x = 0; x < width; x++) {
        let s = 0;
        for (let px = 0; px < ppc; px++, p += 4) {
          // Rec. 601 luma, composited over white by alpha.
          const a = image.data[p + 3] / 255;
          const luma = 0.299 * image.data[p] + 0.587 * image.data[p + 1] + 0.114 * image.data[p + 2];
          s += luma * a + 255 * (1 - a);
        }
        sums[x] += s;
      }
    }
    const n = ppc * ppc;
    for (let x = 0; x < width; x++) passable[y * width + x] = sums[x] / n < threshold ? 0 : 1;
  }
  return {
    grid: new Grid(width, height, passable),
    things: { agents: [], spawners: [], exits: [], regions: [], events: [] },
    choices,
    tileWidth: ppc,
    tileHeight: ppc,
    warnings: [],
    guessReasons: [],
  };
}
