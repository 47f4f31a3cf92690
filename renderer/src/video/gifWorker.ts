/**
 * The GIF encoder's Web Worker: quantising a frame to 256 colours and coding it (gifenc) takes
 * 30 to 300 ms a frame from 640 to 1280 px on a busy machine, too long for the page's thread.
 * Messages in: { frame: RGBA bytes (transferred), delay: hundredths } one by one, then
 * { finish: true }; out: { done: frames written } after each frame, then { bytes } (transferred).
 */
import { GIFEncoder, applyPalette, quantize } from 'gifenc';

const scope = self as unknown as {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};

let gif: ReturnType<typeof GIFEncoder> | null = null;
let written = 0;
let size = { width: 0, height: 0 };

scope.addEventListener('message', (event: MessageEvent) => {
  const message = event.data as { start: { width: number; height: number } } | { frame: Uint8ClampedArray; delay: number } | { finish: true };
  try {
    if ('start' in message) {
      gif = GIFEncoder();
      written = 0;
      size = message.start;
    } else if ('frame' in message) {
      const palette = quantize(message.frame, 256);
      gif!.writeFrame(applyPalette(message.frame, palette), size.width, size.height, { palette, delay: message.delay * 10, repeat: 0 });
      scope.postMessage({ done: ++written });
    } else {
      gif!.finish();
      const bytes = gif!.bytes();
      scope.postMessage({ bytes }, [bytes.buffer]);
      gif = null;
    }
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
