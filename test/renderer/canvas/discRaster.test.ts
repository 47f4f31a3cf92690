/**
 * Discs stamped as pixels (renderer/src/canvas/discRaster.ts): the units' colours where the discs
 * are, nothing elsewhere, anti-aliased edges whose coverage adds up to the disc's area, the last
 * unit drawn on top, and centres placed to a quarter pixel.
 */
import { describe, expect, it } from 'vitest';
import { DiscRaster, discMasks, pixelOfColour } from '../../../renderer/src/canvas/discRaster.ts';

const RED = pixelOfColour('#e6194b');
const GREEN = pixelOfColour('#3cb44b');
const alpha = (p: number) => p >>> 24;
const rgb = (p: number) => [p & 0xff, (p >>> 8) & 0xff, (p >>> 16) & 0xff];

function raster(width: number, height: number): DiscRaster {
  const r = new DiscRaster();
  r.reset(width, height);
  return r;
}

/** Coverage-weighted centre of the buffer's pixels, and the total coverage in pixels. */
function moments(r: DiscRaster): { x: number; y: number; area: number } {
  let sum = 0;
  let sx = 0;
  let sy = 0;
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const a = alpha(r.pixels[y * r.width + x]) / 255;
      sum += a;
      sx += a * (x + 0.5);
      sy += a * (y + 0.5);
    }
  }
  return { x: sx / sum, y: sy / sum, area: sum };
}

describe('pixel words', () => {
  it('are RGBA bytes read little-endian, opaque', () => {
    expect(pixelOfColour('#ff8000') >>> 0).toBe(0xff0080ff);
    expect(pixelOfColour('#0f0') >>> 0).toBe(0xff00ff00);
    const bytes = new Uint8ClampedArray(new Int32Array([pixelOfColour('#112233')]).buffer);
    expect([...bytes]).toEqual([0x11, 0x22, 0x33, 0xff]);
  });
});

describe('a disc stamped into the buffer', () => {
  it('is the unit\'s colour inside, transparent outside, and covers pi r^2 pixels', () => {
    const r = raster(20, 20);
    r.disc(discMasks(2.5), 10, 10, RED);
    expect(r.pixels[10 * 20 + 10]).toBe(RED);
    expect(r.pixels[9 * 20 + 9]).toBe(RED);
    // 4 px from the centre is past the rim.
    expect(r.pixels[10 * 20 + 14]).toBe(0);
    expect(r.pixels[0]).toBe(0);
    // An edge pixel: the colour, partly covered.
    const edge = r.pixels[10 * 20 + 12];
    expect(alpha(edge)).toBeGreaterThan(0);
    expect(alpha(edge)).toBeLessThan(255);
    expect(rgb(edge)).toEqual(rgb(RED));
    const { x, y, area } = moments(r);
    expect(area).toBeCloseTo(Math.PI * 2.5 * 2.5, 0);
    expect(x).toBeCloseTo(10, 1);
    expect(y).toBeCloseTo(10, 1);
  });

  it('moves by a quarter pixel when its centre does', () => {
    const a = raster(20, 20);
    a.disc(discMasks(2.5), 10, 10, RED);
    const b = raster(20, 20);
    b.disc(discMasks(2.5), 10.25, 10, RED);
    expect(moments(b).x - moments(a).x).toBeCloseTo(0.25, 1);
  });

  it('draws the later unit on top, its edge blended over the first opaquely', () => {
    const r = raster(20, 20);
    r.disc(discMasks(2.5), 9, 10, RED);
    r.disc(discMasks(2.5), 11, 10, GREEN);
    expect(r.pixels[10 * 20 + 11]).toBe(GREEN);
    expect(r.pixels[10 * 20 + 7]).toBe(RED);
    // Green's left rim over red: opaque, between the two colours.
    const rim = r.pixels[10 * 20 + 8];
    expect(alpha(rim)).toBe(255);
    const [red, green] = rgb(rim);
    expect(red).toBeGreaterThan(rgb(GREEN)[0]);
    expect(green).toBeGreaterThan(rgb(RED)[1]);
  });

  it('is clipped at the buffer\'s edges, writing nothing past them', () => {
    const r = new DiscRaster();
    r.reset(10, 10);
    r.pixels = new Int32Array(10 * 10 + 10);
    r.disc(discMasks(4), 0.5, 9.5, RED);
    r.disc(discMasks(4), -20, -20, RED);
    expect(r.pixels[9 * 10]).toBe(RED);
    expect([...r.pixels.subarray(100)]).toEqual(new Array(10).fill(0));
  });

  it('is cleared by reset', () => {
    const r = raster(8, 8);
    r.disc(discMasks(2), 4, 4, RED);
    r.reset(8, 8);
    expect(r.pixels.every((p) => p === 0)).toBe(true);
  });
});
