/**
 * A League of Robot Runners problem as the editor holds it after edits: the map painted and the
 * robots moved, added or removed in the document replace the problem's own map and agents files
 * in what is run, so that Solve runs what the designer sees, never the files as they were opened.
 * The map keeps its LoRR characters (E, S) where a cell's passability did not change; the agents
 * file lists the robots in the document's order, as locations `row * width + column`, and the
 * problem's teamSize becomes their count. A task that now lies on a wall is then refused by the
 * reader with its file, line and column, as any bad task is.
 */
import type { Grid } from '../grid/grid.ts';
import { parseMap, writeMap } from './movingAiMap.ts';
import { parseLorrProblemJson, readAgents } from './lorrProblem.ts';

export interface LorrRunFiles {
  /** The problem JSON to run (teamSize rewritten when robots were added or removed). */
  problem: string;
  /** The files' texts by the relative paths the problem names them with. */
  files: Record<string, string>;
  /** What the document changed, as a person reads it: [] when it runs the files as opened. */
  edited: ('map' | 'robots')[];
}

export function lorrRunFiles(problemText: string, file: string, files: Readonly<Record<string, string>>, grid: Grid, starts: ArrayLike<number>): LorrRunFiles {
  const json = parseLorrProblemJson(problemText, file);
  const out: Record<string, string> = { ...files };
  const edited: LorrRunFiles['edited'] = [];
  const original = parseMap(files[json.mapFile] ?? '', json.mapFile, { alsoPassable: 'E' });
  const sameMap = original.grid.width === grid.width && original.grid.height === grid.height && original.grid.passable.every((p, cell) => p === grid.passable[cell]);
  if (!sameMap) {
    out[json.mapFile] = writeMap({ ...original, grid });
    edited.push('map');
  }
  const opened = readAgents(files[json.agentFile] ?? '', json.agentFile, original.grid, json.teamSize);
  const sameRobots = opened.length === starts.length && opened.every((cell, i) => cell === starts[i]);
  let problem = problemText;
  if (!sameRobots) {
    out[json.agentFile] = `${starts.length}\n${Array.from(starts).join('\n')}\n`;
    if (starts.length !== json.teamSize) problem = JSON.stringify({ ...(JSON.parse(problemText) as object), teamSize: starts.length }, null, 2);
    edited.push('robots');
  }
  return { problem, files: out, edited };
}
