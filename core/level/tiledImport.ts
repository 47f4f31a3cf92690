/**
 * A Tiled map (tiledModel.ts, from .tmj or .tmx) turned into the lab's grid and things: walls
 * from the chosen blocking layers, from tiles whose property or class says so and from tiles'
 * collision shapes; units, spawners, exits, regions and doors from objects (levelMarks.ts).
 * Orthogonal maps only: on isometric, staggered and hexagonal maps a tile is not a square of the
 * grid, so they are refused by name. Sizes are checked before any layer is decoded.
 */
import { Grid, MAX_GRID_SIDE } from '../grid/grid.ts';
import type { LevelChoices } from '../scenario/levelSourceSchema.ts';
import { MAX_CELLS_PER_TILE } from '../scenario/levelSourceSchema.ts';
import { MAX_MAP_CELLS, formatCount } from '../util/limits.ts';
import { type LevelMark, type MarkValue, type ScenarioThings, markKind, thingsFromMarks } from './levelMarks.ts';
import { TileDataError, decodeTileData } from './tileData.ts';
import { scaleFromProperties } from './levelScale.ts';
import type { TimeScale } from '../scenario/timeScaleSchema.ts';
import { guessBlocking, rasteriseShape, tileSaysBlocking } from './tiledBlocking.ts';
import { GID_MASK, LevelError, type TiledLayer, type TiledMap, type TiledObject, type TiledTileLayer, type TiledTileset, flattenLayers } from './tiledModel.ts';

export interface LevelImport {
  grid: Grid;
  things: ScenarioThings;
  /** The choices used (the guess filled in where none were given). */
  choices: LevelChoices;
  tileWidth: number;
  tileHeight: number;
  /** Infinite maps: the tile that became cell (0, 0). */
  origin?: [number, number];
  /** The game's turn length and cell width, where the level's properties give them (levelScale.ts). */
  scale?: TimeScale;
  /** Things dropped or assumed, each naming the object or layer. */
  warnings: string[];
  /** Why the guess chose what it did (empty when choices were given). */
  guessReasons: string[];
}

/** Tile bounds of the map: its size, or on an infinite map the box around every chunk. */
function tileBounds(map: TiledMap): { x0: number; y0: number; width: number; height: number } {
  if (!map.infinite) return { x0: 0, y0: 0, width: map.width, height: map.height };
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const layer of flattenLayers(map.layers)) {
    if (layer.kind !== 'tile') continue;
    for (const chunk of layer.chunks ?? []) {
      x0 = Math.min(x0, chunk.x);
      y0 = Math.min(y0, chunk.y);
      x1 = Math.max(x1, chunk.x + chunk.width);
      y1 = Math.max(y1, chunk.y + chunk.height);
    }
  }
  if (x0 === Infinity) throw new LevelError(map.file, 'an infinite map with no tile chunks: nothing to read a grid from');
  return { x0, y0, width: x1 - x0, height: y1 - y0 };
}

/** The tileset a GID belongs to, or a message naming the layer, tile and GID when none holds it. */
function tilesetOf(map: TiledMap, sorted: readonly TiledTileset[], gid: number, layer: TiledTileLayer, tx: number, ty: number): TiledTileset {
  let found: TiledTileset | undefined;
  for (const ts of sorted) if (ts.firstGid <= gid) found = ts;
  // An image collection's tile ids may be sparse (tiles removed): an id it lists is valid.
  if (!found || (found.tileCount > 0 && gid - found.firstGid >= found.tileCount && !found.tiles.has(gid - found.firstGid))) {
    const known = sorted.map((ts) => `'${ts.name}' ${ts.firstGid}-${ts.firstGid + ts.tileCount - 1}`).join(', ');
    throw new LevelError(map.file, `layer '${layer.path}': tile (${tx}, ${ty}) has GID ${gid}, beyond every tileset (${known || 'the map has no tilesets'})`);
  }
  return found;
}

