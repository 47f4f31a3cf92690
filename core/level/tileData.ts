/**
 * Decoding a Tiled tile layer's data into global tile ids: CSV, base64, and base64 compressed
 * with zlib, gzip or zstd (Tiled's "Tile Layer Format" options). fflate (zlib, gzip) and fzstd
 * (Zstandard, by the same author) are pure JavaScript, so the same code runs in the browser
 * edition, the app and the command line. The expected size is known before decompressing (4
 * bytes per tile), so the output buffer is that size and a compressed bomb cannot grow past it.
 */
import { gunzipSync, unzlibSync } from 'fflate';
import { Decompress as ZstdStream } from 'fzstd';
import type { TiledData } from './tiledModel.ts';

/** Why data could not be decoded; the importer adds the file and the layer. */
export class TileDataError extends Error {
  override name = 'TileDataError';
}

const BASE64 = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) BASE64['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.charCodeAt(i)] = i;

/** Decodes base64 (whitespace between characters ignored, as Tiled indents it in XML). */
export function decodeBase64(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, '');
  const body = clean.replace(/=+$/, '');
  if (clean.length % 4 !== 0 && body.length % 4 === 1) throw new TileDataError('the base64 data is cut short');
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let bits = 0;
  let count = 0;
  let o = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    const v = c < 128 ? BASE64[c] : -1;
    if (v < 0) throw new TileDataError(`'${body[i]}' at character ${i + 1} is not base64`);
    bits = (bits << 6) | v;
    count += 6;
    if (count >= 8) {
      count -= 8;
      out[o++] = (bits >>> count) & 0xff;
    }
  }
  return out;
}

/** The `tiles` global tile ids of `data` (flip flags kept). */
export function decodeTileData(data: TiledData, tiles: number): Uint32Array {
  if (data.encoding === 'gids') {
    if (data.gids.length !== tiles) throw new TileDataError(`holds ${data.gids.length} tiles where ${tiles} were expected`);
    const out = new Uint32Array(tiles);
    for (let i = 0; i < tiles; i++) {
      const gid = data.gids[i];
      if (!Number.isInteger(gid) || gid < 0 || gid > 0xffffffff) throw new TileDataError(`tile ${i + 1} is ${JSON.stringify(gid)}, not a tile id`);
      out[i] = gid;
    }
    return out;
  }
  if (data.encoding === 'csv') {
    const parts = data.text.split(',').map((part) => part.trim());
    if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
    if (parts.length !== tiles) throw new TileDataError(`holds ${parts.length} tiles in its CSV where ${tiles} were expected`);
    const out = new Uint32Array(tiles);
    for (let i = 0; i < tiles; i++) {
      if (!/^\d+$/.test(parts[i])) throw new TileDataError(`CSV value ${i + 1} is '${parts[i].slice(0, 20)}', not a tile id`);
      out[i] = Number(parts[i]) >>> 0;
    }
    return out;
  }
  const raw = decodeBase64(data.text);
  const bytes = inflate(raw, data.compression, tiles * 4);
  if (bytes.length !== tiles * 4) throw new TileDataError(`holds ${Math.floor(bytes.length / 4)} tiles where ${tiles} were expected${data.compression ? ` (after ${data.compression} decompression)` : ''}`);
  const out = new Uint32Array(tiles);
  // Little-endian 32-bit ids, whatever the host's byte order.
  for (let i = 0; i < tiles; i++) out[i] = (bytes[i * 4] | (bytes[i * 4 + 1] << 8) | (bytes[i * 4 + 2] << 16) | (bytes[i * 4 + 3] << 24)) >>> 0;
  return out;
}

function inflate(raw: Uint8Array, compression: '' | 'zlib' | 'gzip' | 'zstd', expected: number): Uint8Array {
  if (compression === '') return raw;
  // One spare byte: output that fills it is longer than the layer, which is an error too.
  const out = new Uint8Array(expected + 1);
  try {
    if (compression === 'zlib') return unzlibSync(raw, { out });
    if (compression === 'gzip') return gunzipSync(raw, { out });
    return unzstd(raw, out);
  } catch (error) {
    throw new TileDataError(`its ${compression} data is corrupt (${(error as Error).message})`);
  }
}

/** Zstandard through fzstd's stream, stopping as soon as the output passes `out`'s size. */
function unzstd(raw: Uint8Array, out: Uint8Array): Uint8Array {
  let length = 0;
  const stream = new ZstdStream((chunk) => {
    if (length + chunk.length > out.length) throw new Error('it holds more than the layer');
    out.set(chunk, length);
    length += chunk.length;
  });
  stream.push(raw, true);
  return out.subarray(0, length);
}
