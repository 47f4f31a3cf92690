/**
 * Records a clip: draws each frame offscreen (ClipPainter), hands it to the encoder, reports
 * progress and stops at once when cancelled. The page keeps answering while it runs: the loop
 * gives the browser its turn whenever a frame has taken a while.
 */
import { ClipPainter, currentClipScene } from './clipPainter.ts';
import { clipFrames, clipSize, framesPerSecond, gifDelays, type ClipTiming } from './clipSchedule.ts';
import { createGifEncoder, createVideoEncoder, type ClipEncoder } from './clipEncoders.ts';
import type { FormatChoice } from './videoFormats.ts';
import { model } from '../state/session.ts';

export interface ClipRequest {
  choice: FormatChoice;
  timing: ClipTiming;
  /** Pixels along the map's longer side. */
  longestSide: number;
}

export interface RecordedClip {
  bytes: Uint8Array;
  frames: number;
  width: number;
  height: number;
  seconds: number;
}

export class ClipCancelled extends Error {
  constructor() {
    super('Recording cancelled.');
  }
}

/** Longest stretch (ms) the loop holds the page before yielding to input and painting. */
const YIELD_AFTER_MS = 16;

export async function recordClip(request: ClipRequest, signal: AbortSignal, onProgress: (done: number, total: number) => void): Promise<RecordedClip> {
  const { grid } = model.document;
  const { width, height } = clipSize(grid.width, grid.height, request.longestSide);
  const painter = new ClipPainter(currentClipScene(width, height));
  const frames = clipFrames(request.timing);
  const fps = framesPerSecond(request.timing);
  const encoder: ClipEncoder = request.choice.format === 'gif' ? createGifEncoder(painter, gifDelays(request.timing)) : await createVideoEncoder(painter, request.choice, fps);
  try {
    let slice = performance.now();
    for (let i = 0; i < frames.length; i++) {
      if (signal.aborted) throw new ClipCancelled();
      painter.draw(frames[i].turn);
      await encoder.add(frames[i], i);
      onProgress(i + 1, frames.length);
      if (performance.now() - slice > YIELD_AFTER_MS) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        slice = performance.now();
      }
    }
    if (signal.aborted) throw new ClipCancelled();
    const bytes = await encoder.finish();
    return { bytes, frames: frames.length, width, height, seconds: frames.length / fps };
  } catch (error) {
    await encoder.cancel().catch(() => undefined);
    throw error;
  }
}