/** Imports `map` with `choices` (undefined: guessBlocking's). */
export function importTiledMap(map: TiledMap, given?: LevelChoices): LevelImport {
  if (map.orientation !== 'orthogonal') {
    throw new LevelError(map.file, `the map is ${map.orientation}; only orthogonal maps can be read as a grid (on ${map.orientation} maps a tile is not a square cell)`);
  }
  const guessReasons: string[] = [];
  const choices: LevelChoices = given ?? guessBlocking(map, guessReasons);
  const k = choices.cellsPerTile ?? 1;
  if (!Number.isInteger(k) || k < 1 || k > MAX_CELLS_PER_TILE) throw new LevelError(map.file, `cells per tile must be 1 to ${MAX_CELLS_PER_TILE}, not ${k}`);
  const bounds = tileBounds(map);
  const fullWidth = bounds.width * k;
  const fullHeight = bounds.height * k;
  if (fullWidth < 1 || fullHeight < 1) throw new LevelError(map.file, `the map is ${bounds.width} x ${bounds.height} tiles: nothing to read`);
  if (fullWidth > MAX_GRID_SIDE || fullHeight > MAX_GRID_SIDE || fullWidth * fullHeight > MAX_MAP_CELLS) {
    throw new LevelError(map.file, `${bounds.width} x ${bounds.height} tiles at ${k} cells per tile is ${formatCount(fullWidth)} x ${formatCount(fullHeight)} cells, over the lab's limit (${formatCount(MAX_MAP_CELLS)} cells, at most ${MAX_GRID_SIDE} a side); not decoded`);
  }
  const tw = map.tileWidth;
  const th = map.tileHeight;
  const cellW = tw / k;
  const cellH = th / k;
  const chosen = new Set(choices.blockingLayers ?? []);
  const hidden = new Set(choices.hiddenLayers ?? []);
  const isChosen = (layer: TiledLayer) => chosen.has(layer.path) || chosen.has(layer.name);
  // A collision layer is often hidden in the editor: choosing it as walls is reading it.
  const used = (layer: TiledLayer) => layer.visible || hidden.has(layer.path) || hidden.has(layer.name) || isChosen(layer);
  const layers = flattenLayers(map.layers);
  for (const name of chosen) {
    if (!layers.some((l) => l.path === name || l.name === name)) {
      throw new LevelError(map.file, `no layer '${name}' to read walls from (layers: ${layers.map((l) => `'${l.path}'`).join(', ') || 'none'})`);
    }
  }
  const sorted = map.tilesets.slice().sort((a, b) => a.firstGid - b.firstGid);
  const warnings: string[] = [];

  // Decode every tile layer used first: an infinite map's grid is then trimmed to the tiles
  // drawn, not the 16 x 16 chunks Tiled stores them in.
  const decoded: { layer: TiledTileLayer; gids: Uint32Array; x0: number; y0: number; w: number }[] = [];
  for (const layer of layers) {
    if (!used(layer) || layer.kind !== 'tile') continue;
    try {
      if (layer.chunks) {
        for (const chunk of layer.chunks) decoded.push({ layer, gids: decodeTileData(chunk.data, chunk.width * chunk.height), x0: chunk.x, y0: chunk.y, w: chunk.width });
      } else if (layer.data) {
        if (layer.width * layer.height > bounds.width * bounds.height) throw new TileDataError(`is ${layer.width} x ${layer.height} tiles, larger than the map`);
        decoded.push({ layer, gids: decodeTileData(layer.data, layer.width * layer.height), x0: 0, y0: 0, w: layer.width });
      }
    } catch (error) {
      if (error instanceof TileDataError) throw new LevelError(map.file, `layer '${layer.path}' ${error.message}`);
      throw error;
    }
  }
  if (map.infinite) trimToTiles(bounds, decoded);
  const width = bounds.width * k;
  const height = bounds.height * k;
  const originX = -bounds.x0 * tw;
  const originY = -bounds.y0 * th;
  const passable = new Uint8Array(width * height).fill(1);
  const blockTile = (tx: number, ty: number) => {
    for (let dy = 0; dy < k; dy++) for (let dx = 0; dx < k; dx++) passable[(ty * k + dy) * width + tx * k + dx] = 0;
  };
  const readTiles = (layer: TiledTileLayer, gids: Uint32Array, x0: number, y0: number, w: number): void => {
    const whole = isChosen(layer);
    for (let i = 0; i < gids.length; i++) {
      const gid = gids[i] & GID_MASK;
      if (gid === 0) continue;
      const tx = x0 + (i % w) - bounds.x0;
      const ty = y0 + Math.floor(i / w) - bounds.y0;
      if (tx < 0 || ty < 0 || tx >= bounds.width || ty >= bounds.height) continue;
      const tileset = tilesetOf(map, sorted, gid, layer, tx, ty);
      if (whole) {
        blockTile(tx, ty);
        continue;
      }
      const tile = tileset.tiles.get(gid - tileset.firstGid);
      if (choices.tileProperties !== false && tileSaysBlocking(tile)) blockTile(tx, ty);
      else if (choices.collisionShapes !== false && tile && tile.shapes.length > 0) {
        for (const shape of tile.shapes) rasteriseShape(shape, tx * tw, ty * th, cellW, cellH, passable, width, height);
      }
    }
  };
  for (const { layer, gids, x0, y0, w } of decoded) readTiles(layer, gids, x0, y0, w);

  const marks: LevelMark[] = [];
  for (const layer of layers) {
    if (!used(layer) || layer.kind !== 'object') continue;
    for (const object of layer.objects) {
      if (!object.visible) continue;
      const mark = markOf(object, layer.path, originX, originY, cellW, cellH);
      if (mark && markKindKnown(mark)) marks.push(mark);
      else if (isChosen(layer)) {
        if (object.rotation !== 0) warnings.push(`layer '${layer.path}': object ${object.id} is rotated; its wall is read unrotated`);
        const top = object.gid !== undefined ? { ...object, y: object.y - object.height } : object;
        rasteriseShape(top, originX, originY, cellW, cellH, passable, width, height);
      }
    }
  }
  const grid = new Grid(width, height, passable);
  const things = thingsFromMarks(marks, grid, warnings);
  const scale = scaleFromProperties(map.properties, k, 'the map\'s properties', warnings);
  return {
    grid, things, choices, tileWidth: tw, tileHeight: th, warnings, guessReasons, ...(scale ? { scale } : {}),
    ...(map.infinite ? { origin: [bounds.x0, bounds.y0] as [number, number] } : {}),
  };
}

