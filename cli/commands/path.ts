/**
 * `mapf-lab path`: runs single-agent searches on every query of a Moving AI scenario and
 * compares each length with the scenario's optimal length. Movement is the benchmark's model:
 * 8-connected, no corner cutting, diagonal cost √2. Only the searches are timed, not file I/O.
 */
import type { Command } from '../command.ts';
import { UsageError } from '../command.ts';
import { readTextFile } from '../files.ts';
import { type OptionTable, commandUsage, parseCommandLine } from '../args.ts';
import { parseMap } from '../../core/formats/movingAiMap.ts';
import { checkScenario, parseScenario } from '../../core/formats/movingAiScenario.ts';
import { OCTILE_NO_CUT } from '../../core/grid/movement.ts';
import { findPathAlgorithm, pathAlgorithmNames } from '../../core/search/pathAlgorithms.ts';
import { SearchContext } from '../../core/search/searchContext.ts';

/** Lengths further than this from the scenario's optimal length count as mismatches. */
export const LENGTH_TOLERANCE = 1e-3;

const OPTIONS = {
  map: { value: 'FILE', help: 'Moving AI .map file' },
  scen: { value: 'FILE', help: 'Moving AI .scen file for that map' },
  algo: { value: 'NAME', help: `${pathAlgorithmNames().join(' | ')} (default astar)` },
  weight: { value: 'W', help: 'heuristic weight for --algo wastar (>= 1, default 1.5)' },
  limit: { value: 'N', help: 'run only the first N queries' },
  json: { help: 'print one JSON object: { algo, queries, totalMs, meanMs, mismatches,\nresults: [{ length, expanded }] } (length null when unreachable)' },
} as const satisfies OptionTable;

const USAGE = commandUsage([
  'Usage: mapf-lab path --map FILE.map --scen FILE.scen [options]',
  '',
  'Runs every query of a Moving AI scenario (8-connected, no corner cutting) and prints each',
  "path's length and nodes expanded, then totals and the number of lengths that differ from the",
  `scenario's optimal length by more than ${LENGTH_TOLERANCE}.`,
], OPTIONS);

interface PathOptions {
  map: string;
  scen: string;
  algo: string;
  weight: number | undefined;
  limit: number;
  json: boolean;
}

function readOptions(args: string[]): PathOptions {
  const { values } = parseCommandLine(OPTIONS, args);
  if (values.map === undefined) throw new UsageError('--map FILE.map is required');
  if (values.scen === undefined) throw new UsageError('--scen FILE.scen is required');
  const algo = values.algo ?? 'astar';
  if (!findPathAlgorithm(algo)) throw new UsageError(`unknown --algo '${algo}' (expected one of ${pathAlgorithmNames().join(', ')})`);
  let weight: number | undefined;
  if (values.weight !== undefined) {
    if (algo !== 'wastar') throw new UsageError(`--weight applies only to --algo wastar, not '${algo}'`);
    weight = Number(values.weight);
    if (values.weight.trim() === '' || !Number.isFinite(weight) || weight < 1) throw new UsageError(`--weight must be a number >= 1, got '${values.weight}'`);
  }
  let limit = Infinity;
  if (values.limit !== undefined) {
    if (!/^[0-9]+$/.test(values.limit) || Number(values.limit) < 1) throw new UsageError(`--limit must be a whole number >= 1, got '${values.limit}'`);
    limit = Number(values.limit);
  }
  return { map: values.map, scen: values.scen, algo, weight, limit, json: values.json ?? false };
}


const fixed = (value: number, digits: number): string => (Number.isFinite(value) ? value.toFixed(digits) : 'unreachable');

export const pathCommand: Command = {
  name: 'path',
  summary: 'Run single-agent searches on a Moving AI scenario and check lengths',
  usage: USAGE,
  async run(args, io) {
    const options = readOptions(args);
    const grid = parseMap(readTextFile(options.map, 'map'), options.map).grid;
    const scenario = parseScenario(readTextFile(options.scen, 'scenario'), options.scen);
    checkScenario(scenario, grid, options.scen, options.map);
    const algorithm = findPathAlgorithm(options.algo)!;
    const entries = scenario.entries.slice(0, Math.min(options.limit, scenario.entries.length));
    const context = new SearchContext();
    const searchOptions = { context, weight: options.weight };

    const results: { length: number | null; expanded: number }[] = [];
    let totalMs = 0;
    let mismatches = 0;
    let expandedTotal = 0;
    const lines: string[] = [];
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i];
      const query = { grid, movement: OCTILE_NO_CUT, start: grid.cell(e.startX, e.startY), goal: grid.cell(e.goalX, e.goalY) };
      const began = performance.now();
      const result = algorithm.solve(query, searchOptions);
      totalMs += performance.now() - began;
      const mismatch = !(Math.abs(result.length - e.optimalLength) <= LENGTH_TOLERANCE);
      if (mismatch) mismatches++;
      expandedTotal += result.expanded;
      results.push({ length: Number.isFinite(result.length) ? result.length : null, expanded: result.expanded });
      if (!options.json) {
        lines.push(
          `${String(i + 1).padStart(5)}  (${e.startX}, ${e.startY}) -> (${e.goalX}, ${e.goalY})  length ${fixed(result.length, 8)}  optimal ${e.optimalText}  expanded ${result.expanded}${mismatch ? '  MISMATCH' : ''}`,
        );
      }
    }
    const meanMs = entries.length > 0 ? totalMs / entries.length : 0;
    if (options.json) {
      io.out(JSON.stringify({ algo: algorithm.name, queries: entries.length, totalMs, meanMs, mismatches, results }));
      return 0;
    }
    lines.push(
      '',
      `${algorithm.label} (${algorithm.name}) on ${options.map}, ${entries.length} queries from ${options.scen}`,
      `total ${totalMs.toFixed(1)} ms, mean ${meanMs.toFixed(3)} ms per query, ${expandedTotal} nodes expanded`,
      `lengths differing from the optimal by more than ${LENGTH_TOLERANCE}: ${mismatches}`,
    );
    io.out(lines.join('\n'));
    return 0;
  },
};
