// The heat map and flow arrows draw only the cells in view, and zoomed out past a pixel per cell
// the heat is drawn as pixels: each pixel the hottest cell whose centre falls in it. Checked
// against the plain definitions, cell by cell, on random views (some of the map off the canvas).
import { describe, expect, it } from 'vitest';
import { heatImage, visibleCells } from '../../../renderer/src/canvas/drawHeatFlow.ts';
import { Random } from '../../../core/util/random.ts';

/** Uniform numbers in [0, 1) from core's seeded generator, so a failing case can be run again. */
function random(seed: number): () => number {
  const generator = new Random(seed);
  return () => generator.next();
}

describe('heat and flow over the cells in view', () => {
  it('finds the cells a canvas shows any part of', () => {
    const next = random(3);
    for (let k = 0; k < 200; k++) {
      const view = { cellSize: 0.05 + next() * 30, offsetX: (next() - 0.5) * 800, offsetY: (next() - 0.5) * 800 };
      const [gw, gh, cw, ch] = [1 + Math.floor(next() * 60), 1 + Math.floor(next() * 60), 50 + Math.floor(next() * 400), 50 + Math.floor(next() * 400)];
      const shown = (x: number, extent: number, offset: number) => offset + (x + 1) * view.cellSize > 0 && offset + x * view.cellSize < extent;
      const xs = Array.from({ length: gw }, (_, x) => x).filter((x) => shown(x, cw, view.offsetX));
      const ys = Array.from({ length: gh }, (_, y) => y).filter((y) => shown(y, ch, view.offsetY));
      const range = visibleCells(view, gw, gh, cw, ch);
      expect({ k, x: [range.x0, range.x1], y: [range.y0, range.y1] }).toEqual({
        k,
        x: xs.length > 0 ? [xs[0], xs[xs.length - 1] + 1] : [range.x0, range.x0],
        y: ys.length > 0 ? [ys[0], ys[ys.length - 1] + 1] : [range.y0, range.y0],
      });
    }
  });

  it('draws each pixel as the hottest cell whose centre falls in it, zoomed out', () => {
    const next = random(5);
    for (let k = 0; k < 30; k++) {
      const [gw, gh] = [20 + Math.floor(next() * 200), 20 + Math.floor(next() * 200)];
      const heat = new Uint32Array(gw * gh);
      for (let c = 0; c < heat.length; c++) if (next() < 0.1) heat[c] = 1 + Math.floor(next() * 50);
      const max = Math.max(...heat);
      const cell = 0.1 + next() * 0.85;
      const [mapLeft, mapTop, canvasWidth, canvasHeight] = [(next() - 0.3) * 60, (next() - 0.3) * 60, 40 + Math.floor(next() * 80), 40 + Math.floor(next() * 80)];
      const image = heatImage(heat, max, gw, gh, cell, mapLeft, mapTop, canvasWidth, canvasHeight);
      // The plain definition: every cell, its centre's pixel, the hottest per pixel.
      const hottest = new Map<string, number>();
      for (let y = 0; y < gh; y++) {
        for (let x = 0; x < gw; x++) {
          const px = Math.floor(mapLeft + (x + 0.5) * cell);
          const py = Math.floor(mapTop + (y + 0.5) * cell);
          if (heat[y * gw + x] === 0 || px < 0 || py < 0 || px >= canvasWidth || py >= canvasHeight) continue;
          hottest.set(`${px},${py}`, Math.max(hottest.get(`${px},${py}`) ?? 0, heat[y * gw + x]));
        }
      }
      const drawn = new Map<string, number>();
      if (image) {
        image.pixels.forEach((p, i) => {
          if (p !== 0) drawn.set(`${image.left + (i % image.width)},${image.top + Math.floor(i / image.width)}`, p);
        });
      }
      expect(drawn.size).toBe(hottest.size);
      for (const [at, h] of hottest) {
        const v = h / max;
        // heatColour's rgba, as packed bytes: r, g, b = 40, alpha.
        const pixel = drawn.get(at)!;
        expect([pixel & 0xff, (pixel >>> 8) & 0xff, (pixel >>> 16) & 0xff, pixel >>> 24]).toEqual([230 + Math.round(25 * v), Math.round(170 * (1 - v)), 40, Math.round(255 * (0.3 + 0.55 * v))]);
      }
    }
  });
});
