/**
 * Reading Tiled's XML maps (.tmx) into the one model (tiledModel.ts; tilesets and objects are
 * read by tiledTsx.ts), as Tiled 1.8-1.11 write them ("TMX Map Format"): <layer>, <objectgroup>,
 * <group> and <imagelayer> in drawing order, <data> as CSV, base64 (optionally zlib, gzip or zstd
 * compressed) or the old <tile gid> elements, <chunk>s on infinite maps, `class` since 1.9 and
 * `type` before it.
 */
import { type FileLookup, LevelError, type TiledData, type TiledLayer, type TiledMap } from './tiledModel.ts';
import { type XmlElement, childNamed, childrenNamed } from './xml.ts';
import { externalTileset } from './tiledJson.ts';
import { attrNum, parse, readObject, readProperties, tilesetFromXml } from './tiledTsx.ts';

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
