/**
 * LDtk projects (.ldtk, with levels saved apart as .ldtkl when "Save levels to separate files" is
 * on), as LDtk 1.x writes them (ldtk.io "JSON documentation"): one level of the project, an
 * IntGrid layer whose values, picked by identifier ('Wall'), are walls, and entities that become
 * units, spawners, exits, regions and doors by identifier (levelMarks.ts). An entity's EntityRef
 * field `goal` points at its goal.
 */
import { scaleFromProperties } from './levelScale.ts';
import { Grid, MAX_GRID_SIDE } from '../grid/grid.ts';
import type { LevelChoices } from '../scenario/levelSourceSchema.ts';
import { MAX_CELLS_PER_TILE } from '../scenario/levelSourceSchema.ts';
import { MAX_MAP_CELLS, formatCount } from '../util/limits.ts';
import { type LevelMark, type MarkValue, thingsFromMarks } from './levelMarks.ts';
import { nameSaysBlocking } from './tiledBlocking.ts';
import type { LevelImport } from './tiledImport.ts';
import { parseJsonText } from './tiledJson.ts';
import { type FileLookup, LevelError } from './tiledModel.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

/** What an import dialog offers for an LDtk project: its levels, and its IntGrid layers with their values. */
export function ldtkOptions(text: string, file: string): { levels: string[]; intGrids: { identifier: string; values: string[] }[] } {
  const project = parseJsonText(text, file);
  const defs = isObject(project.defs) ? arr(project.defs.layers).filter(isObject) : [];
  return {
    levels: arr(project.levels).filter(isObject).map((l) => str(l.identifier)),
    intGrids: defs.filter((d) => d.type === 'IntGrid' || d.__type === 'IntGrid').map((d) => ({
      identifier: str(d.identifier),
      values: arr(d.intGridValues).filter(isObject).map((v) => str(v.identifier) || String(num(v.value))),
    })),
  };
}

