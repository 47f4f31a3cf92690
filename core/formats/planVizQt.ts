/**
 * A plan as the "PlanViz Qt interchange" (MAPF-Competition/PlanViz's Qt viewer, planviz_qt),
 * following its specification "PlanViz JSON interchange, schema version 1"
 * (qt/src/planviz_qt/converters/FORMAT.md, read by converters/exchange.py's decode_document).
 * PlanViz's Tk viewer (script/run.py) reads the League of Robot Runners' output instead: that is
 * lorr.ts. Here:
 * More on this in README.md, "planVizQt.ts".
 */
import type { Grid } from '../grid/grid.ts';
import { type CostModel, reportedCosts } from '../mapf/plan.ts';

const cellAtTurn = (path: readonly number[], t: number): number => path[Math.max(0, Math.min(path.length - 1, t))];

export const PLANVIZ_FORMAT = 'planviz';
export const PLANVIZ_SCHEMA_VERSION = 1;

export type PlanVizAction = 'U' | 'D' | 'L' | 'R' | 'W';

export interface PlanVizDocument {
  format: typeof PLANVIZ_FORMAT;
  schema_version: typeof PLANVIZ_SCHEMA_VERSION;
  source_version: string;
  action_model: 'MAPF';
  time_unit: 'timestep';
  ticks_per_step: 1;
  max_time: number;
  map: { width: number; height: number };
  agents: { start: [number, number, number]; actual: [PlanVizAction, number][] }[];
  tasks: { id: number; release_time: number; stops: [number, number][]; assignments: [number, number][]; completions: [number, number, number][] }[];
  events: { time: number; agent_id: number; task_id: number; kind: string; stop_index: number | null; id: string }[];
  conflicts: { time: number; agent_ids: number[]; description: string; task_id: null }[];
  delays: Record<string, never>;
  metadata: Record<string, unknown>;
}

export interface PlanVizQtInput {
  grid: Grid;
  /** Units' ids and sizes, for metadata. */
  agents: readonly { id: string; size: number }[];
  paths: readonly (readonly number[])[];
  goals: readonly number[];
  /** Turns played (the longest path's last index, or the replay's). */
  turns: number;
  /** Per unit, the turn from which it rests on its goal for good, or -1. */
  arrivals: readonly number[];
  /** Collisions to list: time, units (from 0, the format's numbering), text. */
  conflicts: readonly { t: number; agents: readonly number[]; text: string }[];
  solver: string;
  status: string;
  stats: Record<string, number>;
  mapName: string;
  events: readonly { t: number; action: string; cells: readonly (readonly [number, number])[] }[];
  /** How the metadata's sum of costs is counted (the solve's). */
  costModel: CostModel;
}

/** The action that takes a unit from `from` to the adjacent `to`, or null for a diagonal or a jump. */
function actionBetween(grid: Grid, from: number, to: number): PlanVizAction | null {
  const dx = grid.x(to) - grid.x(from);
  const dy = grid.y(to) - grid.y(from);
  if (dx === 0 && dy === 0) return 'W';
  if (dy === 0 && dx === 1) return 'R';
  if (dy === 0 && dx === -1) return 'L';
  if (dx === 0 && dy === 1) return 'U';
  if (dx === 0 && dy === -1) return 'D';
  return null;
}

export function planVizQtDocument(input: PlanVizQtInput): PlanVizDocument {
  const { grid, paths, goals, turns } = input;
  const agents = paths.map((path, a) => {
    const runs: [PlanVizAction, number][] = [];
    // Every unit's sequence covers all turns (waits after its path ends), as the replay shows it.
    for (let t = 0; t < turns; t++) {
      const from = cellAtTurn(path, t);
      const to = cellAtTurn(path, t + 1);
      const action = actionBetween(grid, from, to);
      if (action === null) {
        throw new Error(`Unit ${a + 1} moves diagonally from (${grid.x(from)}, ${grid.y(from)}) to (${grid.x(to)}, ${grid.y(to)}) at t=${t}: PlanViz's action models have no diagonal step (MAPF: up, down, left, right and wait). Solve 4-connected to export for PlanViz, or export this plan as the MAPF Lab replay or mapf-visualizer text, which keep diagonal moves.`);
      }
      const last = runs[runs.length - 1];
      if (last && last[0] === action) last[1]++;
      else runs.push([action, 1]);
    }
    const start = cellAtTurn(path, 0);
    return { start: [grid.y(start), grid.x(start), -1] as [number, number, number], actual: runs };
  });
  const tasks: PlanVizDocument['tasks'] = [];
  const events: PlanVizDocument['events'] = [];
  goals.forEach((goal, a) => {
    const arrival = input.arrivals[a] ?? -1;
    tasks.push({ id: a, release_time: 0, stops: [[grid.y(goal), grid.x(goal)]], assignments: [[0, a]], completions: arrival >= 0 ? [[arrival, a, 0]] : [] });
    events.push({ time: 0, agent_id: a, task_id: a, kind: 'assigned', stop_index: null, id: `assigned:0:${a}:${a}` });
    if (arrival >= 0) events.push({ time: arrival, agent_id: a, task_id: a, kind: 'task_finished', stop_index: 0, id: `task_finished:${arrival}:${a}:${a}` });
  });
  events.sort((x, y) => x.time - y.time);
  const conflicts = input.conflicts.map((m) => ({ time: m.t, agent_ids: [...new Set(m.agents)], description: m.text, task_id: null }));
  // A run that did not solve has no cost (null).
  const { sumOfCosts: totalCost, makespan: longest } = reportedCosts(input.status === 'solved', paths, goals, input.costModel);
  const stats: Record<string, number> = {};
  for (const [key, value] of Object.entries(input.stats)) if (Number.isFinite(value)) stats[key] = value;
  return {
    format: PLANVIZ_FORMAT,
    schema_version: PLANVIZ_SCHEMA_VERSION,
    source_version: 'MAPF Lab',
    action_model: 'MAPF',
    time_unit: 'timestep',
    ticks_per_step: 1,
    max_time: turns,
    map: { width: grid.width, height: grid.height },
    agents,
    tasks,
    events,
    conflicts,
    delays: {},
    metadata: {
      generator: 'MAPF Lab',
      map: input.mapName,
      solver: input.solver,
      status: input.status,
      teamSize: paths.length,
      sumOfCost: totalCost,
      costModel: input.costModel,
      makespan: longest,
      stats,
      unitIds: input.agents.map((u) => u.id),
      unitSizes: input.agents.map((u) => u.size),
      mapEvents: input.events.map((e) => ({ t: e.t, action: e.action, cells: e.cells.map(([x, y]) => [y, x]) })),
    },
  };
}

export function planVizQtText(input: PlanVizQtInput): string {
  return `${JSON.stringify(planVizQtDocument(input), null, 2)}\n`;
}
