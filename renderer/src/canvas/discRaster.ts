/**
 * Discs stamped into a pixel buffer: thousands of units a few pixels wide, drawn with a handful
 * of integer writes each instead of a canvas path (an arc per unit cost 8-11 ms a frame for
 * 10,000 units on Berlin_1_256 at the fitted zoom, most of it the rasteriser's). Pure: an
 * array of RGBA pixels, no DOM, so it is tested without a canvas.
 * More on this in README.md, "discRaster.ts".
 */

/** Sub-pixel positions of a disc's centre per axis. */
const SUB = 4;
/** Samples per pixel per axis for the coverage. */
const SAMPLES = 4;

/**
 * Coverage masks of one radius, as lists of the pixels each covers (the zeros of a square mask
 * were most of the work): for sub-pixel position p = fy * SUB + fx, entries
 * `first[p]..first[p + 1]` are pixel (dx[j], dy[j]) from the pixel holding the centre, covered
 * `cover[j]` of 255.
 */
export interface DiscMasks {
  radius: number;
  /** No entry is further than this from the centre's pixel on either axis. */
  reach: number;
  first: Int32Array;
  /** Entries first[p]..rim[p] cover their pixel wholly; rim[p]..first[p + 1] partly (the anti-aliased edge). */
  rim: Int32Array;
  dx: Int8Array;
  dy: Int8Array;
  cover: Uint8Array;
  /** dy * stride + dx per entry for the buffer width `stride`, computed when first stamped into it. */
  offsets: Int32Array;
  stride: number;
}

const masksByRadius = new Map<number, DiscMasks>();

/** The coverage masks of a disc of `radius` device pixels (kept per radius, rounded to 1/8 px). */
export function discMasks(radius: number): DiscMasks {
  const key = Math.round(radius * 8) / 8;
  let found = masksByRadius.get(key);
  if (found) return found;
  // A centre up to 3/4 px right of (below) its pixel's edge reaches ceil(r) pixels either way.
  const reach = Math.ceil(key);
  const dx: number[] = [];
  const dy: number[] = [];
  const cover: number[] = [];
  const first = new Int32Array(SUB * SUB + 1);
  const rim = new Int32Array(SUB * SUB);
  for (let fy = 0; fy < SUB; fy++) {
    for (let fx = 0; fx < SUB; fx++) {
      first[fy * SUB + fx] = cover.length;
      // The centre fx / SUB of a pixel right of the left edge of pixel 0 (likewise down).
      const cx = fx / SUB;
      const cy = fy / SUB;
      const rimEntries: [number, number, number][] = [];
      for (let py = -reach; py <= reach; py++) {
        for (let px = -reach; px <= reach; px++) {
          let inside = 0;
          for (let sy = 0; sy < SAMPLES; sy++) {
            for (let sx = 0; sx < SAMPLES; sx++) {
              const ex = px + (sx + 0.5) / SAMPLES - cx;
              const ey = py + (sy + 0.5) / SAMPLES - cy;
              if (ex * ex + ey * ey <= key * key) inside++;
            }
          }
          const c = Math.round((inside * 255) / (SAMPLES * SAMPLES));
          if (c === 0) continue;
          if (c < 255) {
            rimEntries.push([px, py, c]);
            continue;
          }
          dx.push(px);
          dy.push(py);
          cover.push(c);
        }
      }
      // Whole pixels first, written without a look at what is under them; then the rim.
      rim[fy * SUB + fx] = cover.length;
      for (const [px, py, c] of rimEntries) {
        dx.push(px);
        dy.push(py);
        cover.push(c);
      }
    }
  }
  first[SUB * SUB] = cover.length;
  found = { radius: key, reach, first, rim, dx: Int8Array.from(dx), dy: Int8Array.from(dy), cover: Uint8Array.from(cover), offsets: new Int32Array(cover.length), stride: -1 };
  masksByRadius.set(key, found);
  return found;
}

/** '#rrggbb' (or '#rgb') as an opaque pixel word 0xFFBBGGRR (signed); anything else is mid grey. */
export function pixelOfColour(colour: string): number {
  let r = 0x88;
  let g = 0x88;
  let b = 0x88;
  if (/^#[0-9a-fA-F]{6}$/.test(colour)) {
    r = parseInt(colour.slice(1, 3), 16);
    g = parseInt(colour.slice(3, 5), 16);
    b = parseInt(colour.slice(5, 7), 16);
  } else if (/^#[0-9a-fA-F]{3}$/.test(colour)) {
    r = parseInt(colour[1] + colour[1], 16);
    g = parseInt(colour[2] + colour[2], 16);
    b = parseInt(colour[3] + colour[3], 16);
  }
  return (0xff << 24) | (b << 16) | (g << 8) | r;
}