function markKindKnown(mark: LevelMark): boolean {
  return markKind(mark.className, mark.name) !== undefined;
}

/** Shrinks an infinite map's chunk bounds to the tiles drawn in them (none drawn: left as is). */
function trimToTiles(bounds: { x0: number; y0: number; width: number; height: number }, decoded: readonly { gids: Uint32Array; x0: number; y0: number; w: number }[]): void {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const { gids, x0: cx, y0: cy, w } of decoded) {
    for (let i = 0; i < gids.length; i++) {
      if ((gids[i] & GID_MASK) === 0) continue;
      const x = cx + (i % w);
      const y = cy + Math.floor(i / w);
      if (x < x0) x0 = x;
      if (y < y0) y0 = y;
      if (x > x1) x1 = x;
      if (y > y1) y1 = y;
    }
  }
  if (x0 === Infinity) return;
  bounds.x0 = x0;
  bounds.y0 = y0;
  bounds.width = x1 - x0 + 1;
  bounds.height = y1 - y0 + 1;
}

/** An object as a mark in cells: a point's cell, or the cells its box covers. */
function markOf(object: TiledObject, layerPath: string, ox: number, oy: number, cellW: number, cellH: number): LevelMark | undefined {
  let left = object.x;
  let top = object.gid !== undefined ? object.y - object.height : object.y;
  let right = left + object.width;
  let bottom = top + object.height;
  if (object.polygon && object.polygon.length > 0) {
    left = object.x + Math.min(...object.polygon.map((p) => p[0]));
    right = object.x + Math.max(...object.polygon.map((p) => p[0]));
    top = object.y + Math.min(...object.polygon.map((p) => p[1]));
    bottom = object.y + Math.max(...object.polygon.map((p) => p[1]));
  }
  const x0 = Math.floor((left + ox) / cellW);
  const y0 = Math.floor((top + oy) / cellH);
  // A box covers the cells it overlaps; a point (or a zero-size box) its own cell. The small
  // margin keeps a box drawn exactly on tile edges from reaching into the next tile.
  const x1 = right > left ? Math.max(x0, Math.ceil((right + ox) / cellW - 1e-6) - 1) : x0;
  const y1 = bottom > top ? Math.max(y0, Math.ceil((bottom + oy) / cellH - 1e-6) - 1) : y0;
  const properties: Record<string, MarkValue> = {};
  for (const [key, value] of Object.entries(object.properties)) {
    if (typeof value === 'object') {
      if (typeof value.objectId === 'number') properties[key] = { ref: String(value.objectId) };
    } else properties[key] = value;
  }
  const label = object.name ? ` '${object.name}'` : '';
  return { ref: String(object.id), name: object.name, className: object.className, x0, y0, x1, y1, properties, where: `object ${object.id}${label} on layer '${layerPath}'` };
}
