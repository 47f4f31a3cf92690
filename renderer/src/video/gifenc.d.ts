/** Types for gifenc (Matt DesLauriers' GIF encoder, MIT), which ships none: the part this app uses. */
declare module 'gifenc' {
  export type Palette = number[][];
  export type ColourFormat = 'rgb565' | 'rgb444' | 'rgba4444';
  export function quantize(rgba: Uint8Array | Uint8ClampedArray, maxColors: number, options?: { format?: ColourFormat }): Palette;
  export function applyPalette(rgba: Uint8Array | Uint8ClampedArray, palette: Palette, format?: ColourFormat): Uint8Array;
  export interface GifStream {
    writeFrame(index: Uint8Array, width: number, height: number, options?: { palette?: Palette; delay?: number; repeat?: number; transparent?: boolean; dispose?: number }): void;
    finish(): void;
    bytes(): Uint8Array;
  }
  export function GIFEncoder(options?: { auto?: boolean; initialCapacity?: number }): GifStream;
}
