/** Helpers for e2e tests that draw on the map: cell to page point, and layer pixels. */
import type { Page } from 'playwright-core';

export interface MapView {
  cellSize: number;
  offsetX: number;
  offsetY: number;
  left: number;
  top: number;
}

/** Where the map is drawn, once the view is fitted (the canvas measures its box in a ResizeObserver callback). */
export async function mapView(page: Page): Promise<MapView> {
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="map-view"]')?.getAttribute('data-cell-size')) > 0, undefined, { timeout: 10_000 });
  const view = page.getByTestId('map-view');
  const box = (await page.getByTestId('dynamic-layer').boundingBox())!;
  return {
    cellSize: Number(await view.getAttribute('data-cell-size')),
    offsetX: Number(await view.getAttribute('data-offset-x')),
    offsetY: Number(await view.getAttribute('data-offset-y')),
    left: box.x,
    top: box.y,
  };
}

/** The page point at (fx, fy) inside cell (x, y); (0.5, 0.5) is its centre. */
export function cellPoint(view: MapView, x: number, y: number, fx = 0.5, fy = 0.5): [number, number] {
  return [view.left + view.offsetX + (x + fx) * view.cellSize, view.top + view.offsetY + (y + fy) * view.cellSize];
}

/** RGBA of a layer ('static-layer' or 'dynamic-layer') at page points. */
export async function layerPixels(page: Page, layer: 'static-layer' | 'dynamic-layer', points: [number, number][]): Promise<[number, number, number, number][]> {
  return page.evaluate(
    ({ layer, points }) => {
      const canvas = document.querySelector(`[data-testid="${layer}"]`) as HTMLCanvasElement;
      const box = canvas.getBoundingClientRect();
      const ratio = canvas.width / box.width;
      const context = canvas.getContext('2d')!;
      return points.map(([x, y]) => {
        const d = context.getImageData(Math.round((x - box.left) * ratio), Math.round((y - box.top) * ratio), 1, 1).data;
        return [d[0], d[1], d[2], d[3]] as [number, number, number, number];
      });
    },
    { layer, points },
  );
}

/** Is this static-layer pixel a wall (dark) rather than floor (light)? */
export const isWall = ([r, g, b]: [number, number, number, number]) => r + g + b < 200;

/** Is this dynamic-layer pixel the heat map's orange-to-red? */
export const isHeat = ([r, g, b, a]: [number, number, number, number]) => a > 60 && r > 200 && b < 120 && g < 200;

/** The map's view once it stopped changing (a new map is fitted a frame or two after it opens; a wrapping bar moves it). */
export async function settledView(page: Page): Promise<MapView> {
  let last = await mapView(page);
  for (;;) {
    await page.waitForTimeout(150);
    const now = await mapView(page);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
}
