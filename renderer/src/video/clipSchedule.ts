/**
 * A replay clip's frames as pure arithmetic (tested without a DOM): which turn each frame shows,
 * when it starts and how long it lasts, the GIF delays that add up to the same running time, and
 * the picture size that keeps the map's shape.
 */

/** The clip the user asked for: turns `from` to `to` (inclusive), played at `turnsPerSecond`, `framesPerTurn` pictures a turn. */
export interface ClipTiming {
  from: number;
  to: number;
  turnsPerSecond: number;
  framesPerTurn: number;
}

export interface ClipFrame {
  /** The replay turn drawn (fractional between turns: units are drawn part way along their step). */
  turn: number;
  /** Start time in seconds. */
  timestamp: number;
  /** Shown for this many seconds. */
  duration: number;
}

/**
 * GIF delays are whole hundredths of a second and browsers show a delay under 2 as 10 (the old
 * Netscape rule), so a GIF runs at 50 frames per second at most.
 */
export const GIF_MAX_FPS = 50;
/** Above this the encoders are asked for more than a review clip needs (and a GIF grows huge). */
export const VIDEO_MAX_FPS = 60;
/** Most frames one clip may have: at 640 px a GIF of this many frames is tens of megabytes. */
export const MAX_FRAMES = 5000;
export const MIN_SIDE = 16;
export const MAX_SIDE = 3840;

export function framesPerSecond(timing: ClipTiming): number {
  return timing.turnsPerSecond * timing.framesPerTurn;
}

/** Frames a clip has: one per 1/framesPerTurn of a turn from `from`, plus the last turn itself. */
export function frameCount(timing: ClipTiming): number {
  return Math.max(0, Math.round((timing.to - timing.from) * timing.framesPerTurn)) + 1;
}

/** Every frame of the clip in order. Timestamps are index / fps, so rounding never accumulates. */
export function clipFrames(timing: ClipTiming): ClipFrame[] {
  const count = frameCount(timing);
  const fps = framesPerSecond(timing);
  const frames: ClipFrame[] = [];
  for (let i = 0; i < count; i++) {
    frames.push({ turn: Math.min(timing.to, timing.from + i / timing.framesPerTurn), timestamp: i / fps, duration: 1 / fps });
  }
  return frames;
}

/**
 * The GIF delay of each frame in hundredths of a second. Each is the difference of the rounded
 * ideal start times, so delays of 6.67 become 7, 7, 6 ... and the clip's length stays right.
 */
export function gifDelays(timing: ClipTiming): number[] {
  const count = frameCount(timing);
  const fps = framesPerSecond(timing);
  const delays: number[] = [];
  for (let i = 0; i < count; i++) delays.push(Math.round(((i + 1) * 100) / fps) - Math.round((i * 100) / fps));
  return delays;
}

/**
 * The picture's size for a map of mapWidth × mapHeight cells with `longestSide` pixels along its
 * longer side: the map's shape, both sides even (H.264 and VP9 code colour in 2×2 blocks).
 */
export function clipSize(mapWidth: number, mapHeight: number, longestSide: number): { width: number; height: number } {
  const even = (v: number) => Math.max(MIN_SIDE, 2 * Math.round(v / 2));
  if (mapWidth >= mapHeight) return { width: even(longestSide), height: even((longestSide * mapHeight) / mapWidth) };
  return { width: even((longestSide * mapWidth) / mapHeight), height: even(longestSide) };
}

/** What is wrong with a clip request, in the dialog's words, or null when it can be made. */
export function clipProblem(timing: ClipTiming, lastTurn: number, format: 'gif' | 'video', longestSide: number): string | null {
  const { from, to, turnsPerSecond, framesPerTurn } = timing;
  if (!Number.isInteger(from) || !Number.isInteger(to)) return 'The turns must be whole numbers.';
  if (from < 0 || to > lastTurn) return `The turns must lie between 0 and ${lastTurn}, the plan's last turn.`;
  if (to <= from) return `The last turn (${to}) must come after the first (${from}).`;
  if (!(turnsPerSecond > 0)) return 'Turns per second must be more than 0.';
  if (!Number.isInteger(framesPerTurn) || framesPerTurn < 1) return 'Frames per turn must be a whole number from 1.';
  const fps = framesPerSecond(timing);
  if (format === 'gif' && fps > GIF_MAX_FPS) return `A GIF shows at most ${GIF_MAX_FPS} frames per second; ${turnsPerSecond} turns per second × ${framesPerTurn} frames per turn is ${fps}.`;
  if (fps > VIDEO_MAX_FPS) return `At most ${VIDEO_MAX_FPS} frames per second; ${turnsPerSecond} turns per second × ${framesPerTurn} frames per turn is ${fps}.`;
  const count = frameCount(timing);
  if (count > MAX_FRAMES) return `That is ${count} frames, more than ${MAX_FRAMES}: take fewer turns or fewer frames per turn.`;
  if (!Number.isInteger(longestSide) || longestSide < MIN_SIDE || longestSide > MAX_SIDE) return `The size must be ${MIN_SIDE} to ${MAX_SIDE} pixels.`;
  return null;
}
