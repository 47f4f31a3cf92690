/**
 * The heat map as a picture for the designer's level: turns units spent on each cell while under
 * way (resting on a final goal left out, so the picture shows traffic and queues, not parking),
 * drawn at the level's own pixel size so Tiled lays it over the map as an image layer, in the
 * app's heat colours (pale orange to red, more opaque as it grows). Written as a PNG here, with
 * fflate's zlib, so core needs no canvas: the command line and the app make the same bytes.
 */
import { zlibSync } from 'fflate';

/** A path as `solve --json` gives it: [x, y] per turn, null while a stream's unit is off the map. */
export type CellPath = readonly (readonly [number, number] | null)[];

/** Unit-turns per cell, `width` x `height`, resting after a unit's last move left out. */
export function trafficHeat(width: number, height: number, paths: readonly CellPath[]): Uint32Array {
  const heat = new Uint32Array(width * height);
  for (const path of paths) {
    let lastMove = 0;
    for (let t = 1; t < path.length; t++) {
      const a = path[t - 1];
      const b = path[t];
      if (a === null || b === null || a[0] !== b[0] || a[1] !== b[1]) lastMove = t;
    }
    for (let t = 0; t <= lastMove && t < path.length; t++) {
      const cell = path[t];
      if (cell === null) continue;
      const [x, y] = cell;
      if (x >= 0 && y >= 0 && x < width && y < height) heat[y * width + x]++;
    }
  }
  return heat;
}

/** Largest side of the picture: Tiled draws an image layer unscaled, so this is the map's size in pixels. */
export const MAX_HEAT_SIDE = 16384;

/** The heat colour of a value (0…max) as RGBA bytes: the app's ramp. Zero is transparent. */
function heatRgba(value: number, max: number): [number, number, number, number] {
  if (value <= 0 || max <= 0) return [0, 0, 0, 0];
  const v = value / max;
  return [230 + Math.round(25 * v), Math.round(170 * (1 - v)), 40, Math.round(255 * (0.3 + 0.55 * v))];
}

/**
 * RGBA pixels of the heat over a map whose cells are `cellWidth` x `cellHeight` pixels (a tile
 * over the cells per tile: possibly a fraction), `pixelWidth` x `pixelHeight` in all.
 */
export function heatPixels(heat: Uint32Array, width: number, height: number, cellWidth: number, cellHeight: number, pixelWidth: number, pixelHeight: number): Uint8Array {
  if (pixelWidth > MAX_HEAT_SIDE || pixelHeight > MAX_HEAT_SIDE) throw new RangeError(`the heat map would be ${pixelWidth} x ${pixelHeight} pixels, more than ${MAX_HEAT_SIDE} a side`);
  let max = 0;
  for (let i = 0; i < heat.length; i++) if (heat[i] > max) max = heat[i];
  const out = new Uint8Array(pixelWidth * pixelHeight * 4);
  const columns = new Int32Array(pixelWidth);
  for (let px = 0; px < pixelWidth; px++) columns[px] = Math.min(width - 1, Math.floor(px / cellWidth));
  for (let py = 0; py < pixelHeight; py++) {
    const cy = Math.min(height - 1, Math.floor(py / cellHeight));
    for (let px = 0; px < pixelWidth; px++) out.set(heatRgba(heat[cy * width + columns[px]], max), (py * pixelWidth + px) * 4);
  }
  return out;
}

const CRC_TABLE = new Uint32Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  CRC_TABLE[n] = c >>> 0;
}

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A PNG (8-bit RGBA, no filtering) of `rgba` pixels (PNG specification, ISO/IEC 15948). */
export function encodePng(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = new Uint8Array((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  const parts = [new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', zlibSync(raw)), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
