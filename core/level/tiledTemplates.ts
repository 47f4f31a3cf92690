/**
 * Tiled object templates (.tx, .tj; "Using Templates" in Tiled's manual): a designer places
 * units, spawners and doors as instances of a template, and the instance in the map stores only
 * what differs, its position at least; the class, the name, the size and the properties often
 * live in the template file alone. An instance is read as the template's object with the
 * instance's own fields over it, and the properties of both, the instance's winning.
 */
import { parseJsonText, readObject as readJsonObject } from './tiledJson.ts';
import { type FileLookup, LevelError, type TiledLayer, type TiledMap, type TiledObject } from './tiledModel.ts';
import { parse, readObject as readXmlObject } from './tiledTsx.ts';
import { childNamed } from './xml.ts';

function readTemplate(text: string, file: string): TiledObject {
  if (text.trimStart().startsWith('<')) {
    const root = parse(text, file);
    const object = root.name === 'template' ? childNamed(root, 'object') : undefined;
    if (!object) throw new LevelError(file, 'not a Tiled object template: no <template> with an <object>');
    return readXmlObject(object, file);
  }
  const json = parseJsonText(text, file);
  if (json.type !== 'template' || json.object === undefined) throw new LevelError(file, "not a Tiled object template: no 'object' in a JSON of type 'template'");
  return readJsonObject(json.object, file, 0);
}

function merge(instance: TiledObject, template: TiledObject): TiledObject {
  const given = new Set(instance.template!.given);
  const own = (...keys: string[]) => keys.some((k) => given.has(k));
  const shaped = own('point', 'ellipse', 'polygon', 'polyline');
  return {
    id: instance.id,
    name: own('name') ? instance.name : template.name,
    className: own('class', 'type') ? instance.className : template.className,
    x: instance.x,
    y: instance.y,
    width: own('width') ? instance.width : template.width,
    height: own('height') ? instance.height : template.height,
    rotation: own('rotation') ? instance.rotation : template.rotation,
    point: shaped ? instance.point : template.point,
    ellipse: shaped ? instance.ellipse : template.ellipse,
    polygon: shaped ? instance.polygon : template.polygon,
    polyline: shaped ? instance.polyline : template.polyline,
    gid: own('gid') ? instance.gid : template.gid,
    visible: own('visible') ? instance.visible : template.visible,
    properties: { ...template.properties, ...instance.properties },
  };
}

/** The map with every template instance read through its template, found by `lookup` relative to the map. */
export function applyTemplates(map: TiledMap, lookup: FileLookup): TiledMap {
  const templates = new Map<string, TiledObject>();
  const resolve = (object: TiledObject, layer: string): TiledObject => {
    if (!object.template) return object;
    const path = object.template.path;
    let template = templates.get(path);
    if (!template) {
      const text = lookup(path, map.file);
      if (text === undefined) throw new LevelError(map.file, `object ${object.id}${object.name ? ` '${object.name}'` : ''} on layer '${layer}': its template '${path}' is missing (looked for it relative to the map)`);
      template = readTemplate(text, path);
      templates.set(path, template);
    }
    return merge(object, template);
  };
  const walk = (layers: readonly TiledLayer[]): TiledLayer[] => layers.map((layer) => {
    if (layer.kind === 'object') return { ...layer, objects: layer.objects.map((o) => resolve(o, layer.path)) };
    if (layer.kind === 'group') return { ...layer, layers: walk(layer.layers) };
    return layer;
  });
  return { ...map, layers: walk(map.layers) };
}
