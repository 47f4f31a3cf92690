/** A replay clip's frames: count from the turn range and frames per turn, timestamps, GIF delays that keep the running time, sizes and refusals. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { clipFrames, clipProblem, clipSize, frameCount, gifDelays, GIF_MAX_FPS, MAX_FRAMES } from '../../../renderer/src/video/clipSchedule.ts';

describe('clip frames', () => {
  it('has one frame per 1/framesPerTurn of a turn, plus the last turn', () => {
    expect(frameCount({ from: 0, to: 10, turnsPerSecond: 4, framesPerTurn: 1 })).toBe(11);
    expect(frameCount({ from: 3, to: 5, turnsPerSecond: 4, framesPerTurn: 4 })).toBe(9);
    const frames = clipFrames({ from: 3, to: 5, turnsPerSecond: 4, framesPerTurn: 4 });
    expect(frames.map((f) => f.turn)).toEqual([3, 3.25, 3.5, 3.75, 4, 4.25, 4.5, 4.75, 5]);
  });

  it('times frames at index / (turns per second × frames per turn), each lasting one frame', () => {
    const frames = clipFrames({ from: 0, to: 2, turnsPerSecond: 2, framesPerTurn: 5 });
    expect(frames).toHaveLength(11);
    frames.forEach((f, i) => {
      expect(f.timestamp).toBeCloseTo(i / 10, 12);
      expect(f.duration).toBeCloseTo(0.1, 12);
    });
    // The clip lasts frames / fps seconds; turn k is on screen at (k - from) / turnsPerSecond.
    expect(frames[10].timestamp + frames[10].duration).toBeCloseTo(1.1, 12);
    expect(frames.find((f) => f.turn === 1)!.timestamp).toBeCloseTo(0.5, 12);
  });

  it('for any range and rate, frames run from the first turn to the last, evenly and in order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 300 }), fc.integer({ min: 1, max: 12 }), fc.double({ min: 0.25, max: 32, noNaN: true }), (from, length, fpt, tps) => {
        const timing = { from, to: from + length, turnsPerSecond: tps, framesPerTurn: fpt };
        const frames = clipFrames(timing);
        expect(frames).toHaveLength(length * fpt + 1);
        expect(frames[0].turn).toBe(from);
        expect(frames.at(-1)!.turn).toBe(from + length);
        let worst = 0;
        for (let i = 1; i < frames.length; i++) {
          worst = Math.max(worst, Math.abs(frames[i].turn - frames[i - 1].turn - 1 / fpt), Math.abs(frames[i].timestamp - frames[i - 1].timestamp - 1 / (tps * fpt)));
        }
        expect(worst).toBeLessThan(1e-9);
      }),
      { numRuns: 200 },
    );
  });
});

describe('GIF delays', () => {
  it('are whole hundredths whose sum keeps the clip its length (15 fps: 7, 7, 6 …)', () => {
    const timing = { from: 0, to: 10, turnsPerSecond: 5, framesPerTurn: 3 };
    const delays = gifDelays(timing);
    expect(delays).toHaveLength(31);
    expect(delays.slice(0, 3)).toEqual([7, 6, 7]);
    expect(delays.reduce((a, b) => a + b, 0)).toBe(Math.round((31 * 100) / 15));
    expect(new Set(delays)).toEqual(new Set([6, 7]));
  });

  it('never drops below 2 hundredths within the GIF frame rate limit', () => {
    const delays = gifDelays({ from: 0, to: 20, turnsPerSecond: 10, framesPerTurn: GIF_MAX_FPS / 10 });
    expect(Math.min(...delays)).toBe(2);
  });
});

describe('clip size', () => {
  it('keeps the map shape with even sides along the longer one', () => {
    expect(clipSize(32, 32, 640)).toEqual({ width: 640, height: 640 });
    expect(clipSize(40, 11, 640)).toEqual({ width: 640, height: 176 });
    expect(clipSize(11, 40, 641)).toEqual({ width: 176, height: 642 });
    expect(clipSize(33, 20, 480)).toEqual({ width: 480, height: 290 });
  });
});

describe('clip problems', () => {
  const ok = { from: 0, to: 20, turnsPerSecond: 4, framesPerTurn: 4 };
  it('accepts a clip within the plan', () => {
    expect(clipProblem(ok, 20, 'gif', 640)).toBeNull();
  });
  it('names what is wrong', () => {
    expect(clipProblem({ ...ok, to: 21 }, 20, 'video', 640)).toMatch(/between 0 and 20/);
    expect(clipProblem({ ...ok, from: 20 }, 20, 'video', 640)).toMatch(/must come after/);
    expect(clipProblem({ ...ok, framesPerTurn: 0 }, 20, 'video', 640)).toMatch(/Frames per turn/);
    expect(clipProblem({ ...ok, turnsPerSecond: 0 }, 20, 'video', 640)).toMatch(/Turns per second/);
    expect(clipProblem({ ...ok, turnsPerSecond: 16, framesPerTurn: 4 }, 20, 'gif', 640)).toMatch(/GIF shows at most 50/);
    expect(clipProblem({ ...ok, turnsPerSecond: 16, framesPerTurn: 4 }, 20, 'video', 640)).toMatch(/At most 60/);
    expect(clipProblem({ ...ok, turnsPerSecond: 16, framesPerTurn: 3 }, 20, 'video', 640)).toBeNull();
    expect(clipProblem({ ...ok, to: 2000, framesPerTurn: 3 }, 2000, 'video', 640)).toMatch(new RegExp(`more than ${MAX_FRAMES}`));
    expect(clipProblem(ok, 20, 'gif', 8)).toMatch(/size/);
  });
});
