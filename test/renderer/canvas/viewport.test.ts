import { describe, expect, it } from 'vitest';
import { cellAtPoint, centreOn, fitViewport, panBy, zoomAt, MAX_CELL_SIZE } from '../../../renderer/src/canvas/viewport.ts';

describe('viewport', () => {
  it('fits and centres the map', () => {
    const v = fitViewport(224, 124, 10, 5, 12);
    expect(v.cellSize).toBe(20);
    expect(v.offsetX).toBe(12);
    expect(v.offsetY).toBe(12);
  });

  it('fitting around a corner box (the heat legend) keeps the whole map out from under it', () => {
    // The 1280x800 window's map area with the 40x20 bridge, and the legend's box with its inset.
    const [w, h, corner] = [920, 470, { width: 250, height: 88 }];
    for (const [mw, mh] of [[40, 20], [20, 40], [100, 10], [10, 10]]) {
      const v = fitViewport(w, h, mw, mh, 12, corner);
      const right = v.offsetX + mw * v.cellSize;
      const bottom = v.offsetY + mh * v.cellSize;
      const under = right > w - corner.width && bottom > h - corner.height;
      expect(under, `${mw}x${mh}: map to (${right}, ${bottom})`).toBe(false);
      expect(v.offsetX).toBeGreaterThanOrEqual(0);
      expect(v.offsetY).toBeGreaterThanOrEqual(0);
    }
    // It gives up the cheaper strip: a wide map loses height, not width.
    expect(fitViewport(w, h, 100, 10, 12, corner).cellSize).toBe(fitViewport(w, h, 100, 10, 12).cellSize);
  });

  it('zooms about a point: the cell under it stays under it', () => {
    const v = { cellSize: 10, offsetX: 0, offsetY: 0 };
    const before = cellAtPoint(v, 55, 55);
    const z = zoomAt(v, 2, 55, 55);
    expect(z.cellSize).toBe(20);
    expect(cellAtPoint(z, 55, 55)).toEqual(before);
    expect(zoomAt(v, 1000, 0, 0).cellSize).toBe(MAX_CELL_SIZE);
  });

  it('maps points to cells, outside the map too, and pans', () => {
    const v = { cellSize: 10, offsetX: 5, offsetY: 5 };
    expect(cellAtPoint(v, 4, 5)).toEqual({ x: -1, y: 0 });
    expect(cellAtPoint(panBy(v, 10, 0), 16, 16)).toEqual({ x: 0, y: 1 });
  });

  it('centres a map point at the canvas centre, keeping the zoom', () => {
    const v = centreOn({ cellSize: 20, offsetX: 3, offsetY: 4 }, 400, 300, 2.5, 1.5);
    expect(v).toEqual({ cellSize: 20, offsetX: 150, offsetY: 120 });
    expect(cellAtPoint(v, 200, 150)).toEqual({ x: 2, y: 1 });
  });
});

describe('fitting the largest maps', () => {
  it('fits a 5000 x 5000 map, and an 8192-cell side, inside the canvas', () => {
    const huge = fitViewport(900, 700, 5000, 5000);
    expect(huge.cellSize * 5000).toBeLessThanOrEqual(700 - 24);
    expect(huge.offsetY).toBeGreaterThanOrEqual(12);
    expect(fitViewport(900, 700, 8192, 4096).cellSize * 8192).toBeLessThanOrEqual(900 - 24);
  });
});
