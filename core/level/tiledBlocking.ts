/**
 * What blocks in a Tiled map: the names, properties and classes by which designers mark walls
 * (Tiled's own docs and the engines that load its maps use `collides`, `solid`, `blocked`,
 * `wall`; Phaser's setCollisionByProperty({ collides: true }) is the common one), the guess of
 * which layers and tiles block, and the rasterising of collision shapes into cells.
 */
import type { LevelChoices } from '../scenario/levelSourceSchema.ts';
import { type TiledMap, type TiledObject, type TiledProperties, type TiledTile, flattenLayers } from './tiledModel.ts';

const BLOCKING_PROPERTIES = ['collides', 'collide', 'collision', 'solid', 'blocked', 'blocking', 'wall', 'obstacle'];
const BLOCKING_CLASSES = new Set(['wall', 'walls', 'solid', 'collision', 'collider', 'blocked', 'blocking', 'obstacle']);
const BLOCKING_LAYER_NAME = /(^|[^a-z])(walls?|collisions?|colliders?|collide|solid|blocked|blocking|obstacles?)([^a-z]|$)/i;

/** Whether a tile's boolean property or class marks it as a wall. */
export function tileSaysBlocking(tile: TiledTile | undefined): boolean {
  if (!tile) return false;
  if (BLOCKING_CLASSES.has(tile.className.trim().toLowerCase())) return true;
  return propertiesSayBlocking(tile.properties);
}

export function propertiesSayBlocking(properties: TiledProperties): boolean {
  for (const [key, value] of Object.entries(properties)) {
    if (BLOCKING_PROPERTIES.includes(key.toLowerCase()) && (value === true || value === 'true')) return true;
  }
  return false;
}

/** Whether a layer's name says it holds walls ("Walls", "collision", "Solid layer"). */
export function nameSaysBlocking(name: string): boolean {
  return BLOCKING_LAYER_NAME.test(name);
}

/**
 * The choices a designer most likely means: layers named as walls; tiles marked by property or
 * class, and collision shapes, wherever any tile has them. A map that says nothing blocks
 * nothing, and `reasons` says so, so the import dialog can ask.
 */
export function guessBlocking(map: TiledMap, reasons: string[] = []): LevelChoices {
  const layers = flattenLayers(map.layers).filter((l) => l.kind === 'tile' || l.kind === 'object');
  const named = layers.filter((l) => nameSaysBlocking(l.name) || BLOCKING_CLASSES.has(l.className.toLowerCase()) || propertiesSayBlocking(l.properties));
  let marked = false;
  let shaped = false;
  for (const tileset of map.tilesets) {
    for (const tile of tileset.tiles.values()) {
      if (tileSaysBlocking(tile)) marked = true;
      if (tile.shapes.length > 0) shaped = true;
    }
  }
  if (named.length > 0) reasons.push(`layers named as walls: ${named.map((l) => `'${l.path}'`).join(', ')}`);
  if (marked) reasons.push('tiles whose property or class says they block');
  if (shaped) reasons.push('tiles with collision shapes');
  if (named.length === 0 && !marked && !shaped) reasons.push('nothing in the map says what blocks (no layer named walls or collision, no tile property collides/solid/blocked/wall, no collision shapes): every cell is free until a blocking layer is chosen');
  return { blockingLayers: named.map((l) => l.path), tileProperties: marked, collisionShapes: shaped, cellsPerTile: 1 };
}

/** Whether pixel point (px, py) lies inside a shape whose position is (ox, oy) in pixels. */
function insideShape(shape: TiledObject, ox: number, oy: number, px: number, py: number): boolean {
  const x = px - ox - shape.x;
  const y = py - oy - shape.y;
  if (shape.polygon) {
    if (shape.polyline) return false;
    // Even-odd rule over the polygon's edges.
    let inside = false;
    const pts = shape.polygon;
    for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
      const [xi, yi] = pts[i];
      const [xj, yj] = pts[j];
      if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  }
  if (shape.point || shape.width <= 0 || shape.height <= 0) return false;
  if (shape.ellipse) {
    const rx = shape.width / 2;
    const ry = shape.height / 2;
    const dx = (x - rx) / rx;
    const dy = (y - ry) / ry;
    return dx * dx + dy * dy <= 1;
  }
  return x >= 0 && y >= 0 && x < shape.width && y < shape.height;
}

/** A shape's bounding box relative to its position. */
function shapeBounds(shape: TiledObject): [number, number, number, number] {
  if (shape.polygon && shape.polygon.length > 0) {
    const xs = shape.polygon.map((p) => p[0]);
    const ys = shape.polygon.map((p) => p[1]);
    return [shape.x + Math.min(...xs), shape.y + Math.min(...ys), shape.x + Math.max(...xs), shape.y + Math.max(...ys)];
  }
  return [shape.x, shape.y, shape.x + shape.width, shape.y + shape.height];
}

/**
 * Marks as walls the cells of `passable` (width x height cells of cellW x cellH pixels) whose
 * centres lie inside `shape` placed at (ox, oy) pixels. A shape too thin to cover any centre (a
 * fence drawn as a sliver, a polyline) blocks every cell its bounding box touches, so a wall the
 * designer drew never becomes a gap.
 */
export function rasteriseShape(shape: TiledObject, ox: number, oy: number, cellW: number, cellH: number, passable: Uint8Array, width: number, height: number): void {
  const [bx0, by0, bx1, by1] = shapeBounds(shape);
  const cx0 = Math.max(0, Math.floor((ox + bx0) / cellW));
  const cy0 = Math.max(0, Math.floor((oy + by0) / cellH));
  const cx1 = Math.min(width - 1, Math.ceil((ox + bx1) / cellW) - 1);
  const cy1 = Math.min(height - 1, Math.ceil((oy + by1) / cellH) - 1);
  let covered = false;
  for (let cy = cy0; cy <= cy1; cy++) {
    for (let cx = cx0; cx <= cx1; cx++) {
      if (insideShape(shape, ox, oy, (cx + 0.5) * cellW, (cy + 0.5) * cellH)) {
        passable[cy * width + cx] = 0;
        covered = true;
      }
    }
  }
  if (covered) return;
  const tx0 = Math.max(0, Math.floor((ox + bx0) / cellW));
  const ty0 = Math.max(0, Math.floor((oy + by0) / cellH));
  const tx1 = Math.min(width - 1, Math.max(tx0, Math.ceil((ox + bx1) / cellW) - 1));
  const ty1 = Math.min(height - 1, Math.max(ty0, Math.ceil((oy + by1) / cellH) - 1));
  for (let cy = ty0; cy <= ty1; cy++) for (let cx = tx0; cx <= tx1; cx++) passable[cy * width + cx] = 0;
}
