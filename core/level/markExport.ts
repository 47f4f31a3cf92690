/**
 * The lab's answer back in the designer's level: a copy of the Tiled map with an object layer
 * `mapf-lab` holding the measured regions, spawners and exits as rectangles where the level put
 * them, each region with its crossings per 10 turns, mean wait and peak queue as object
 * properties, so opening the copy in Tiled shows the figures on the chokepoint. Everything else
 * in the map is kept as it was; a `mapf-lab` layer from an earlier export is replaced.
 */
import type { LevelSource } from '../scenario/levelSourceSchema.ts';
import type { ScenarioArea } from '../scenario/streamSchema.ts';
import { parseJsonText } from './tiledJson.ts';
import { LevelError } from './tiledModel.ts';

export const MARKS_LAYER = 'mapf-lab';
export const HEAT_LAYER = 'mapf-lab heat';

/** A region's figures from a run (solve --json's `regions`, the lab's region measures). */
export interface RegionFigures {
  crossingRate: number;
  meanWait: number;
  maxQueue: number;
}

export interface LabMarks {
  regions: readonly { name: string; from: readonly [number, number]; to: readonly [number, number]; figures?: RegionFigures }[];
  spawners: readonly { name: string; area: ScenarioArea }[];
  exits: readonly { name: string; area: ScenarioArea }[];
  /** The heat map picture (heatImage.ts), named relative to the copy, laid over the map as an image layer. */
  heat?: { image: string; width: number; height: number };
}

interface MarkObject {
  name: string;
  kind: 'region' | 'spawner' | 'exit';
  x: number;
  y: number;
  width: number;
  height: number;
  properties: { name: string; type: 'float' | 'int' | 'string'; value: number | string }[];
}

/** The bounding rectangle of an area in cells, inclusive. */
function areaBox(area: ScenarioArea): [number, number, number, number] {
  if (area.cells) {
    const xs = area.cells.map((c) => c[0]);
    const ys = area.cells.map((c) => c[1]);
    return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  }
  return [Math.min(area.from![0], area.to![0]), Math.min(area.from![1], area.to![1]), Math.max(area.from![0], area.to![0]), Math.max(area.from![1], area.to![1])];
}

/** The marks as rectangles in the level's pixels (cells back to tiles by the import's scale and origin). */
export function markObjects(marks: LabMarks, source: LevelSource): MarkObject[] {
  const k = source.choices.cellsPerTile ?? 1;
  const tw = source.tileWidth ?? 1;
  const th = source.tileHeight ?? 1;
  const [ox, oy] = source.origin ?? [0, 0];
  const rect = (x0: number, y0: number, x1: number, y1: number) => ({
    x: (x0 / k + ox) * tw, y: (y0 / k + oy) * th, width: ((x1 - x0 + 1) / k) * tw, height: ((y1 - y0 + 1) / k) * th,
  });
  const round = (v: number) => Math.round(v * 100) / 100;
  const out: MarkObject[] = [];
  for (const r of marks.regions) {
    const box = rect(Math.min(r.from[0], r.to[0]), Math.min(r.from[1], r.to[1]), Math.max(r.from[0], r.to[0]), Math.max(r.from[1], r.to[1]));
    const properties: MarkObject['properties'] = r.figures
      ? [
        { name: 'crossingsPer10Turns', type: 'float', value: round(r.figures.crossingRate) },
        { name: 'meanWait', type: 'float', value: round(r.figures.meanWait) },
        { name: 'peakQueue', type: 'int', value: r.figures.maxQueue },
      ]
      : [];
    out.push({ name: r.name, kind: 'region', ...box, properties });
  }
  for (const [kind, list] of [['spawner', marks.spawners], ['exit', marks.exits]] as const) {
    for (const item of list) out.push({ name: item.name, kind, ...rect(...areaBox(item.area)), properties: [] });
  }
  return out;
}

/**
 * Where a file the map names (a tileset, an image) is seen from the copy: the host turns a path
 * relative to the original map into one relative to the copy (identity when both share a folder).
 */
export type Rebase = (path: string) => string;

function rebaseLayers(layers: unknown, rebase: Rebase): unknown {
  if (!Array.isArray(layers)) return layers;
  return layers.map((layer: Record<string, unknown>) => ({
    ...layer,
    ...(typeof layer.image === 'string' && layer.image !== '' ? { image: rebase(layer.image) } : {}),
    ...(Array.isArray(layer.layers) ? { layers: rebaseLayers(layer.layers, rebase) } : {}),
  }));
}

/** Where the heat picture's top-left corner lies in the map's pixels: an infinite map's grid starts at its origin tile. */
function heatOffset(source: LevelSource): [number, number] {
  const [ox, oy] = source.origin ?? [0, 0];
  return [ox * (source.tileWidth ?? 1), oy * (source.tileHeight ?? 1)];
}