/** A region of device pixels the units are drawn into, reused between frames. */
export class DiscRaster {
  width = 0;
  height = 0;
  pixels = new Int32Array(0);

  /** Sizes the buffer (reallocating only when it grows) and clears it to transparent. */
  reset(width: number, height: number): void {
    this.width = width;
    this.height = height;
    const needed = width * height;
    if (this.pixels.length < needed) this.pixels = new Int32Array(needed);
    else this.pixels.fill(0, 0, needed);
  }

  /** Stamps an opaque disc of `colour` (a pixel word) centred at (x, y) in the buffer's pixels, over what is there. */
  disc(masks: DiscMasks, x: number, y: number, colour: number): void {
    // The centre to the nearest quarter pixel: whole quarters ix * SUB + fx.
    const qx = Math.round(x * SUB);
    const qy = Math.round(y * SUB);
    const ix = qx >> 2;
    const iy = qy >> 2;
    const p = ((qy & 3) << 2) | (qx & 3);
    const from = masks.first[p];
    const to = masks.first[p + 1];
    const cover = masks.cover;
    const pixels = this.pixels;
    const width = this.width;
    const reach = masks.reach;
    if (ix >= reach && iy >= reach && ix + reach < width && iy + reach < this.height) {
      // Wholly inside: offsets for this buffer's width, no clipping.
      if (masks.stride !== width) {
        for (let j = 0; j < masks.offsets.length; j++) masks.offsets[j] = masks.dy[j] * width + masks.dx[j];
        masks.stride = width;
      }
      const offsets = masks.offsets;
      const base = iy * width + ix;
      const rimFrom = masks.rim[p];
      for (let j = from; j < rimFrom; j++) pixels[base + offsets[j]] = colour;
      for (let j = rimFrom; j < to; j++) {
        const c = cover[j];
        const at = base + offsets[j];
        const under = pixels[at];
        const underA = under >>> 24;
        if (underA === 255) {
          // A rim over a neighbour's opaque disc, the common case in a crowd: red and blue mixed
          // in one product, green in another (divided by 256 for 255: at most a level darker).
          const rest = 255 - c;
          const rb = (((colour & 0xff00ff) * c + (under & 0xff00ff) * rest) >>> 8) & 0xff00ff;
          const g = (((colour & 0xff00) * c + (under & 0xff00) * rest) >>> 8) & 0xff00;
          pixels[at] = 0xff000000 | rb | g;
        } else pixels[at] = underA === 0 ? (c << 24) | (colour & 0xffffff) : overTranslucent(colour, c, under, underA);
      }
      return;
    }
    for (let j = from; j < to; j++) {
      const px = ix + masks.dx[j];
      const py = iy + masks.dy[j];
      if (px < 0 || py < 0 || px >= width || py >= this.height) continue;
      const at = py * width + px;
      const c = cover[j];
      pixels[at] = c === 255 ? colour : over(colour, c, pixels[at]);
    }
  }

  /** One pixel of `colour` at (x, y) (a heading's nose on a disc too small for a wedge). */
  dot(x: number, y: number, colour: number): void {
    const ix = Math.floor(x);
    const iy = Math.floor(y);
    if (ix < 0 || iy < 0 || ix >= this.width || iy >= this.height) return;
    this.pixels[iy * this.width + ix] = colour;
  }
}

/**
 * `colour` (opaque) at coverage `cover` (1..254) over the non-premultiplied pixel `under`:
 * Porter-Duff source-over, the canvas's own compositing for an anti-aliased edge. The two common
 * cases (nothing under, a neighbour's opaque disc under) are inline; a rim over a rim is apart.
 */
function over(colour: number, cover: number, under: number): number {
  const underA = under >>> 24;
  if (underA === 0) return (cover << 24) | (colour & 0xffffff);
  if (underA !== 255) return overTranslucent(colour, cover, under, underA);
  // Red and blue mixed in one product, green in another (divided by 256 for 255: at most one
  // level darker, unseen on a rim).
  const rest = 255 - cover;
  const rb = (((colour & 0xff00ff) * cover + (under & 0xff00ff) * rest) >>> 8) & 0xff00ff;
  const g = (((colour & 0xff00) * cover + (under & 0xff00) * rest) >>> 8) & 0xff00;
  return 0xff000000 | rb | g;
}

function overTranslucent(colour: number, cover: number, under: number, underA: number): number {
  // A faint rim over another on nothing (the outskirts of two discs): source-over's alpha, and
  // the colour of whichever covers more (mixing them needs a division per channel, which made
  // these few pixels a third of the time).
  const a = cover + underA - (((cover * underA + 127) / 255) | 0);
  return (a << 24) | ((cover >= underA ? colour : under) & 0xffffff);
}
