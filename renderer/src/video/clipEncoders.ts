/**
 * The encoders a clip is written with, behind one small interface: GIF with gifenc (each frame
 * quantised to its own 256-colour palette; a replay has few colours, so flat areas stay exact)
 * and MP4 or WebM with WebCodecs' VideoEncoder through mediabunny's muxers.
 */
import { GIFEncoder, applyPalette, quantize } from 'gifenc';
import { BufferTarget, CanvasSource, Mp4OutputFormat, Output, WebMOutputFormat } from 'mediabunny';
import type { ClipFrame } from './clipSchedule.ts';
import type { FormatChoice } from './videoFormats.ts';
import { CLIP_QUALITY } from './videoFormats.ts';

export interface ClipEncoder {
  /** Encodes the picture now on the painter's canvas as frame `index`; resolves when the encoder can take the next. */
  add(frame: ClipFrame, index: number): Promise<void>;
  /** The finished file. */
  finish(): Promise<Uint8Array>;
  /** Drops everything encoded so far. */
  cancel(): Promise<void>;
}

/** The painter's side the encoders read: the frame canvas and its pixels. */
export interface FrameSource {
  readonly canvas: HTMLCanvasElement;
  pixels(): Uint8ClampedArray;
}

/** An animated GIF that loops forever; `delays` in hundredths of a second, one per frame (clipSchedule.gifDelays). */
export function createGifEncoder(source: FrameSource, delays: readonly number[]): ClipEncoder {
  const gif = GIFEncoder();
  const { width, height } = source.canvas;
  return {
    async add(_frame, index) {
      const rgba = source.pixels();
      const palette = quantize(rgba, 256);
      gif.writeFrame(applyPalette(rgba, palette), width, height, { palette, delay: delays[index] * 10, repeat: 0 });
    },
    async finish() {
      gif.finish();
      return gif.bytes();
    },
    async cancel() {},
  };
}

/** An MP4 (H.264) or WebM (VP9/VP8) file of the canvas's frames at `fps`. */
export async function createVideoEncoder(source: FrameSource, choice: FormatChoice, fps: number): Promise<ClipEncoder> {
  if (!choice.codec) throw new Error(`${choice.label} is not a video format`);
  const output = new Output({
    // fastStart 'in-memory': the index goes first, so a review tool can play the file as it loads.
    format: choice.format === 'mp4' ? new Mp4OutputFormat({ fastStart: 'in-memory' }) : new WebMOutputFormat(),
    target: new BufferTarget(),
  });
  // A key frame every second: scrubbing a review clip lands quickly on any turn.
  const video = new CanvasSource(source.canvas, { codec: choice.codec, quality: CLIP_QUALITY, keyFrameInterval: 1 });
  output.addVideoTrack(video, { frameRate: fps });
  await output.start();
  return {
    add: (frame) => video.add(frame.timestamp, frame.duration),
    async finish() {
      await output.finalize();
      const buffer = output.target.buffer;
      if (!buffer) throw new Error('the video encoder wrote nothing');
      return new Uint8Array(buffer);
    },
    async cancel() {
      if (output.state !== 'finalized' && output.state !== 'canceled') await output.cancel();
    },
  };
}
