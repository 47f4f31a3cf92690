/**
 * A plan as the League of Robot Runners' output JSON, the file PlanViz's Tk viewer
 * (MAPF-Competition/PlanViz, `script/run.py --plan FILE`) opens, in its two versions: "2023 LoRR"
 * (PlanConfig2023) and "2024 LoRR" (PlanConfig2024, tasks as errand sequences with a schedule). Fields as the
 * Start-Kit documents them (Start-Kit README and Input_Output_Format.md, "Output file"):
 * More on this in README.md, "lorr.ts".
 */
import type { Grid } from '../grid/grid.ts';
import { pathCost, reportedCosts } from '../mapf/plan.ts';
import { ACTION_LETTERS, HEADING_LETTERS, type HeadingLetter, turningAction } from '../grid/headings.ts';

export const LORR_VERSIONS = ['2023 LoRR', '2024 LoRR'] as const;
export type LorrVersion = (typeof LORR_VERSIONS)[number];

/** One problem to show on the timeline: agents (indices from 0), time, what. */
export interface PlanError {
  agents: readonly number[];
  t: number;
  text: string;
}

export interface PlanExportInput {
  grid: Grid;
  paths: readonly (readonly number[])[];
  goals: readonly number[];
  /** The run's status: only 'solved' has a cost. */
  status: string;
  errors?: readonly PlanError[];
  /** Turning units: each agent's heading at each time (as long as its path); writes MAPF_T. */
  headings?: readonly ArrayLike<number>[];
}

export type LorrAction = 'U' | 'D' | 'L' | 'R' | 'W' | 'F' | 'C';

export interface LorrDocument {
  version: LorrVersion;
  actionModel: 'MAPF' | 'MAPF_T';
  AllValid: 'Yes' | 'No';
  teamSize: number;
  start: [number, number, HeadingLetter][];
  numTaskFinished: number;
  sumOfCost: number | null;
  costModel: 'rest';
  makespan: number;
  actualPaths: string[];
  plannerPaths: string[];
  plannerTimes: number[];
  errors: [number, number, number, string][] | [number, number, number, number, string][];
  events: [number, number, 'assigned' | 'finished'][][] | [number, number, number, number][];
  tasks: [number, number, number][] | [number, number, [number, number]][];
  actualSchedule?: string[];
  plannerSchedule?: string[];
}

const cellOf = (path: readonly number[], t: number) => path[t < path.length ? t : path.length - 1];

/** The action from `from` to `to`, or null for a diagonal or a jump. */
function action(grid: Grid, from: number, to: number): LorrAction | null {
  const dx = grid.x(to) - grid.x(from);
  const dy = grid.y(to) - grid.y(from);
  if (dx === 0 && dy === 0) return 'W';
  if (dy === 0) return dx === 1 ? 'R' : dx === -1 ? 'L' : null;
  if (dx === 0) return dy === 1 ? 'U' : dy === -1 ? 'D' : null;
  return null;
}

export function lorrDocument(input: PlanExportInput, version: LorrVersion = '2023 LoRR'): LorrDocument {
  const { grid, paths, goals } = input;
  let turns = 0;
  for (const path of paths) turns = Math.max(turns, path.length - 1);
  const headings = input.headings;
  const headingAt = (a: number, t: number) => headings![a][t < headings![a].length ? t : headings![a].length - 1];
  const actualPaths = paths.map((path, a) => {
    const actions: LorrAction[] = [];
    for (let t = 0; t < turns; t++) {
      const from = cellOf(path, t);
      const to = cellOf(path, t + 1);
      if (headings !== undefined) {
        const code = turningAction(grid.width, from, headingAt(a, t), to, headingAt(a, t + 1));
        if (code < 0) throw new Error(`Unit ${a + 1} cannot go from (${grid.x(from)}, ${grid.y(from)}) facing ${HEADING_LETTERS[headingAt(a, t)] ?? '?'} to (${grid.x(to)}, ${grid.y(to)}) facing ${HEADING_LETTERS[headingAt(a, t + 1)] ?? '?'} in one action at t=${t}: the League of Robot Runners' MAPF_T model moves forward or turns 90 degrees, one at a time.`);
        actions.push(ACTION_LETTERS[code]);
        continue;
      }
      const step = action(grid, from, to);
      if (step === null) {
        throw new Error(`Unit ${a + 1} moves diagonally from (${grid.x(from)}, ${grid.y(from)}) to (${grid.x(to)}, ${grid.y(to)}) at t=${t}: the League of Robot Runners' MAPF action model has no diagonal step. Solve 4-connected to export for PlanViz, or export the replay or mapf-visualizer text.`);
      }
      actions.push(step);
    }
    return actions.join(',');
  });
  /** Per agent, the timestep it rests on its goal for good, or -1. */
  const finishes = paths.map((path, a) => (path.length > 0 && path[path.length - 1] === goals[a] ? pathCost(path, goals[a], 'rest') : -1));
  const finished = finishes.filter((t) => t >= 0).length;
  const raw = input.errors ?? [];
  const recent = version === '2024 LoRR';
  const schedule = paths.map((_, a) => `0:${a}`);
  return {
    version,
    ...(recent ? { actualSchedule: schedule, plannerSchedule: [...schedule] } : {}),
    actionModel: headings !== undefined ? 'MAPF_T' : 'MAPF',
    AllValid: raw.length === 0 ? 'Yes' : 'No',
    teamSize: paths.length,
    start: paths.map((path, a): [number, number, HeadingLetter] => [grid.y(path[0]), grid.x(path[0]), headings !== undefined ? HEADING_LETTERS[headingAt(a, 0)] : 'E']),
    numTaskFinished: finished,
    sumOfCost: reportedCosts(input.status === 'solved', paths, goals, 'rest').sumOfCosts,
    costModel: 'rest',
    makespan: turns,
    actualPaths,
    plannerPaths: [...actualPaths],
    plannerTimes: [],
    errors: recent
      ? raw.map((e): [number, number, number, number, string] => [e.agents[0] ?? -1, e.agents[0] ?? -1, e.agents[1] ?? -1, e.t, e.text])
      : raw.map((e): [number, number, number, string] => [e.agents[0] ?? -1, e.agents[1] ?? -1, e.t, e.text]),
    events: recent
      ? finishes.flatMap((t, a): [number, number, number, number][] => (t >= 0 ? [[t, a, a, 1]] : [])).sort((x, y) => x[0] - y[0])
      : finishes.map((t, a): [number, number, 'assigned' | 'finished'][] => (t >= 0 ? [[a, 0, 'assigned'], [a, t, 'finished']] : [[a, 0, 'assigned']])),
    tasks: recent
      ? goals.map((goal, a): [number, number, [number, number]] => [a, 0, [grid.y(goal), grid.x(goal)]])
      : goals.map((goal, a): [number, number, number] => [a, grid.y(goal), grid.x(goal)]),
  };
}

export function lorrText(input: PlanExportInput, version: LorrVersion = '2023 LoRR'): string {
  return `${JSON.stringify(lorrDocument(input, version))}\n`;
}
