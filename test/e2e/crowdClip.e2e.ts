/**
 * A crowd row's clip as the app shows it: on the one-lane bridge, A* + ORCA's row is opened in
 * Compare, the replay stepped to a turn, and a GIF recorded from that turn. The GIF's first
 * frame (decoded by omggif) and the map view's dynamic layer at the same turn are both searched
 * for each unit's disc (the largest patch of its colour); the centres, in cells, must agree
 * within a tenth of a cell. The discs stand off their cells' centres at that turn (checked), so
 * a clip that snapped units to cells fails.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { GifReader } from 'omggif';
import { encode } from 'fast-png';
import { SCREENSHOT_DIR, screenshot } from './browser.ts';
import { useApp } from './support/app.ts';
import { compareSolvers, measuredBridge } from './support/compareSteps.ts';
import { mapView } from './mapCanvas.ts';
import { defaultAgentColor } from '../../core/mapf/agentColors.ts';

const app = useApp({ acceptDialogs: true });

/** The turn compared: the units are on their way, many of them between cells. */
const TURN = 9;
/** 640 px along the 40-cell side: 16 px a cell. */
const SIDE = 640;
const MAP_WIDTH = 40;
const UNITS = 20;

type Rgb = [number, number, number];

interface Picture {
  width: number;
  height: number;
  /** RGBA bytes. */
  data: Uint8Array | Uint8ClampedArray;
}

