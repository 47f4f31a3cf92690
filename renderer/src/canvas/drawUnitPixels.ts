/**
 * Many small units drawn as pixels: when thousands of units are a few pixels wide (a big team at
 * the fitted zoom), their discs are stamped into a pixel buffer (discRaster.ts), put on a scratch
 * canvas once and drawn onto the dynamic layer in one drawImage, above what lies under the units
 * (heat, regions, paths) and below what lies over them (rings, labels). A path of 10,000 arcs
 * cost 8-11 ms a frame on Berlin_1_256; stamping 10,000 discs into the buffer costs 2.7 ms of CPU.
 * Larger discs, and small teams, keep the canvas's own arcs.
 */
import { DiscRaster, discMasks, pixelOfColour } from './discRaster.ts';
import { headingAngleAt } from '../replay/headingAngle.ts';

/** Teams of at least this many units are drawn as pixels when their discs are small. */
export const PIXEL_UNITS_MIN = 1000;
/** Largest disc radius, in device pixels, drawn as pixels (beyond it the canvas's arcs look better and cost little more). */
export const PIXEL_MAX_RADIUS = 6;

const NOSE = -1; // 0xffffffff: opaque white

const raster = new DiscRaster();
let scratch: OffscreenCanvas | HTMLCanvasElement | null = null;
let points = new Float64Array(0);
let colourCache: { key: readonly unknown[]; words: Int32Array } | null = null;

/** Should these units be drawn as pixels? `radius` in CSS pixels, `ratio` device pixels per CSS pixel. */
export function drawsAsPixels(units: number, radius: number, ratio: number): boolean {
  return units >= PIXEL_UNITS_MIN && radius * ratio <= PIXEL_MAX_RADIUS;
}

export interface PixelUnits {
  count: number;
  /** Unit i's disc centre in CSS pixels at [2i], [2i + 1]; NaN when it is not drawn (off the map). */
  points: Float64Array;
  colour(i: number): string;
  /** Radius of unit i's disc in CSS pixels. */
  radius(i: number): number;
  /** A turning run's facings per unit per turn, and the replay's turn: a nose on each disc. */
  headings?: readonly ArrayLike<number>[];
  t: number;
  /** The colours array's identity: pixel words are parsed again only when it changes. */
  colourKey: readonly unknown[];
}

function colourWords(units: PixelUnits): Int32Array {
  if (colourCache && colourCache.key === units.colourKey && colourCache.words.length === units.count) return colourCache.words;
  const words = new Int32Array(units.count);
  const parsed = new Map<string, number>();
  for (let i = 0; i < units.count; i++) {
    const colour = units.colour(i);
    let word = parsed.get(colour);
    if (word === undefined) parsed.set(colour, (word = pixelOfColour(colour)));
    words[i] = word;
  }
  colourCache = { key: units.colourKey, words };
  return words;
}

/** Draws the units' discs (and noses) through a pixel buffer; the context's transform is its device pixel ratio. */
export function drawUnitPixels(context: CanvasRenderingContext2D, units: PixelUnits): void {
  const transform = context.getTransform();
  const ratio = transform.a;
  const canvasWidth = context.canvas.width;
  const canvasHeight = context.canvas.height;
  const n = units.count;
  if (points.length < 3 * n) points = new Float64Array(3 * n);
  const xy = units.points;
  // Device-pixel centres and radii first, and their bounds: the buffer covers only where units are.
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let reach = 0;
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(xy[2 * i])) {
      points[3 * i + 2] = 0;
      continue;
    }
    const x = xy[2 * i] * ratio + transform.e;
    const y = xy[2 * i + 1] * ratio + transform.f;
    const r = units.radius(i) * ratio;
    points[3 * i] = x;
    points[3 * i + 1] = y;
    points[3 * i + 2] = r;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (r > reach) reach = r;
  }
  if (minX > maxX) return;
  const pad = Math.ceil(reach) + 2;
  const left = Math.max(0, Math.floor(minX) - pad);
  const top = Math.max(0, Math.floor(minY) - pad);
  const right = Math.min(canvasWidth, Math.ceil(maxX) + pad);
  const bottom = Math.min(canvasHeight, Math.ceil(maxY) + pad);
  if (right <= left || bottom <= top) return;
  const width = right - left;
  const height = bottom - top;
  raster.reset(width, height);
  const words = colourWords(units);
  let masks = discMasks(points[2] || 1);
  for (let i = 0; i < n; i++) {
    const r = points[3 * i + 2];
    if (r === 0) continue;
    if (r !== masks.radius) masks = discMasks(r);
    raster.disc(masks, points[3 * i] - left, points[3 * i + 1] - top, words[i]);
  }
  const headings = units.headings;
  if (headings) {
    // Too small for the canvas's wedge: a pale nose towards the facing (two pixels on larger discs).
    for (let i = 0; i < n; i++) {
      const r = points[3 * i + 2];
      if (r === 0 || !headings[i]) continue;
      const angle = headingAngleAt(headings[i], units.t);
      const cx = points[3 * i] - left;
      const cy = points[3 * i + 1] - top;
      raster.dot(cx + Math.cos(angle) * r * 0.6, cy + Math.sin(angle) * r * 0.6, NOSE);
      if (r >= 4) raster.dot(cx + Math.cos(angle) * r * 0.3, cy + Math.sin(angle) * r * 0.3, NOSE);
    }
  }
  const canvas = scratchCanvas(width, height);
  const scratchContext = canvas.getContext('2d') as CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
  scratchContext.putImageData(new ImageData(new Uint8ClampedArray(raster.pixels.buffer, 0, width * height * 4), width, height), 0, 0);
  context.save();
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.globalAlpha = 1;
  context.drawImage(canvas, 0, 0, width, height, left, top, width, height);
  context.restore();
}

/** A canvas at least width x height (grown, never shrunk: resizing clears and reallocates it). */
function scratchCanvas(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (!scratch) scratch = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(width, height) : document.createElement('canvas');
  if (scratch.width < width || scratch.height < height) {
    scratch.width = Math.max(scratch.width, width);
    scratch.height = Math.max(scratch.height, height);
  }
  return scratch;
}
