/**
 * The parts of Tiled's XML that maps and tilesets share (TMX Map Format): tilesets (.tsx, and
 * <tileset> inside a map), properties and objects, with the small XML reader's errors turned into
 * messages that name the file and line.
 */
import { LevelError, type TiledObject, type TiledProperties, type TiledTile, type TiledTileset } from './tiledModel.ts';
import { XmlError, type XmlElement, childNamed, childrenNamed, parseXml } from './xml.ts';

/** Parses XML, its errors named by file and line. */
export function parse(text: string, file: string): XmlElement {
  try {
    return parseXml(text);
  } catch (error) {
    if (error instanceof XmlError) throw new LevelError(file, `not readable XML: ${error.message}`);
    throw error;
  }
}

export const attrNum = (element: XmlElement, name: string, fallback = 0): number => {
  const value = element.attributes[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
};

/** Reads a TSX tileset file. */
export function readTsx(text: string, file: string, firstGid: number): TiledTileset {
  const root = parse(text, file);
  if (root.name !== 'tileset') throw new LevelError(file, `not a Tiled tileset: its root element is <${root.name}>, not <tileset>`);
  return tilesetFromXml(root, firstGid, file, file);
}

export function tilesetFromXml(ts: XmlElement, firstGid: number, source: string, file: string): TiledTileset {
  const tiles = new Map<number, TiledTile>();
  for (const tile of childrenNamed(ts, 'tile')) {
    const group = childNamed(tile, 'objectgroup');
    tiles.set(attrNum(tile, 'id'), {
      className: tile.attributes.class ?? tile.attributes.type ?? '',
      properties: readProperties(tile),
      shapes: group ? childrenNamed(group, 'object').map((o) => readObject(o, file)) : [],
    });
  }
  return {
    firstGid,
    name: ts.attributes.name ?? source,
    source,
    tileCount: attrNum(ts, 'tilecount'),
    tileWidth: attrNum(ts, 'tilewidth', 1),
    tileHeight: attrNum(ts, 'tileheight', 1),
    className: ts.attributes.class ?? '',
    properties: readProperties(ts),
    tiles,
  };
}

export function readProperties(element: XmlElement): TiledProperties {
  const out: TiledProperties = {};
  const holder = childNamed(element, 'properties');
  if (!holder) return out;
  for (const prop of childrenNamed(holder, 'property')) {
    const name = prop.attributes.name;
    if (name === undefined) continue;
    const type = prop.attributes.type ?? 'string';
    const raw = prop.attributes.value ?? prop.text;
    if (type === 'bool') out[name] = raw === 'true';
    else if (type === 'int' || type === 'float') out[name] = Number(raw);
    // An object property holds the referenced object's id; kept apart from a plain number.
    else if (type === 'object') out[name] = { objectId: Number(raw) };
    else if (type === 'class') out[name] = readProperties(prop);
    else out[name] = raw;
  }
  return out;
}

export function readObject(element: XmlElement, file: string): TiledObject {
  const shape = childNamed(element, 'polygon') ?? childNamed(element, 'polyline');
  let polygon: [number, number][] | undefined;
  if (shape) {
    polygon = (shape.attributes.points ?? '').trim().split(/\s+/).filter((p) => p !== '').map((pair) => {
      const [x, y] = pair.split(',').map(Number);
      if (!Number.isFinite(x) || !Number.isFinite(y)) throw new LevelError(file, `line ${shape.line}: polygon point '${pair}' is not x,y`);
      return [x, y];
    });
  }
  const gid = element.attributes.gid;
  return {
    id: attrNum(element, 'id'),
    name: element.attributes.name ?? '',
    className: element.attributes.class ?? element.attributes.type ?? '',
    x: attrNum(element, 'x'),
    y: attrNum(element, 'y'),
    width: attrNum(element, 'width'),
    height: attrNum(element, 'height'),
    rotation: attrNum(element, 'rotation'),
    point: childNamed(element, 'point') !== undefined,
    ellipse: childNamed(element, 'ellipse') !== undefined,
    polygon,
    polyline: shape?.name === 'polyline',
    gid: gid === undefined ? undefined : Number(gid) >>> 0,
    visible: element.attributes.visible !== '0',
    properties: readProperties(element),
    ...(element.attributes.template !== undefined
      ? { template: { path: element.attributes.template, given: [...Object.keys(element.attributes), ...element.children.map((c) => c.name)] } }
      : {}),
  };
}
