import { describe, expect, it } from 'vitest';
import { labelPlate } from '../../../renderer/src/canvas/drawStreams.ts';
import { fitViewport } from '../../../renderer/src/canvas/viewport.ts';

describe('spawner and exit name plates', () => {
  // The bridge template at 1280x800: a 40x20 map fitted in a 920x470 canvas (22 px cells, 12 px margin at the sides).
  const [cw, ch] = [920, 470];
  const view = fitViewport(cw, ch, 40, 20);
  const font = 13;
  const inside = (p: ReturnType<typeof labelPlate>) => p.x >= 0 && p.top >= 0 && p.x + p.width <= cw && p.top + p.height <= ch;

  it('stay whole on the canvas at the map\'s right and top edges', () => {
    // An exit on the map's last column: its name, wider than the margin, slides left onto the canvas.
    const right = labelPlate(39, 9, 80, font, view, cw, ch);
    expect(inside(right), JSON.stringify(right)).toBe(true);
    expect(right.x + right.width).toBeGreaterThan(view.offsetX + 39 * view.cellSize);
    // On the map's top row: inside the area's top edge.
    const top = labelPlate(0, 0, 80, font, view, cw, ch);
    expect(inside(top)).toBe(true);
    expect(top.top).toBeGreaterThanOrEqual(view.offsetY);
  });

  it('sit above the area\'s top-left cell where there is room, the text on the plate', () => {
    const p = labelPlate(5, 4, 60, font, view, cw, ch);
    expect(p.x).toBe(view.offsetX + 5 * view.cellSize);
    expect(p.top + p.height).toBeLessThanOrEqual(view.offsetY + 4 * view.cellSize);
    expect(p.baseline).toBeGreaterThan(p.top);
    expect(p.baseline).toBeLessThanOrEqual(p.top + p.height);
  });

  it('stay on the canvas when the view is panned so the area is near the canvas\'s top', () => {
    const panned = { ...view, offsetY: -view.cellSize * 3 };
    expect(inside(labelPlate(10, 3, 60, font, panned, cw, ch))).toBe(true);
  });
});
