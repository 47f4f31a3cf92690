/**
 * One in-memory form of a Tiled map, whichever file it came from (.tmj JSON or .tmx XML, Tiled
 * 1.8-1.11; the format is documented at doc.mapeditor.org, "JSON Map Format" and "TMX Map
 * Format"). The readers (tiledJson.ts, tiledXml.ts) fill it; the importer (tiledImport.ts) reads
 * only this. Tile layer data stays encoded until the importer has checked the map's size, so a
 * map over the cell limit is refused before anything is decompressed.
 */

/** A property as Tiled stores it: bool, int, float, string, color, file, object (an object id) or class. */
export type TiledPropertyValue = boolean | number | string | Record<string, unknown>;
export type TiledProperties = Record<string, TiledPropertyValue>;

/** Tile layer data not yet decoded: CSV numbers, or base64 with an optional compression. */
export type TiledData =
  | { encoding: 'gids'; gids: readonly number[] }
  | { encoding: 'csv'; text: string }
  | { encoding: 'base64'; compression: '' | 'zlib' | 'gzip' | 'zstd'; text: string };

export interface TiledChunk {
  x: number;
  y: number;
  width: number;
  height: number;
  data: TiledData;
}

export interface TiledObject {
  id: number;
  name: string;
  /** The object's class (Tiled 1.9+ `class`, before it `type`). */
  className: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
  point: boolean;
  ellipse: boolean;
  /** Polygon or polyline points, relative to (x, y). */
  polygon?: readonly (readonly [number, number])[];
  polyline: boolean;
  /** A tile object's global tile id (its y is the bottom edge). */
  gid?: number;
  visible: boolean;
  properties: TiledProperties;
  /**
   * An instance of an object template (.tx, .tj): the template's path, relative to the file the
   * object is in, and which fields the instance sets itself (the rest come from the template).
   */
  template?: { path: string; given: readonly string[] };
}

interface LayerBase {
  name: string;
  /** Names of the enclosing groups and this layer, joined by '/'. */
  path: string;
  visible: boolean;
  className: string;
  properties: TiledProperties;
}

export interface TiledTileLayer extends LayerBase {
  kind: 'tile';
  width: number;
  height: number;
  /** A finite map's data, or an infinite map's chunks (each placed in tiles). */
  data?: TiledData;
  chunks?: TiledChunk[];
}

export interface TiledObjectLayer extends LayerBase {
  kind: 'object';
  objects: TiledObject[];
}

export interface TiledGroupLayer extends LayerBase {
  kind: 'group';
  layers: TiledLayer[];
}

export interface TiledImageLayer extends LayerBase {
  kind: 'image';
}

export type TiledLayer = TiledTileLayer | TiledObjectLayer | TiledGroupLayer | TiledImageLayer;

/** What the importer needs of one tile of a tileset. */
export interface TiledTile {
  className: string;
  properties: TiledProperties;
  /** Collision shapes drawn in Tiled's tile collision editor (pixels within the tile). */
  shapes: TiledObject[];
}

export interface TiledTileset {
  firstGid: number;
  name: string;
  /** The external file it came from ('' when embedded). */
  source: string;
  tileCount: number;
  tileWidth: number;
  tileHeight: number;
  className: string;
  properties: TiledProperties;
  tiles: Map<number, TiledTile>;
}

export interface TiledMap {
  /** The map's file name, for messages. */
  file: string;
  format: 'tmj' | 'tmx';
  orientation: string;
  width: number;
  height: number;
  tileWidth: number;
  tileHeight: number;
  infinite: boolean;
  layers: TiledLayer[];
  tilesets: TiledTileset[];
  properties: TiledProperties;
}

/**
 * Finds a file next to the map (an external tileset, an LDtk project's external level): the
 * host resolves `path` relative to `from` and returns its text, or undefined when it is missing.
 */
export type FileLookup = (path: string, from: string) => string | undefined;

/** An error in a level file: the message names the file and, where known, the layer or tileset. */
export class LevelError extends Error {
  override name = 'LevelError';
  constructor(readonly file: string, readonly reason: string) {
    super(`${file}: ${reason}`);
  }
}

/** The flip and rotation flags in the top bits of a GID (Tiled's "Tile Flipping"); the rest is the tile. */
export const GID_MASK = 0x0fffffff;

/** Every tile and object layer in drawing order, groups opened (a group's visibility passes to its layers). */
export function flattenLayers(layers: readonly TiledLayer[], visible = true): TiledLayer[] {
  const out: TiledLayer[] = [];
  for (const layer of layers) {
    if (layer.kind === 'group') out.push(...flattenLayers(layer.layers, visible && layer.visible));
    else out.push(visible ? layer : { ...layer, visible: false });
  }
  return out;
}
