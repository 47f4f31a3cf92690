/**
 * `mapf-lab level-marks`: the lab's marks back in the designer's Tiled map. Writes a copy of the
 * map the scenario was imported from with an object layer `mapf-lab`: the measured regions,
 * spawners and exits where the level has them, each region carrying a run's crossings per 10
 * turns, mean wait and peak queue (from `mapf-lab solve --json`) as object properties.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { type CellPath, encodePng, heatPixels, trafficHeat } from '../../core/level/heatImage.ts';
import { dirname, relative, resolve, sep } from 'node:path';
import type { Command } from '../command.ts';
import { UsageError } from '../command.ts';
import { type OptionTable, commandUsage, parseCommandLine } from '../args.ts';
import { readTextFile } from '../files.ts';
import { LEVEL_OPTIONS, choicesFromFlags, levelFormatOfFile, readLevelFile, scenarioFromLevelFile } from '../levelFiles.ts';
import { type LabMarks, type RegionFigures, marksIntoTmj, marksIntoTmx } from '../../core/level/markExport.ts';
import { parseScenarioJson } from '../../core/scenario/parse.ts';
import type { LevelSource } from '../../core/scenario/levelSourceSchema.ts';
import { resolveMapPath } from '../../core/scenario/mapPath.ts';

const OPTIONS = {
  scenario: { value: 'FILE', help: 'a scenario imported from a Tiled map (its source names the map), or\nthe Tiled map itself (.tmx, .tmj) read with the level options' },
  run: { value: 'RUN.json', help: 'the output of `mapf-lab solve --json` on it: each region\'s\ncrossingRate, meanWait and maxQueue become the object\'s properties\ncrossingsPer10Turns, meanWait and peakQueue' },
  out: { value: 'FILE.tmj', help: 'the copy to write: .tmj (or .json) from a JSON map, .tmx from a\nTMX map' },
  heat: { value: 'FILE.png', help: 'with --run: also the heat map (turns units spent on each cell\nunder way, resting on a final goal left out) as a picture the\nsize of the map, laid over it as the image layer \'mapf-lab heat\'' },
  ...LEVEL_OPTIONS,
} as const satisfies OptionTable;

const USAGE = commandUsage([
  'Usage: mapf-lab level-marks --scenario FILE --out FILE.tmj [--run RUN.json [--heat FILE.png]]',
  '',
  'Writes a copy of the Tiled map a scenario came from with an object layer \'mapf-lab\' holding',
  'its measured regions, spawners and exits as rectangles (object class region, spawner, exit);',
  'with --run, each region\'s figures from that run as object properties. Tilesets and images',
  'the map names are re-pointed so the copy opens from its own folder. Open it in Tiled to see',
  'the figures on the level.',
], OPTIONS, ['Exit code 0 when the copy was written, 1 on a bad file, 2 for a bad command line.']);

function readRun(file: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (error) {
    throw new Error(`${file}: not the JSON output of mapf-lab solve --json (${(error as Error).message})`);
  }
}

/** The figures of each region in a `solve --json` output, by name. */
function runFigures(file: string, json: Record<string, unknown>): Map<string, RegionFigures> {
  const regions = (json as { regions?: unknown }).regions;
  if (!Array.isArray(regions)) throw new Error(`${file}: has no regions (run mapf-lab solve --json on a scenario with measured regions)`);
  const out = new Map<string, RegionFigures>();
  for (const r of regions as Record<string, unknown>[]) {
    if (typeof r.name === 'string') out.set(r.name, { crossingRate: Number(r.crossingRate ?? 0), meanWait: Number(r.meanWait ?? 0), maxQueue: Number(r.maxQueue ?? 0) });
  }
  return out;
}

