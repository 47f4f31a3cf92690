/**
 * A solved plan as a MAPF tracker submission row (tracker.pathfinding.ai, the Moving AI
 * benchmark's results site), in the columns of its published results CSV, which PlanViz's
 * `script/tracker_transfer.py` also reads: `map_name, scen_type, type_id, agents, lower_cost,
 * solution_cost, solution_plan`.
 * More on this in README.md, "mapfTracker.ts".
 */
import type { Grid } from '../grid/grid.ts';
import { pathCost, sumOfCosts } from '../mapf/plan.ts';

export type TrackerMotion = 'u' | 'd' | 'l' | 'r' | 'w';

export interface TrackerInput {
  grid: Grid;
  paths: readonly (readonly number[])[];
  goals: readonly number[];
  status: string;
  /** The Moving AI map's name without .map, e.g. random-32-32-20. */
  mapName: string;
  /** 'random' or 'even', and the scenario's number: random-32-32-20-random-1.scen is random, 1. */
  scenType: string;
  typeId: number;
  /** A proved lower bound on the sum of costs ('rest'), when the solver proved one. */
  lowerCost?: number | null;
}

export interface TrackerRow {
  map_name: string;
  scen_type: string;
  type_id: number;
  agents: number;
  lower_cost: number | null;
  solution_cost: number;
  solution_plan: string;
  /** The plan's u is y - 1 (the validator's convention), so the server must not swap u and d. */
  flip_up_down: true;
}

export const TRACKER_COLUMNS: readonly (keyof TrackerRow)[] = ['map_name', 'scen_type', 'type_id', 'agents', 'lower_cost', 'solution_cost', 'solution_plan', 'flip_up_down'];

/** Scenario type and number from a Moving AI scenario file name (…-random-3.scen, …-even-12.scen). */
export function scenarioKind(fileName: string): { scenType: string; typeId: number } | null {
  const match = /-(random|even)-(\d+)\.scen$/.exec(fileName);
  return match ? { scenType: match[1], typeId: Number(match[2]) } : null;
}

/** Run-length encoding of a motion string: runs of k > 1 as `k` + letter. */
export function runLengthEncode(motions: readonly TrackerMotion[]): string {
  let out = '';
  for (let i = 0; i < motions.length;) {
    let j = i + 1;
    while (j < motions.length && motions[j] === motions[i]) j++;
    out += (j - i > 1 ? String(j - i) : '') + motions[i];
    i = j;
  }
  return out;
}

/** One agent's motions until it rests on its goal for good. */
export function trackerMotions(grid: Grid, path: readonly number[], goal: number, agent = 0): TrackerMotion[] {
  const end = pathCost(path, goal, 'rest');
  const motions: TrackerMotion[] = [];
  for (let t = 0; t < end; t++) {
    const dx = grid.x(path[t + 1]) - grid.x(path[t]);
    const dy = grid.y(path[t + 1]) - grid.y(path[t]);
    const motion: TrackerMotion | null = dx === 0 && dy === 0 ? 'w' : dy === 0 && dx === 1 ? 'r' : dy === 0 && dx === -1 ? 'l' : dx === 0 && dy === 1 ? 'd' : dx === 0 && dy === -1 ? 'u' : null;
    if (motion === null) throw new Error(`Unit ${agent + 1} moves diagonally at t=${t}: the MAPF tracker's plans are 4-connected (u, d, l, r, w)`);
    motions.push(motion);
  }
  return motions;
}

export function trackerRow(input: TrackerInput): TrackerRow {
  const { grid, paths, goals } = input;
  if (input.status !== 'solved') throw new Error(`the MAPF tracker takes solved plans only; this run's status is ${input.status}`);
  return {
    map_name: input.mapName,
    scen_type: input.scenType,
    type_id: input.typeId,
    agents: paths.length,
    lower_cost: input.lowerCost ?? null,
    solution_cost: sumOfCosts(paths, goals, 'rest'),
    solution_plan: paths.map((path, a) => runLengthEncode(trackerMotions(grid, path, goals[a], a))).join('\n'),
    flip_up_down: true,
  };
}

/** RFC 4180 CSV: a header and one row (the plan's line breaks inside its quoted field). */
export function trackerCsv(row: TrackerRow): string {
  const quote = (value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${TRACKER_COLUMNS.join(',')}\n${TRACKER_COLUMNS.map((c) => quote(row[c])).join(',')}\n`;
}

export function trackerJson(row: TrackerRow): string {
  return `${JSON.stringify(row)}\n`;
}
