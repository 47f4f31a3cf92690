/**
 * Many small units drawn as pixels through drawUnits (drawUnitPixels.ts): from PIXEL_UNITS_MIN
 * units with small discs, each unit's colour at its position at the replay's fractional turn,
 * nothing where a stream's unit is off the map, and the canvas's arcs for fewer units.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawUnits, type UnitsScene } from '../../../renderer/src/canvas/drawUnits.ts';
import { PIXEL_UNITS_MIN } from '../../../renderer/src/canvas/drawUnitPixels.ts';
import type { ScenarioAgent } from '../../../core/scenario/schema.ts';
import { ABSENT } from '../../../core/mapf/plan.ts';

interface Put {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** What was drawn as an image: the pixels put on the scratch canvas and where drawImage placed them. */
const drawn: { image: Put | null; left: number; top: number } = { image: null, left: 0, top: 0 };

const saved = { ImageData: globalThis.ImageData, OffscreenCanvas: globalThis.OffscreenCanvas };
beforeAll(() => {
  (globalThis as Record<string, unknown>).ImageData = class {
    constructor(
      public data: Uint8ClampedArray,
      public width: number,
      public height: number,
    ) {}
  };
  (globalThis as Record<string, unknown>).OffscreenCanvas = class {
    constructor(
      public width: number,
      public height: number,
    ) {}
    getContext() {
      return {
        putImageData(image: Put) {
          // A copy: the raster's buffer is reused by the next frame.
          drawn.image = { width: image.width, height: image.height, data: image.data.slice() };
        },
      };
    }
  };
});
afterAll(() => Object.assign(globalThis, saved));

/** A 2D context at device pixel ratio 1 that records drawImage's placement and counts arcs. */
function layer() {
  const counts = { arc: 0, drawImage: 0 };
  const target: Record<string, unknown> = {
    canvas: { width: 500, height: 700 },
    getTransform: () => ({ a: 1, e: 0, f: 0 }),
    drawImage: (_c: unknown, _sx: number, _sy: number, _w: number, _h: number, left: number, top: number) => {
      counts.drawImage++;
      drawn.left = left;
      drawn.top = top;
    },
    arc: () => counts.arc++,
  };
  const context = new Proxy(target, {
    get: (t, key: string) => (key in t ? t[key] : () => undefined),
    set: (t, key: string, value) => {
      t[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
  return { context, counts };
}

/** RGBA drawn at page pixel (x, y), transparent outside the image. */
function pixel(x: number, y: number): number[] {
  const image = drawn.image!;
  const px = x - drawn.left;
  const py = y - drawn.top;
  if (px < 0 || py < 0 || px >= image.width || py >= image.height) return [0, 0, 0, 0];
  const at = (py * image.width + px) * 4;
  return [...image.data.subarray(at, at + 4)];
}

const WIDTH = 40;
const colourOf = (i: number) => `#${(i * 2654435761 % 0xffffff).toString(16).padStart(6, '0')}`;
const hex = ([r, g, b]: number[]) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

function scene(count: number, t: number): UnitsScene {
  // Unit i starts on cell (i % 40, 2 * (i / 40 | 0)) and steps one cell right; unit 7 is off the map at turn 0 (a stream's unit not yet arrived).
  const agents = Array.from({ length: count }, (_, i): ScenarioAgent => {
    const x = i % WIDTH;
    const y = 2 * Math.floor(i / WIDTH);
    return { id: `u${i}`, name: `u${i}`, colour: colourOf(i), start: [x, y], goal: [x + 1, y], priority: 0, size: 1, speed: 1 } as ScenarioAgent;
  });
  const paths = agents.map((a, i) => (i === 7 ? [ABSENT, a.goal[1] * 41 + a.goal[0]] : [a.start[1] * 41 + a.start[0], a.goal[1] * 41 + a.goal[0]]));
  return { agents, view: { cellSize: 10, offsetX: 5, offsetY: 5 }, width: 41, paths, t, radius: 2.5, selection: new Set(), showNumbers: false };
}

describe('units drawn as pixels', () => {
  it('puts each unit\'s colour where it is at the replay\'s turn, and nothing where a unit is off the map', () => {
    const { context, counts } = layer();
    const units = scene(PIXEL_UNITS_MIN + 200, 0.5);
    drawUnits(context, units);
    expect(counts.drawImage).toBe(1);
    expect(counts.arc).toBe(0);
    for (const i of [0, 1, 39, 40, 555, PIXEL_UNITS_MIN + 199]) {
      // Halfway from its start to the next cell: x + 0.5 + 0.5 cells.
      const x = 5 + (units.agents[i].start[0] + 1) * 10;
      const y = 5 + (units.agents[i].start[1] + 0.5) * 10;
      expect({ i, colour: hex(pixel(x, y)), alpha: pixel(x, y)[3] }).toEqual({ i, colour: colourOf(i), alpha: 255 });
      // A cell below is the empty row between the units' rows.
      expect(pixel(x, y + 10)[3]).toBe(0);
    }
    // Unit 7 is ABSENT at turn 0: not drawn.
    expect(pixel(5 + 8 * 10, 5 + 5)[3]).toBe(0);
  });

  it('marks a turning unit\'s facing with a pale nose inside its disc', () => {
    const { context } = layer();
    const units = scene(PIXEL_UNITS_MIN + 200, 0);
    // Every unit faces south (1) except unit 0, which faces east (0), held from turn 0.
    drawUnits(context, { ...units, headings: units.agents.map((_, i) => [i === 0 ? 0 : 1, i === 0 ? 0 : 1]) });
    const centre = (i: number): [number, number] => [5 + (units.agents[i].start[0] + 0.5) * 10, 5 + (units.agents[i].start[1] + 0.5) * 10];
    // The nose: 0.6 of the radius (2.5 px) from the centre, towards the facing.
    const [x0, y0] = centre(0);
    expect(pixel(Math.floor(x0 + 1.5), Math.floor(y0))).toEqual([255, 255, 255, 255]);
    expect(hex(pixel(Math.floor(x0), Math.floor(y0 + 1.5)))).toBe(colourOf(0));
    const [x1, y1] = centre(1);
    expect(pixel(Math.floor(x1), Math.floor(y1 + 1.5))).toEqual([255, 255, 255, 255]);
    expect(hex(pixel(Math.floor(x1 + 1.5), Math.floor(y1)))).toBe(colourOf(1));
  });

  it('leaves fewer units to the canvas\'s arcs', () => {
    const { context, counts } = layer();
    drawUnits(context, scene(PIXEL_UNITS_MIN - 1, 0.5));
    expect(counts.drawImage).toBe(0);
    expect(counts.arc).toBe(PIXEL_UNITS_MIN - 2);
  });
});