/** A copy of the Tiled JSON map `text` with the `mapf-lab` layer. */
export function marksIntoTmj(text: string, file: string, marks: LabMarks, source: LevelSource, rebase: Rebase = (p) => p): string {
  const map = parseJsonText(text, file);
  if (!Array.isArray(map.layers)) throw new LevelError(file, 'not a Tiled map: it has no layers');
  if (Array.isArray(map.tilesets)) {
    map.tilesets = map.tilesets.map((ts: Record<string, unknown>) => ({
      ...ts,
      ...(typeof ts.source === 'string' ? { source: rebase(ts.source) } : {}),
      ...(typeof ts.image === 'string' ? { image: rebase(ts.image) } : {}),
    }));
  }
  const layers = (rebaseLayers(map.layers, rebase) as Record<string, unknown>[]).filter((l) => l.name !== MARKS_LAYER && l.name !== HEAT_LAYER);
  let nextObject = typeof map.nextobjectid === 'number' ? map.nextobjectid : 1;
  let nextLayer = typeof map.nextlayerid === 'number' ? map.nextlayerid : layers.length + 1;
  if (marks.heat) {
    const [ox, oy] = heatOffset(source);
    layers.push({ id: nextLayer++, name: HEAT_LAYER, type: 'imagelayer', image: marks.heat.image, imagewidth: marks.heat.width, imageheight: marks.heat.height, opacity: 0.8, visible: true, x: 0, y: 0, offsetx: ox, offsety: oy });
  }
  const objects = markObjects(marks, source).map((o) => ({
    id: nextObject++,
    name: o.name,
    // Tiled 1.9+ reads `class`, Tiled 1.8 `type`: both, so either version shows it.
    type: o.kind,
    class: o.kind,
    x: o.x, y: o.y, width: o.width, height: o.height, rotation: 0, visible: true,
    ...(o.properties.length > 0 ? { properties: o.properties } : {}),
  }));
  layers.push({ id: nextLayer, name: MARKS_LAYER, type: 'objectgroup', draworder: 'topdown', color: '#ff00ff', opacity: 1, visible: true, x: 0, y: 0, objects });
  return `${JSON.stringify({ ...map, layers, nextlayerid: nextLayer + 1, nextobjectid: nextObject }, null, 1)}\n`;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A copy of the TMX map `text` with the `mapf-lab` layer, the rest of the file kept as it was. */
export function marksIntoTmx(original: string, file: string, marks: LabMarks, source: LevelSource, rebase: Rebase = (p) => p): string {
  // External tilesets and images are named relative to the map; the copy may sit elsewhere.
  const text = original.replace(/(<(?:tileset|image)\b[^>]*?\ssource=")([^"]*)"/g, (_, head: string, path: string) => `${head}${escapeXml(rebase(path.replace(/&amp;/g, '&')))}"`);
  const header = /<map\b[^>]*>/.exec(text);
  const end = text.lastIndexOf('</map>');
  if (!header || end < 0) throw new LevelError(file, 'not a Tiled map: no <map> element');
  const attr = (name: string) => Number(new RegExp(`\\s${name}="(\\d+)"`).exec(header[0])?.[1] ?? NaN);
  let body = text.slice(0, end)
    .replace(/\s*<objectgroup\b[^>]*\sname="mapf-lab"[^>]*>[\s\S]*?<\/objectgroup>/, '')
    .replace(/\s*<imagelayer\b[^>]*\sname="mapf-lab heat"[^>]*>[\s\S]*?<\/imagelayer>/, '');
  let nextObject = Number.isFinite(attr('nextobjectid')) ? attr('nextobjectid') : 1;
  let nextLayer = Number.isFinite(attr('nextlayerid')) ? attr('nextlayerid') : 1;
  let heatLayer = '';
  if (marks.heat) {
    const [ox, oy] = heatOffset(source);
    heatLayer = ` <imagelayer id="${nextLayer++}" name="${HEAT_LAYER}" opacity="0.8" offsetx="${ox}" offsety="${oy}">\n  <image source="${escapeXml(marks.heat.image)}" width="${marks.heat.width}" height="${marks.heat.height}"/>\n </imagelayer>\n`;
  }
  const objects = markObjects(marks, source).map((o) => {
    const props = o.properties.length === 0 ? ''
      : `\n   <properties>\n${o.properties.map((p) => `    <property name="${p.name}" type="${p.type}" value="${p.value}"/>`).join('\n')}\n   </properties>\n  `;
    return `  <object id="${nextObject++}" name="${escapeXml(o.name)}" type="${o.kind}" x="${o.x}" y="${o.y}" width="${o.width}" height="${o.height}"${props ? `>${props}</object>` : '/>'}`;
  });
  const layer = ` <objectgroup id="${nextLayer}" name="${MARKS_LAYER}" color="#ff00ff">\n${objects.join('\n')}\n </objectgroup>\n`;
  body = body.replace(/<map\b[^>]*>/, (tag) => tag
    .replace(/\snextlayerid="\d+"/, ` nextlayerid="${nextLayer + 1}"`)
    .replace(/\snextobjectid="\d+"/, ` nextobjectid="${nextObject}"`));
  return `${body.replace(/\s*$/, '\n')}${heatLayer}${layer}${text.slice(end)}`;
}
