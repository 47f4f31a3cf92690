/**
 * Reading Tiled's JSON maps (.tmj, .json) and tilesets (.tsj) into the one model (tiledModel.ts),
 * as Tiled 1.8-1.11 write them ("JSON Map Format"): `class` since 1.9 and `type` before it, the
 * `properties` array of {name, type, value}, tile layers with `data` (an array, or a base64
 * string with `compression`) or, on infinite maps, `chunks`. External tilesets are read through
 * the host's file lookup, relative to the map.
 */
import {
  type FileLookup, LevelError, type TiledChunk, type TiledData, type TiledLayer, type TiledMap,
  type TiledObject, type TiledProperties, type TiledTile, type TiledTileset,
} from './tiledModel.ts';
import { readTsx } from './tiledTsx.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown, fallback = 0): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

export function parseJsonText(text: string, file: string): Json {
  let json: unknown;
  try {
    json = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new LevelError(file, `not valid JSON (${(error as Error).message})`);
  }
  if (!isObject(json)) throw new LevelError(file, 'expected a JSON object');
  return json;
}

/** Reads a Tiled JSON map; `lookup` finds its external tilesets. */
export function readTmj(text: string, file: string, lookup: FileLookup): TiledMap {
  const json = parseJsonText(text, file);
  if (json.type !== undefined && json.type !== 'map') throw new LevelError(file, `a Tiled JSON file of type '${str(json.type)}', not a map`);
  if (!Array.isArray(json.layers) || typeof json.width !== 'number' || typeof json.height !== 'number') {
    throw new LevelError(file, 'not a Tiled map: it has no width, height and layers');
  }
  const tilesets = (Array.isArray(json.tilesets) ? json.tilesets : []).map((ts: unknown, i: number) => {
    if (!isObject(ts)) throw new LevelError(file, `tileset ${i + 1} is not an object`);
    const firstGid = num(ts.firstgid, NaN);
    if (!Number.isInteger(firstGid) || firstGid < 1) throw new LevelError(file, `tileset ${i + 1} has no firstgid`);
    if (typeof ts.source === 'string') return externalTileset(ts.source, firstGid, file, lookup);
    return tilesetFromJson(ts, firstGid, '', file);
  });
  return {
    file,
    format: 'tmj',
    orientation: str(json.orientation, 'orthogonal'),
    width: num(json.width),
    height: num(json.height),
    tileWidth: num(json.tilewidth, 1),
    tileHeight: num(json.tileheight, 1),
    infinite: json.infinite === true,
    layers: (json.layers as unknown[]).map((layer, i) => readLayer(layer, '', file, i)),
    tilesets,
    properties: readProperties(json.properties),
  };
}

/** An external tileset, .tsj or .tsx, found by the host; a missing one is named. */
export function externalTileset(source: string, firstGid: number, mapFile: string, lookup: FileLookup): TiledTileset {
  const text = lookup(source, mapFile);
  if (text === undefined) throw new LevelError(mapFile, `external tileset '${source}' is missing (looked for it relative to the map)`);
  const tileset = /\.tsx$/i.test(source) || text.trimStart().startsWith('<')
    ? readTsx(text, source, firstGid)
    : tilesetFromJson(parseJsonText(text, source), firstGid, source, source);
  return tileset;
}

export function tilesetFromJson(ts: Json, firstGid: number, source: string, file: string): TiledTileset {
  const tiles = new Map<number, TiledTile>();
  for (const tile of Array.isArray(ts.tiles) ? ts.tiles : []) {
    if (!isObject(tile)) continue;
    const shapes = isObject(tile.objectgroup) && Array.isArray(tile.objectgroup.objects)
      ? tile.objectgroup.objects.map((o, i) => readObject(o, file, i))
      : [];
    tiles.set(num(tile.id), { className: str(tile.class, str(tile.type)), properties: readProperties(tile.properties), shapes });
  }
  return {
    firstGid,
    name: str(ts.name, source),
    source,
    tileCount: num(ts.tilecount),
    tileWidth: num(ts.tilewidth, 1),
    tileHeight: num(ts.tileheight, 1),
    className: str(ts.class),
    properties: readProperties(ts.properties),
    tiles,
  };
}

