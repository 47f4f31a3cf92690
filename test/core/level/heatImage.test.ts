import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { encodePng, heatPixels, trafficHeat } from '../../../core/level/heatImage.ts';

describe('the heat map picture', () => {
  it('counts turns under way per cell: waiting counts, resting on the final goal does not, off the map is nothing', () => {
    const heat = trafficHeat(3, 1, [
      [[0, 0], [0, 0], [1, 0], [2, 0], [2, 0], [2, 0]],
      [null, [2, 0], [1, 0], null],
    ]);
    // Unit 1: (0,0) twice (a wait), (1,0), (2,0) once (its arrival; the rest after it left out).
    // Unit 2: appears on (2,0), moves to (1,0), leaves.
    expect(Array.from(heat)).toEqual([2, 2, 2]);
  });

  it('draws each cell as its block of the level\'s pixels and writes a PNG that decodes to the same pixels', () => {
    const heat = Uint32Array.from([0, 1, 4, 2]);
    // 2 x 2 cells of 3 x 2 pixels.
    const rgba = heatPixels(heat, 2, 2, 3, 2, 6, 4);
    const at = (x: number, y: number) => Array.from(rgba.subarray((y * 6 + x) * 4, (y * 6 + x) * 4 + 4));
    expect(at(0, 0)).toEqual([0, 0, 0, 0]);
    expect(at(2, 1)).toEqual([0, 0, 0, 0]);
    expect(at(3, 0)[3]).toBeGreaterThan(0);
    // The busiest cell (4) is the reddest and most opaque.
    expect(at(0, 2)).toEqual([255, 0, 40, 217]);
    expect(at(5, 3)[1]).toBeGreaterThan(at(0, 2)[1]);
    const png = decode(encodePng(rgba, 6, 4));
    expect([png.width, png.height, png.channels, png.depth]).toEqual([6, 4, 4, 8]);
    expect(Array.from(png.data)).toEqual(Array.from(rgba));
  });

  it('refuses a picture larger than an image layer should be', () => {
    expect(() => heatPixels(new Uint32Array(1), 1, 1, 20000, 1, 20000, 1)).toThrow('the heat map would be 20000 x 1 pixels, more than 16384 a side');
  });
});
