/**
 * Reading Tiled's XML maps (.tmx) and tilesets (.tsx) into the one model (tiledModel.ts), as
 * Tiled 1.8-1.11 write them ("TMX Map Format"): <layer>, <objectgroup>, <group> and <imagelayer>
 * in drawing order, <data> as CSV, base64 (optionally zlib, gzip or zstd compressed) or the old
 * <tile gid> elements, <chunk>s on infinite maps, `class` since 1.9 and `type` before it.
 */
import { type FileLookup, LevelError, type TiledData, type TiledLayer, type TiledMap, type TiledObject, type TiledProperties, type TiledTile, type TiledTileset } from './tiledModel.ts';
import { XmlError, type XmlElement, childNamed, childrenNamed, parseXml } from './xml.ts';
import { externalTileset } from './tiledJson.ts';

function parse(text: string, file: string): XmlElement {
  try {
    return parseXml(text);
  } catch (error) {
    if (error instanceof XmlError) throw new LevelError(file, `not readable XML: ${error.message}`);
    throw error;
  }
}

const attrNum = (element: XmlElement, name: string, fallback = 0): number => {
  const value = element.attributes[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
};

/** Reads a TMX map; `lookup` finds its external tilesets. */
export function readTmx(text: string, file: string, lookup: FileLookup): TiledMap {
  const root = parse(text, file);
  if (root.name !== 'map') throw new LevelError(file, `not a Tiled map: its root element is <${root.name}>, not <map>`);
  const tilesets = childrenNamed(root, 'tileset').map((ts) => {
    const firstGid = attrNum(ts, 'firstgid', NaN);
    if (!Number.isInteger(firstGid) || firstGid < 1) throw new LevelError(file, `line ${ts.line}: a tileset without firstgid`);
    const source = ts.attributes.source;
    if (source !== undefined) return externalTileset(source, firstGid, file, lookup);
    return tilesetFromXml(ts, firstGid, '', file);
  });
  return {
    file,
    format: 'tmx',
    orientation: root.attributes.orientation ?? 'orthogonal',
    width: attrNum(root, 'width'),
    height: attrNum(root, 'height'),
    tileWidth: attrNum(root, 'tilewidth', 1),
    tileHeight: attrNum(root, 'tileheight', 1),
    infinite: root.attributes.infinite === '1',
    layers: readLayers(root, '', file),
    tilesets,
    properties: readProperties(root),
  };
}

/** Reads a TSX tileset file. */
export function readTsx(text: string, file: string, firstGid: number): TiledTileset {
  const root = parse(text, file);
  if (root.name !== 'tileset') throw new LevelError(file, `not a Tiled tileset: its root element is <${root.name}>, not <tileset>`);
  return tilesetFromXml(root, firstGid, file, file);
}

function tilesetFromXml(ts: XmlElement, firstGid: number, source: string, file: string): TiledTileset {
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

function readProperties(element: XmlElement): TiledProperties {
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

function readData(data: XmlElement | undefined, where: string, file: string): TiledData | undefined {
  if (!data) return undefined;
  const encoding = data.attributes.encoding ?? '';
  if (encoding === 'csv') return { encoding: 'csv', text: data.text };
  if (encoding === 'base64') {
    const compression = data.attributes.compression ?? '';
    if (compression !== '' && compression !== 'zlib' && compression !== 'gzip' && compression !== 'zstd') throw new LevelError(file, `${where}: unknown compression '${compression}'`);
    return { encoding: 'base64', compression, text: data.text };
  }
  if (encoding !== '') throw new LevelError(file, `${where}: unknown encoding '${encoding}'`);
  // The old XML encoding: one <tile gid="…"/> per tile, an empty tile written without gid.
  return { encoding: 'gids', gids: childrenNamed(data, 'tile').map((tile) => attrNum(tile, 'gid')) };
}

function readLayers(parent: XmlElement, path: string, file: string): TiledLayer[] {
  const out: TiledLayer[] = [];
  for (const element of parent.children) {
    if (!['layer', 'objectgroup', 'group', 'imagelayer'].includes(element.name)) continue;
    const name = element.attributes.name ?? '';
    const layerPath = path === '' ? name : `${path}/${name}`;
    const base = { name, path: layerPath, visible: element.attributes.visible !== '0', className: element.attributes.class ?? '', properties: readProperties(element) };
    const where = `layer '${layerPath}' (line ${element.line})`;
    if (element.name === 'layer') {
      const data = childNamed(element, 'data');
      const chunks = data ? childrenNamed(data, 'chunk') : [];
      out.push({
        ...base,
        kind: 'tile',
        width: attrNum(element, 'width'),
        height: attrNum(element, 'height'),
        data: chunks.length > 0 ? undefined : readData(data, where, file),
        chunks: chunks.length > 0
          ? chunks.map((chunk) => ({
            x: attrNum(chunk, 'x'), y: attrNum(chunk, 'y'), width: attrNum(chunk, 'width'), height: attrNum(chunk, 'height'),
            // A chunk carries its parent <data>'s encoding and compression.
            data: readData({ ...chunk, attributes: { ...data!.attributes } }, where, file)!,
          }))
          : undefined,
      });
    } else if (element.name === 'objectgroup') {
      out.push({ ...base, kind: 'object', objects: childrenNamed(element, 'object').map((o) => readObject(o, file)) });
    } else if (element.name === 'group') {
      out.push({ ...base, kind: 'group', layers: readLayers(element, layerPath, file) });
    } else {
      out.push({ ...base, kind: 'image' });
    }
  }
  return out;
}

function readObject(element: XmlElement, file: string): TiledObject {
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
  };
}
