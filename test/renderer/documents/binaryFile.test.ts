import { describe, expect, it } from 'vitest';
import { binaryFileMessage, binaryKind } from '../../../renderer/src/documents/binaryFile.ts';

/** A file as the pickers hand it over: its bytes read as UTF-8 text. */
const asText = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);
/** The first bytes of a PNG file: its signature and the IHDR chunk of a 40x20 picture. */
const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 40, 0, 0, 0, 20, 8, 2, 0, 0, 0, 0x8c, 0xf1, 0x2e, 0x97]);

describe('a binary file opened as a scenario', () => {
  it('knows a PNG floor plan read as text, and offers the level import', () => {
    const kind = binaryKind(asText(PNG_HEAD));
    expect(kind).toEqual({ what: 'a PNG image', image: true });
    expect(binaryFileMessage('plan.png', kind!)).toBe('plan.png is a PNG image, not a scenario: nothing was opened. To make a map of a floor plan or a level picture, import it as a level (Level…: walls by brightness, pixels per cell, crop).');
  });

  it('knows JPEG, WebP and GIF signatures and other binary files', () => {
    expect(binaryKind(asText(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46])))?.what).toBe('a JPEG image');
    expect(binaryKind(asText(new TextEncoder().encode('RIFF\u0001\u0002\u0003\u0004WEBPVP8 ')))?.what).toBe('a WebP image');
    expect(binaryKind('GIF89a\u0001\u0000')).toEqual({ what: 'a GIF image', image: false });
    expect(binaryKind(asText(Uint8Array.from({ length: 64 }, (_, i) => (i * 37) % 256)))?.what).toBe('a binary file');
  });

  it('lets text through: a scenario, a map, a file with a BOM and a few accented names', () => {
    expect(binaryKind('{ "format": "mapf-lab/scenario", "version": 5 }')).toBeNull();
    expect(binaryKind('type octile\nheight 4\nwidth 4\nmap\n....\n')).toBeNull();
    expect(binaryKind('\uFEFF{ "name": "Brücke über den Fluss — Ærø" }')).toBeNull();
  });
});
