/**
 * The static layer of a map zoomed out past a pixel per cell (drawStaticPixels.ts): each pixel
 * the share of walls among its cells, floor and wall colours at the extremes, nothing outside the
 * map, the same picture from the per-block counts as from the cells, and an edit's region
 * recounted so the picture follows the map.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { drawStaticPixels } from '../../../renderer/src/canvas/drawStaticPixels.ts';

const FLOOR = '#f4f1ea';
const WALL = '#2b2d33';

beforeAll(() => {
  // Node has no ImageData: the shape the function fills and puts.
  (globalThis as { ImageData?: unknown }).ImageData ??= class {
    data: Uint8ClampedArray;
    constructor(
      public width: number,
      public height: number,
    ) {
      this.data = new Uint8ClampedArray(width * height * 4);
    }
  };
});

/** A context of `w` x `h` device pixels at ratio 1 whose putImageData writes into `pixels` (RGBA). */
function fakeContext(w: number, h: number) {
  const pixels = new Uint8ClampedArray(w * h * 4);
  const context = {
    canvas: { width: w, height: h },
    getTransform: () => ({ a: 1, e: 0, f: 0 }),
    save() {},
    restore() {},
    setTransform() {},
    clearRect: () => pixels.fill(0),
    strokeRect() {},
    putImageData(image: { width: number; height: number; data: Uint8ClampedArray }, left: number, top: number) {
      for (let y = 0; y < image.height; y++) pixels.set(image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4), ((top + y) * w + left) * 4);
    },
  } as unknown as CanvasRenderingContext2D;
  const at = (x: number, y: number) => [...pixels.subarray((y * w + x) * 4, (y * w + x) * 4 + 4)];
  return { context, at };
}

/** 400 x 400, walls in columns 100..199 of rows 0..399 and in the cell (300, 300). */
function walledGrid(): Grid {
  const grid = new Grid(400, 400);
  for (let y = 0; y < 400; y++) for (let x = 100; x < 200; x++) grid.passable[y * 400 + x] = 0;
  grid.setPassable(300 * 400 + 300, false);
  return grid;
}

describe('the static layer drawn as pixels', () => {
  it('is wall-coloured over walls, floor-coloured over floor, and empty outside the map (cells and blocks alike)', () => {
    for (const cellSize of [0.5, 0.2]) {
      const grid = walledGrid();
      const { context, at } = fakeContext(300, 300);
      drawStaticPixels(context, grid, { cellSize, offsetX: 10, offsetY: 10 }, FLOOR, WALL, null);
      const pixelOf = (x: number) => Math.floor(10 + x * cellSize);
      expect(at(pixelOf(150), pixelOf(50))).toEqual([0x2b, 0x2d, 0x33, 255]);
      expect(at(pixelOf(50), pixelOf(50))).toEqual([0xf4, 0xf1, 0xea, 255]);
      expect(at(pixelOf(250), pixelOf(50))).toEqual([0xf4, 0xf1, 0xea, 255]);
      expect(at(5, 5)[3]).toBe(0);
      expect(at(pixelOf(400) + 3, pixelOf(200))[3]).toBe(0);
      // The lone wall cell darkens its pixel by its share: 1 of 4 cells at 0.5, 1 of 25 at 0.2.
      const [r] = at(pixelOf(300.5), pixelOf(300.5));
      const share = (0xf4 - r) / (0xf4 - 0x2b);
      expect(share).toBeGreaterThan(0.02);
      expect(share).toBeLessThan(0.3);
    }
  });

  it('follows an edit drawn with its region: the counted blocks are recounted there', () => {
    const grid = walledGrid();
    const { context, at } = fakeContext(300, 300);
    const view = { cellSize: 0.2, offsetX: 10, offsetY: 10 };
    drawStaticPixels(context, grid, view, FLOOR, WALL, null);
    const pixel = Math.floor(10 + 350 * 0.2);
    expect(at(pixel, pixel)).toEqual([0xf4, 0xf1, 0xea, 255]);
    // Wall in 20 x 20 cells round (350, 350), as a brush stroke would, then redraw that region.
    for (let y = 340; y < 360; y++) for (let x = 340; x < 360; x++) grid.setPassable(y * 400 + x, false);
    drawStaticPixels(context, grid, view, FLOOR, WALL, { x0: 340, y0: 340, x1: 359, y1: 359 });
    expect(at(pixel, pixel)).toEqual([0x2b, 0x2d, 0x33, 255]);
    // A whole redraw (a pan) shows the same.
    drawStaticPixels(context, grid, view, FLOOR, WALL, null);
    expect(at(pixel, pixel)).toEqual([0x2b, 0x2d, 0x33, 255]);
  });
});