function hex(colour: string): Rgb {
  const value = Number.parseInt(colour.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Each pixel's unit colour (index into `colours`; -1: none): the nearest, when every channel is within `tolerance`. */
function colourOf(picture: Picture, colours: readonly Rgb[], tolerance: number): Int16Array {
  const { width, height, data } = picture;
  const out = new Int16Array(width * height).fill(-1);
  for (let p = 0; p < width * height; p++) {
    const o = 4 * p;
    if (data[o + 3] < 200) continue;
    let best = Infinity;
    for (let i = 0; i < colours.length; i++) {
      const d = Math.max(Math.abs(data[o] - colours[i][0]), Math.abs(data[o + 1] - colours[i][1]), Math.abs(data[o + 2] - colours[i][2]));
      if (d <= tolerance && d < best) {
        best = d;
        out[p] = i;
      }
    }
  }
  return out;
}

interface Disc {
  unit: number;
  /** Centre in pixels. */
  x: number;
  y: number;
}

/**
 * The discs of a picture: compact 4-connected patches of one unit's colour of at least `least`
 * pixels (a disc fills about pi/4 of its box; its goal's outline, a hollow square, far less).
 */
function discs(picture: Picture, colours: readonly Rgb[], tolerance: number, least: number): Disc[] {
  const { width, height } = picture;
  const label = colourOf(picture, colours, tolerance);
  const seen = new Uint8Array(width * height);
  const found: Disc[] = [];
  const stack: number[] = [];
  for (let start = 0; start < label.length; start++) {
    if (label[start] < 0 || seen[start]) continue;
    const unit = label[start];
    seen[start] = 1;
    stack.push(start);
    let size = 0;
    let sx = 0;
    let sy = 0;
    let x0 = width;
    let x1 = 0;
    let y0 = height;
    let y1 = 0;
    while (stack.length > 0) {
      const p = stack.pop()!;
      const x = p % width;
      const y = (p - x) / width;
      size++;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
      sx += x + 0.5;
      sy += y + 0.5;
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q >= 0 && q < label.length && !seen[q] && label[q] === unit) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    if (size >= least && size / ((x1 - x0 + 1) * (y1 - y0 + 1)) > 0.65) found.push({ unit, x: sx / size, y: sy / size });
  }
  return found;
}

describe('browser edition: a crowd row\'s clip draws its discs where the replay does', () => {
  it('records A* + ORCA on the bridge and finds every disc of the clip\'s frame where the canvas has it at the same turn', async () => {
    const page = app.page;
    await measuredBridge(page);
    await compareSolvers(page, ['orca'], 120_000);
    await page.getByTestId('compare-row').nth(0).locator('td').first().click();
    await expect.poll(() => page.getByTestId('compare-shown').textContent()).toMatch(/^Replaying /);
    // Trails, numbers off and paths only for the selected units (none is): a unit's colour is
    // then its disc and its goal's outline.
    await page.getByTestId('map-view').hover();
    await page.keyboard.press('t');
    await page.getByTestId('paths-selected-toggle').check();
    await page.getByTestId('labels-toggle').uncheck();
    await page.getByTestId('map-view').hover();
    for (let i = 0; i < TURN; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('turn').textContent()).toMatch(new RegExp(`^t = ${TURN} /`));
    await page.waitForTimeout(200);
    await screenshot(page, 'crowd-clip-canvas');

    const view = await mapView(page);
    const canvas = await page.evaluate(() => {
      const layer = document.querySelector('[data-testid="dynamic-layer"]') as HTMLCanvasElement;
      const data = layer.getContext('2d')!.getImageData(0, 0, layer.width, layer.height).data;
      let text = '';
      for (let i = 0; i < data.length; i += 8192) text += String.fromCharCode(...data.subarray(i, i + 8192));
      return { width: layer.width, height: layer.height, ratio: layer.width / layer.getBoundingClientRect().width, data: btoa(text) };
    });
    const shown: Picture = { width: canvas.width, height: canvas.height, data: Uint8Array.from(atob(canvas.data), (c) => c.charCodeAt(0)) };

    // The clip: from the turn shown, one frame a turn, so its first frame is that turn.
    await page.keyboard.press('Control+Shift+E');
    await page.getByTestId('video-dialog').waitFor();
    const gifOption = await page.locator('[data-testid="video-format"] option[data-format="gif"]').getAttribute('value');
    await page.getByTestId('video-format').selectOption(gifOption!);
    await page.getByTestId('video-size').selectOption(String(SIDE));
    await page.getByTestId('video-from').fill(String(TURN));
    await page.getByTestId('video-to').fill(String(TURN + 2));
    await page.getByTestId('video-tps').fill('2');
    await page.getByTestId('video-fpt').fill('1');
    const download = page.waitForEvent('download');
    await page.getByTestId('video-record').click();
    const bytes = readFileSync((await (await download).path())!);
    const gif = new GifReader(bytes);
    const frame: Picture = { width: gif.width, height: gif.height, data: new Uint8Array(gif.width * gif.height * 4) };
    gif.decodeAndBlitFrameRGBA(0, frame.data as Uint8Array);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(`${SCREENSHOT_DIR}crowd-clip-frame.png`, encode({ width: frame.width, height: frame.height, data: frame.data as Uint8Array, channels: 4 }));

    const clipCell = SIDE / MAP_WIDTH;
    const canvasCell = view.cellSize * canvas.ratio;
    const colours = Array.from({ length: UNITS }, (_, i) => hex(defaultAgentColor(i)));
    // A disc is at least a third of the area a disc of 0.3 cells' radius covers.
    const inCanvas = discs(shown, colours, 24, (Math.PI * (0.3 * canvasCell) ** 2) / 3)
      .map((d) => ({ unit: d.unit, x: (d.x - view.offsetX * canvas.ratio) / canvasCell, y: (d.y - view.offsetY * canvas.ratio) / canvasCell }));
    const inClip = discs(frame, colours, 24, (Math.PI * (0.3 * clipCell) ** 2) / 3).map((d) => ({ unit: d.unit, x: d.x / clipCell, y: d.y / clipCell }));
    const at = (d: { x: number; y: number }) => `(${d.x.toFixed(2)}, ${d.y.toFixed(2)})`;
    const misses: string[] = [];
    let offCentre = 0;
    for (const d of inCanvas) {
      const partner = inClip.filter((c) => c.unit === d.unit).sort((a, b) => Math.hypot(a.x - d.x, a.y - d.y) - Math.hypot(b.x - d.x, b.y - d.y))[0];
      if (!partner || Math.hypot(partner.x - d.x, partner.y - d.y) > 0.1) misses.push(`unit ${d.unit + 1}: ${at(d)} on the canvas, ${partner ? at(partner) : 'nowhere'} in the clip`);
      // Off its cell's centre by more than a fifth of a cell: a snapped drawing would move it.
      if (Math.max(Math.abs(d.x - Math.floor(d.x) - 0.5), Math.abs(d.y - Math.floor(d.y) - 0.5)) > 0.2) offCentre++;
    }
    const compared = inCanvas.length;
    expect(inClip.length, `discs in the clip: ${inClip.map((d) => `${d.unit + 1} ${at(d)}`).join(', ')}`).toBe(inCanvas.length);
    expect(misses).toEqual([]);
    expect(compared).toBeGreaterThanOrEqual(UNITS / 2);
    expect(offCentre).toBeGreaterThanOrEqual(2);
    expect(app.consoleErrors).toEqual([]);
  });
});
