/**
 * A League of Robot Runners problem as the editor holds it after edits: the map painted and the
 * robots moved, added or removed in the document replace the problem's own map and agents files
 * in what is run, so that Solve runs what the designer sees, never the files as they were opened.
 * The map keeps its LoRR characters (E, S) where a cell's passability did not change; the agents
 * file lists the robots in the document's order, as locations `row * width + column`, and the
 * problem's teamSize becomes their count. A task with an errand on a wall painted since is left
 * out of the tasks file (and counted), so that a wall dropped into a warehouse runs, with the
 * tasks it made impossible gone, instead of refusing the whole problem.
 */
import type { Grid } from '../grid/grid.ts';
import { parseMap, writeMap } from './movingAiMap.ts';
import { parseLorrProblemJson, readAgents, readTasks } from './lorrProblem.ts';

export interface LorrRunFiles {
  /** The problem JSON to run (teamSize rewritten when robots were added or removed). */
  problem: string;
  /** The files' texts by the relative paths the problem names them with. */
  files: Record<string, string>;
  /** What the document changed, as a person reads it: [] when it runs the files as opened. */
  edited: ('map' | 'robots')[];
  /** Tasks left out because an errand of theirs is on a wall painted since. */
  tasksDropped: number;
}

export function lorrRunFiles(problemText: string, file: string, files: Readonly<Record<string, string>>, grid: Grid, starts: ArrayLike<number>): LorrRunFiles {
  const json = parseLorrProblemJson(problemText, file);
  const out: Record<string, string> = { ...files };
  const edited: LorrRunFiles['edited'] = [];
  const original = parseMap(files[json.mapFile] ?? '', json.mapFile, { alsoPassable: 'E' });
  const sameMap = original.grid.width === grid.width && original.grid.height === grid.height && original.grid.passable.every((p, cell) => p === grid.passable[cell]);
  let tasksDropped = 0;
  if (!sameMap) {
    out[json.mapFile] = writeMap({ ...original, grid });
    edited.push('map');
    const tasks = readTasks(files[json.taskFile] ?? '', json.taskFile, original.grid);
    const kept: string[] = [];
    for (let k = 0; k < tasks.count; k++) {
      const errands = tasks.errands.subarray(tasks.offsets[k], tasks.offsets[k + 1]);
      if (errands.every((cell) => cell < grid.cells && grid.passable[cell] === 1)) kept.push(Array.from(errands).join(','));
    }
    tasksDropped = tasks.count - kept.length;
    if (kept.length === 0) throw new RangeError(`every task of ${json.taskFile} has an errand on a wall as the map is now`);
    if (tasksDropped > 0) out[json.taskFile] = `${kept.length}\n${kept.join('\n')}\n`;
  }
  const opened = readAgents(files[json.agentFile] ?? '', json.agentFile, original.grid, json.teamSize);
  const sameRobots = opened.length === starts.length && opened.every((cell, i) => cell === starts[i]);
  let problem = problemText;
  if (!sameRobots) {
    out[json.agentFile] = `${starts.length}\n${Array.from(starts).join('\n')}\n`;
    if (starts.length !== json.teamSize) problem = JSON.stringify({ ...(JSON.parse(problemText) as object), teamSize: starts.length }, null, 2);
    edited.push('robots');
  }
  return { problem, files: out, edited, tasksDropped };
}
