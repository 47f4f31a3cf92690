/**
 * `mapf-lab level-import LEVEL --out SCENARIO.json`: a designer's level (Tiled, LDtk, an image
 * plan) written as a lab scenario: its grid, the units, spawners, exits, regions and doors its
 * objects place, and its source (file and choices) so it can be imported again the same way.
 * What was dropped or assumed, and why the importer chose what blocks, is printed.
 */
import { resolve } from 'node:path';
import { scaleWords } from '../../core/experiments/rateUnits.ts';
import type { Command } from '../command.ts';
import { UsageError } from '../command.ts';
import { type OptionTable, commandUsage, parseCommandLine } from '../args.ts';
import { writeFileAtomicSync } from '../atomicWrite.ts';
import { LEVEL_OPTIONS, choicesFromFlags, levelFormatOfFile, scenarioFromLevelFile } from '../levelFiles.ts';
import { parseScenarioJson } from '../../core/scenario/parse.ts';
import { serializeScenario } from '../../core/scenario/serialize.ts';

const OPTIONS = {
  out: { value: 'SCENARIO.json', help: 'the scenario file to write (its source names the level relative\nto it)' },
  name: { value: 'TEXT', help: 'the scenario\'s name (default: the level file\'s name)' },
  ...LEVEL_OPTIONS,
} as const satisfies OptionTable;

const USAGE = commandUsage([
  'Usage: mapf-lab level-import LEVEL --out SCENARIO.json [level options]',
  '',
  'Imports a Tiled map (.tmx, .tmj), an LDtk project (.ldtk, external .ldtkl levels beside it)',
  'or a PNG/JPEG floor plan as a scenario. Walls come from the blocking layer or values chosen,',
  'else from the importer\'s guess (layers named walls or collision, tiles whose collides/solid/',
  'blocked/wall property or class says so, collision shapes); objects or entities whose class or',
  'name is unit/start, goal, spawner, exit, region or door become the scenario\'s units (goal:',
  'a goal object of the same name or the unit\'s goal property), spawners (rate, every, count,',
  'startTurn, goal), exits, measured regions and doors (turn, action open|close, until).',
], OPTIONS, ['Exit code 0 when the scenario was written, 1 on a bad level, 2 for a bad command line.']);

export const levelImportCommand: Command = {
  name: 'level-import',
  summary: 'Import a Tiled, LDtk or image level as a scenario (walls, units, spawners, exits, regions, doors)',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseCommandLine(OPTIONS, args, { positionals: true });
    if (positionals.length !== 1) throw new UsageError('one level file is required');
    if (values.out === undefined) throw new UsageError('--out is required');
    const [file] = positionals;
    const format = levelFormatOfFile(file);
    if (!format) throw new UsageError(`${file}: not a level file the lab reads (.tmx, .tmj or a Tiled .json, .ldtk, .png, .jpg)`);
    const { scenario, level } = scenarioFromLevelFile(file, format, choicesFromFlags(values), resolve(values.out));
    if (values.name !== undefined) scenario.name = values.name;
    const checked = parseScenarioJson(JSON.stringify(scenario), values.out);
    writeFileAtomicSync(values.out, serializeScenario(checked));
    for (const reason of level.guessReasons) io.err(`blocking guessed from ${reason}`);
    for (const warning of level.warnings) io.err(`warning: ${warning}`);
    const t = level.things;
    io.out(`${values.out}: ${level.grid.width} x ${level.grid.height} cells, ${t.agents.length} units, ${t.spawners.length} spawners, ${t.exits.length} exits, ${t.regions.length} regions, ${t.events.length} door events${level.scale ? `; ${scaleWords(level.scale)} (the map's properties)` : ''}`);
    return 0;
  },
};