export function readProperties(value: unknown): TiledProperties {
  const out: TiledProperties = {};
  if (!Array.isArray(value)) return out;
  for (const prop of value) {
    if (!isObject(prop) || typeof prop.name !== 'string') continue;
    const v = prop.value;
    // An object property holds the referenced object's id; kept apart from a plain number.
    if (prop.type === 'object' && typeof v === 'number') out[prop.name] = { objectId: v };
    else if (typeof v === 'boolean' || typeof v === 'number' || typeof v === 'string' || isObject(v)) out[prop.name] = v;
  }
  return out;
}

function readData(value: unknown, encoding: unknown, compression: unknown, where: string): TiledData | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return { encoding: 'gids', gids: value as number[] };
  if (typeof value === 'string') {
    if (encoding === 'base64') {
      const c = str(compression);
      if (c !== '' && c !== 'zlib' && c !== 'gzip' && c !== 'zstd') throw new Error(`${where}: unknown compression '${c}'`);
      return { encoding: 'base64', compression: c, text: value };
    }
    return { encoding: 'csv', text: value };
  }
  throw new Error(`${where}: its data is neither an array nor a string`);
}

function readLayer(value: unknown, parent: string, file: string, index: number): TiledLayer {
  if (!isObject(value)) throw new LevelError(file, `layer ${index + 1} is not an object`);
  const name = str(value.name, `layer ${index + 1}`);
  const path = parent === '' ? name : `${parent}/${name}`;
  const base = { name, path, visible: value.visible !== false, className: str(value.class), properties: readProperties(value.properties) };
  const where = `layer '${path}'`;
  try {
    switch (value.type) {
      case 'tilelayer':
        return {
          ...base,
          kind: 'tile',
          width: num(value.width),
          height: num(value.height),
          data: readData(value.data, value.encoding, value.compression, where),
          chunks: Array.isArray(value.chunks)
            ? value.chunks.map((c: unknown): TiledChunk => {
              const chunk = isObject(c) ? c : {};
              return { x: num(chunk.x), y: num(chunk.y), width: num(chunk.width), height: num(chunk.height), data: readData(chunk.data, value.encoding, value.compression, where) ?? { encoding: 'gids', gids: [] } };
            })
            : undefined,
        };
      case 'objectgroup':
        return { ...base, kind: 'object', objects: (Array.isArray(value.objects) ? value.objects : []).map((o, i) => readObject(o, file, i)) };
      case 'group':
        return { ...base, kind: 'group', layers: (Array.isArray(value.layers) ? value.layers : []).map((l, i) => readLayer(l, path, file, i)) };
      case 'imagelayer':
        return { ...base, kind: 'image' };
      default:
        throw new Error(`${where} has an unknown type '${str(value.type)}'`);
    }
  } catch (error) {
    if (error instanceof LevelError) throw error;
    throw new LevelError(file, (error as Error).message);
  }
}

export function readObject(value: unknown, file: string, index: number): TiledObject {
  if (!isObject(value)) throw new LevelError(file, `object ${index + 1} is not an object`);
  const points = Array.isArray(value.polygon) ? value.polygon : Array.isArray(value.polyline) ? value.polyline : undefined;
  return {
    id: num(value.id),
    name: str(value.name),
    className: str(value.class, str(value.type)),
    x: num(value.x),
    y: num(value.y),
    width: num(value.width),
    height: num(value.height),
    rotation: num(value.rotation),
    point: value.point === true,
    ellipse: value.ellipse === true,
    polygon: points?.map((p: unknown) => [num(isObject(p) ? p.x : 0), num(isObject(p) ? p.y : 0)] as const),
    polyline: Array.isArray(value.polyline),
    gid: typeof value.gid === 'number' ? value.gid : undefined,
    visible: value.visible !== false,
    properties: readProperties(value.properties),
    ...(typeof value.template === 'string' ? { template: { path: value.template, given: Object.keys(value) } } : {}),
  };
}