export const levelMarksCommand: Command = {
  name: 'level-marks',
  summary: 'Write a copy of a scenario\'s Tiled map with the lab\'s regions, spawners, exits and figures',
  usage: USAGE,
  async run(args, io) {
    const { values } = parseCommandLine(OPTIONS, args);
    if (values.scenario === undefined) throw new UsageError('--scenario is required');
    if (values.out === undefined) throw new UsageError('--out is required');
    const file = values.scenario;
    const format = levelFormatOfFile(file);
    let marks: LabMarks;
    let source: LevelSource;
    let mapFile: string;
    let size: { width: number; height: number };
    if (format) {
      const imported = scenarioFromLevelFile(file, format, choicesFromFlags(values));
      source = imported.source;
      mapFile = file;
      size = imported.level.grid;
      marks = { regions: imported.level.things.regions, spawners: imported.level.things.spawners, exits: imported.level.things.exits };
    } else {
      const scenario = parseScenarioJson(readTextFile(file, 'scenario'), file);
      if (!scenario.source) throw new Error(`${file}: the scenario was not imported from a level (it has no source), so there is no map to mark`);
      source = scenario.source;
      mapFile = resolveMapPath(file, scenario.source.path);
      size = scenario.map.kind === 'inline'
        ? { width: scenario.map.rows[0].length, height: scenario.map.rows.length }
        : readLevelFile(resolveMapPath(file, scenario.map.path), levelFormatOfFile(resolveMapPath(file, scenario.map.path)) ?? source.format, source.choices).grid;
      marks = { regions: scenario.regions, spawners: scenario.spawners, exits: scenario.exits };
    }
    if (source.format !== 'tiled-json' && source.format !== 'tiled-xml') throw new Error(`${file}: its level is ${source.format === 'ldtk' ? 'an LDtk project' : 'an image'}; marks are written into Tiled maps`);
    const out = values.out;
    const wantsXml = /\.tmx$/i.test(out);
    if (wantsXml !== (source.format === 'tiled-xml')) {
      throw new UsageError(`--out ${out}: ${mapFile} is a ${source.format === 'tiled-xml' ? 'TMX' : 'JSON'} map; write the copy as ${source.format === 'tiled-xml' ? '.tmx' : '.tmj'} (Tiled converts between them: tiled --export-map)`);
    }
    if (values.heat !== undefined && values.run === undefined) throw new UsageError('--heat needs --run: the heat map is drawn from a run\'s paths');
    if (values.run !== undefined) {
      const run = readRun(values.run);
      const figures = runFigures(values.run, run);
      const missing = marks.regions.filter((r) => !figures.has(r.name)).map((r) => r.name);
      if (missing.length > 0) io.err(`warning: ${values.run} has no figures for region ${missing.join(', ')}`);
      marks = { ...marks, regions: marks.regions.map((r) => ({ ...r, figures: figures.get(r.name) })) };
      if (values.heat !== undefined) {
        if (!Array.isArray(run.paths)) throw new Error(`${values.run}: has no paths to draw a heat map from`);
        const k = source.choices.cellsPerTile ?? 1;
        const cellWidth = (source.tileWidth ?? 1) / k;
        const cellHeight = (source.tileHeight ?? 1) / k;
        const width = Math.ceil(size.width * cellWidth);
        const height = Math.ceil(size.height * cellHeight);
        const heat = trafficHeat(size.width, size.height, run.paths as CellPath[]);
        writeFileSync(values.heat, encodePng(heatPixels(heat, size.width, size.height, cellWidth, cellHeight, width, height), width, height));
        marks = { ...marks, heat: { image: relative(dirname(resolve(values.out)), resolve(values.heat)).split(sep).join('/'), width, height } };
      }
    }
    const fromDir = dirname(resolve(mapFile));
    const toDir = dirname(resolve(out));
    const rebase = (path: string) => (/^([a-z]+:|\/)/i.test(path) ? path : relative(toDir, resolve(fromDir, path)).split(sep).join('/'));
    const text = readTextFile(mapFile, 'map');
    writeFileSync(out, wantsXml ? marksIntoTmx(text, mapFile, marks, source, rebase) : marksIntoTmj(text, mapFile, marks, source, rebase));
    io.out(`${out}: ${mapFile} with layer mapf-lab (${marks.regions.length} regions, ${marks.spawners.length} spawners, ${marks.exits.length} exits)`);
    return 0;
  },
};
