/**
 * A plan as the League of Robot Runners' output JSON ("2023 LoRR"), the file PlanViz's Tk viewer
 * (MAPF-Competition/PlanViz, `script/run.py --plan FILE`, PlanConfig2023) opens. Fields as the
 * Start-Kit documents them (Start-Kit README and Input_Output_Format.md, "Output file"):
 *
 * - `version: "2023 LoRR"` (what run.py reads to choose its reader), `actionModel: "MAPF"`: moves
 *   without turning. The Start-Kit's default MAPF_T (forward, turn, wait) would need turns the
 *   plan never took, so it is not used; MAPF's letters are U (row + 1), D (row - 1), L (column - 1),
 *   R (column + 1), W (wait), as PlanViz's state_transition_mapf applies them.
 * - `teamSize`; `start`: per agent [row, column, heading] with heading "E" (the Start-Kit's
 *   letters E, N, W, S; MAPF moves never read it); `makespan`: the turns played, every agent's
 *   action string that long (waits after it arrives).
 * - `actualPaths` and `plannerPaths`: per agent the actions joined by ",", both the executed
 *   plan (ours are planned and executed alike).
 * - `errors`: [agent1, agent2 (-1 for one agent), timestep, description], agents from 0 as the
 *   format numbers them (its own convention, not a person-facing text).
 * - `tasks`: one per agent, its goal: [task id = agent, row, column]; `events` per agent:
 *   [task id, timestep, "assigned"] at 0 and [task id, timestep, "finished"] when it rests on its
 *   goal for good; `numTaskFinished`.
 * - `sumOfCost`: the 'rest' model, the sum of those finish times, so the file agrees with itself;
 *   null when the run did not solve (a run that did not solve has no cost). `costModel` names it.
 *
 * Diagonal moves (8-connected plans) are refused: MAPF has no diagonal step, and two straight
 * steps would misstate the plan (see the PlanViz Qt interchange writer for the same decision).
 */
import type { Grid } from '../grid/grid.ts';
import { pathCost, reportedCosts } from '../mapf/plan.ts';

export const LORR_VERSION = '2023 LoRR';

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
}

export type LorrAction = 'U' | 'D' | 'L' | 'R' | 'W';

export interface LorrDocument {
  version: typeof LORR_VERSION;
  actionModel: 'MAPF';
  AllValid: 'Yes' | 'No';
  teamSize: number;
  start: [number, number, 'E'][];
  numTaskFinished: number;
  sumOfCost: number | null;
  costModel: 'rest';
  makespan: number;
  actualPaths: string[];
  plannerPaths: string[];
  plannerTimes: number[];
  errors: [number, number, number, string][];
  events: [number, number, 'assigned' | 'finished'][][];
  tasks: [number, number, number][];
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

export function lorrDocument(input: PlanExportInput): LorrDocument {
  const { grid, paths, goals } = input;
  let turns = 0;
  for (const path of paths) turns = Math.max(turns, path.length - 1);
  const actualPaths = paths.map((path, a) => {
    const actions: LorrAction[] = [];
    for (let t = 0; t < turns; t++) {
      const from = cellOf(path, t);
      const to = cellOf(path, t + 1);
      const step = action(grid, from, to);
      if (step === null) {
        throw new Error(`Unit ${a + 1} moves diagonally from (${grid.x(from)}, ${grid.y(from)}) to (${grid.x(to)}, ${grid.y(to)}) at t=${t}: the League of Robot Runners' MAPF action model has no diagonal step. Solve 4-connected to export for PlanViz, or export the replay or mapf-visualizer text.`);
      }
      actions.push(step);
    }
    return actions.join(',');
  });
  let finished = 0;
  const events = paths.map((path, a) => {
    const list: [number, number, 'assigned' | 'finished'][] = [[a, 0, 'assigned']];
    if (path.length > 0 && path[path.length - 1] === goals[a]) {
      list.push([a, pathCost(path, goals[a], 'rest'), 'finished']);
      finished++;
    }
    return list;
  });
  const errors = (input.errors ?? []).map((e): [number, number, number, string] => [e.agents[0] ?? -1, e.agents[1] ?? -1, e.t, e.text]);
  return {
    version: LORR_VERSION,
    actionModel: 'MAPF',
    AllValid: errors.length === 0 ? 'Yes' : 'No',
    teamSize: paths.length,
    start: paths.map((path) => [grid.y(path[0]), grid.x(path[0]), 'E']),
    numTaskFinished: finished,
    sumOfCost: reportedCosts(input.status === 'solved', paths, goals, 'rest').sumOfCosts,
    costModel: 'rest',
    makespan: turns,
    actualPaths,
    plannerPaths: [...actualPaths],
    plannerTimes: [],
    errors,
    events,
    tasks: goals.map((goal, a) => [a, grid.y(goal), grid.x(goal)]),
  };
}

export function lorrText(input: PlanExportInput): string {
  return `${JSON.stringify(lorrDocument(input))}\n`;
}
