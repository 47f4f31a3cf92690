/**
 * The encoders a clip is written with, behind one small interface: GIF with gifenc in a worker
 * (gifWorker.ts: each frame quantised to its own 256-colour palette; a replay has few colours,
 * so flat areas stay exact) and MP4 or WebM with WebCodecs' VideoEncoder through mediabunny's
 * muxers (which encode off the page's thread already).
 */
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

/** Frames the GIF worker may hold queued: enough to keep it busy, few enough that Cancel is quick and memory small. */
const GIF_FRAMES_IN_FLIGHT = 2;

/**
 * An animated GIF that loops forever; `delays` in hundredths of a second, one per frame
 * (clipSchedule.gifDelays). The page only reads the pixels; a worker quantises and codes them.
 */
export function createGifEncoder(source: FrameSource, delays: readonly number[]): ClipEncoder {
  const worker = new Worker(new URL('./gifWorker.ts', import.meta.url), { type: 'module', name: 'mapf-lab-gif' });
  const { width, height } = source.canvas;
  let sent = 0;
  let done = 0;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  let file: Uint8Array | null = null;
  worker.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as { done?: number; bytes?: Uint8Array; error?: string };
    if (message.error !== undefined) failure = new Error(`the GIF encoder failed: ${message.error}`);
    if (message.done !== undefined) done = message.done;
    if (message.bytes) file = message.bytes;
    wake?.();
  });
  worker.addEventListener('error', (event) => {
    failure = new Error(`the GIF encoder failed: ${event.message}`);
    wake?.();
  });
  const until = async (ready: () => boolean) => {
    while (!ready() && !failure) await new Promise<void>((resolve) => (wake = resolve));
    wake = null;
    if (failure) throw failure;
  };
  worker.postMessage({ start: { width, height } });
  return {
    async add(_frame, index) {
      await until(() => sent - done < GIF_FRAMES_IN_FLIGHT);
      const rgba = source.pixels();
      worker.postMessage({ frame: rgba, delay: delays[index] }, [rgba.buffer]);
      sent++;
    },
    async finish() {
      await until(() => done === sent);
      worker.postMessage({ finish: true });
      await until(() => file !== null);
      worker.terminate();
      return file!;
    },
    async cancel() {
      worker.terminate();
    },
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