/** Imports one level of the LDtk project `text`; `lookup` finds external .ldtkl levels. */
export function importLdtk(text: string, file: string, lookup: FileLookup, given?: LevelChoices): LevelImport {
  const project = parseJsonText(text, file);
  if (!Array.isArray(project.levels) || !isObject(project.defs)) throw new LevelError(file, 'not an LDtk project: it has no levels and defs');
  const levels = project.levels.filter(isObject);
  if (levels.length === 0) throw new LevelError(file, 'the project has no levels');
  const wanted = given?.level;
  const level = wanted === undefined ? levels[0] : levels.find((l) => l.identifier === wanted);
  if (!level) throw new LevelError(file, `no level '${wanted}' (levels: ${levels.map((l) => `'${str(l.identifier)}'`).join(', ')})`);
  const levelName = str(level.identifier);
  let layerInstances = level.layerInstances;
  let levelFile = file;
  if (!Array.isArray(layerInstances)) {
    const external = str(level.externalRelPath);
    if (external === '') throw new LevelError(file, `level '${levelName}' has no layers and no external level file`);
    const levelText = lookup(external, file);
    if (levelText === undefined) throw new LevelError(file, `level '${levelName}': external level file '${external}' is missing (looked for it relative to the project)`);
    levelFile = external;
    layerInstances = parseJsonText(levelText, external).layerInstances;
    if (!Array.isArray(layerInstances)) throw new LevelError(external, `level '${levelName}' has no layerInstances`);
  }
  const layers = (layerInstances as unknown[]).filter(isObject);
  const intGrids = layers.filter((l) => l.__type === 'IntGrid');
  const defs = arr((project.defs as Json).layers).filter(isObject);
  const valuesOf = (layer: Json) => arr(defs.find((d) => d.uid === layer.layerDefUid)?.intGridValues).filter(isObject)
    .map((v) => ({ value: num(v.value), identifier: str(v.identifier) }));

  const guessReasons: string[] = [];
  let choices: LevelChoices;
  if (given?.blockingLayers !== undefined || given?.blockingValues !== undefined) choices = { ...given };
  else {
    const named = intGrids.find((l) => valuesOf(l).some((v) => nameSaysBlocking(v.identifier))) ?? intGrids.find((l) => nameSaysBlocking(str(l.__identifier))) ?? intGrids[0];
    const values = named ? valuesOf(named).filter((v) => nameSaysBlocking(v.identifier)).map((v) => v.identifier) : [];
    if (named) guessReasons.push(values.length > 0 ? `IntGrid layer '${str(named.__identifier)}', values ${values.join(', ')}` : `IntGrid layer '${str(named.__identifier)}': no value is named as a wall, so every non-zero value blocks`);
    else guessReasons.push('the level has no IntGrid layer: every cell is free');
    choices = { ...given, level: levelName, ...(named ? { blockingLayers: [str(named.__identifier)] } : {}), ...(values.length > 0 ? { blockingValues: values } : {}) };
  }
  choices.level ??= levelName;
  const k = choices.cellsPerTile ?? 1;
  if (!Number.isInteger(k) || k < 1 || k > MAX_CELLS_PER_TILE) throw new LevelError(file, `cells per tile must be 1 to ${MAX_CELLS_PER_TILE}, not ${k}`);

  const layerName = choices.blockingLayers?.[0];
  const wall = layerName === undefined ? undefined : intGrids.find((l) => l.__identifier === layerName);
  if (layerName !== undefined && !wall) {
    throw new LevelError(levelFile, `level '${levelName}' has no IntGrid layer '${layerName}' (IntGrid layers: ${intGrids.map((l) => `'${str(l.__identifier)}'`).join(', ') || 'none'})`);
  }
  const sizeFrom = wall ?? layers[0];
  const gridSize = num(sizeFrom?.__gridSize, 16);
  const cw = sizeFrom ? num(sizeFrom.__cWid) : Math.ceil(num(level.pxWid) / gridSize);
  const ch = sizeFrom ? num(sizeFrom.__cHei) : Math.ceil(num(level.pxHei) / gridSize);
  const width = cw * k;
  const height = ch * k;
  if (width < 1 || height < 1) throw new LevelError(levelFile, `level '${levelName}' is ${cw} x ${ch} cells: nothing to read`);
  if (width > MAX_GRID_SIDE || height > MAX_GRID_SIDE || width * height > MAX_MAP_CELLS) {
    throw new LevelError(levelFile, `level '${levelName}' is ${formatCount(width)} x ${formatCount(height)} cells at ${k} per grid square, over the lab's limit (${formatCount(MAX_MAP_CELLS)} cells); not read`);
  }
  const passable = new Uint8Array(width * height).fill(1);
  if (wall) {
    const defined = valuesOf(wall);
    const blocking = new Set<number>();
    for (const id of choices.blockingValues ?? []) {
      const match = defined.find((v) => v.identifier === id || String(v.value) === id);
      if (!match) throw new LevelError(levelFile, `IntGrid layer '${layerName}' has no value '${id}' (values: ${defined.map((v) => v.identifier || String(v.value)).join(', ')})`);
      blocking.add(match.value);
    }
    const csv = arr(wall.intGridCsv);
    if (csv.length !== cw * ch) throw new LevelError(levelFile, `IntGrid layer '${layerName}' holds ${csv.length} values where ${cw} x ${ch} = ${cw * ch} were expected`);
    for (let i = 0; i < csv.length; i++) {
      const v = num(csv[i]);
      if (v === 0 || (blocking.size > 0 && !blocking.has(v))) continue;
      const x = i % cw;
      const y = Math.floor(i / cw);
      for (let dy = 0; dy < k; dy++) for (let dx = 0; dx < k; dx++) passable[(y * k + dy) * width + x * k + dx] = 0;
    }
  }

  const marks: LevelMark[] = [];
  const cellPx = gridSize / k;
  for (const layer of layers) {
    if (layer.__type !== 'Entities') continue;
    const counts = new Map<string, number>();
    for (const entity of arr(layer.entityInstances).filter(isObject)) {
      const identifier = str(entity.__identifier);
      counts.set(identifier, (counts.get(identifier) ?? 0) + 1);
      const [px, py] = [num(arr(entity.px)[0]), num(arr(entity.px)[1])];
      const [pivotX, pivotY] = [num(arr(entity.__pivot)[0]), num(arr(entity.__pivot)[1])];
      const w = num(entity.width);
      const h = num(entity.height);
      const left = px - pivotX * w;
      const top = py - pivotY * h;
      const properties: Record<string, MarkValue> = {};
      let name = '';
      for (const field of arr(entity.fieldInstances).filter(isObject)) {
        const key = str(field.__identifier);
        const value = field.__value;
        if (isObject(value) && typeof value.entityIid === 'string') properties[key] = { ref: value.entityIid };
        else if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') properties[key] = value;
        if (key.toLowerCase() === 'name' && typeof value === 'string') name = value;
      }
      if (name === '') name = `${identifier} ${counts.get(identifier)}`;
      const x0 = Math.floor(left / cellPx);
      const y0 = Math.floor(top / cellPx);
      marks.push({
        ref: str(entity.iid, `${identifier}-${counts.get(identifier)}`),
        name,
        className: identifier,
        x0,
        y0,
        x1: Math.max(x0, Math.ceil((left + w) / cellPx - 1e-6) - 1),
        y1: Math.max(y0, Math.ceil((top + h) / cellPx - 1e-6) - 1),
        properties,
        where: `entity '${name}' (${identifier}) on layer '${str(layer.__identifier)}' of level '${levelName}'`,
      });
    }
  }
  const grid = new Grid(width, height, passable);
  const warnings: string[] = [];
  const things = thingsFromMarks(marks, grid, warnings);
  // The level's custom fields (LDtk's Level panel) may give the game's turn length and cell width.
  const fields: Record<string, unknown> = {};
  for (const field of arr(level.fieldInstances).filter(isObject)) fields[str(field.__identifier)] = field.__value;
  const scale = scaleFromProperties(fields, k, `level '${levelName}': its fields`, warnings);
  return { grid, things, choices, tileWidth: gridSize, tileHeight: gridSize, warnings, guessReasons, ...(scale ? { scale } : {}) };
}
