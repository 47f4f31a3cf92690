/**
 * The plan on screen as the product's replay file (core/replayFile), with the scenario's units
 * and timed map events, the solver settings and the metrics. The replay itself is the
 * simulator's when the solver ran in it and sent it with its result (its events and the map
 * changes it applied, closings postponed while a unit stood in the door included); for an
 * offline solver it is rebuilt from the paths with the events the renderer derives from them
 * (waits, arrivals, the validator's collisions), and `mapChanges` stays empty: such solvers
 * refuse scenarios with map events, so none was applied.
 */
import { REPLAY_FORMAT, REPLAY_VERSION, type Replay } from '../../../core/contract/replay.ts';
import type { TurnEvent } from '../../../core/contract/controller.ts';
import { ABSENT, costModelOf, reportedCosts } from '../../../core/mapf/plan.ts';
import type { WireStreamMeasures } from '../../../core/scenario/streamWire.ts';
import type { ScenarioExit, ScenarioSpawner, ScenarioTaskList } from '../../../core/scenario/streamSchema.ts';
import { replayFileFromReplay, serializeReplayFile } from '../../../core/replayFile/replayFile.ts';
import type { ReplayFile } from '../../../core/replayFile/schema.ts';
import type { Grid } from '../../../core/grid/grid.ts';
import type { Movement } from '../../../core/grid/movement.ts';
import type { MapEvent, ScenarioAgent, ScenarioMap } from '../../../core/scenario/schema.ts';
import type { SolveStatus } from '../../../core/contract/types.ts';
import { cellAtTurn, type ReplayAnalysis } from '../replay/analysis.ts';
import { decodeReplay, type WireReplay } from '../../../core/protocol/turnEventWire.ts';

export interface ReplayExportInput {
  name: string;
  grid: Grid;
  /** The scenario's map in file form (a reference to an unedited .map, else inline rows). */
  map: ScenarioMap;
  movement: Movement;
  agents: readonly ScenarioAgent[];
  events: readonly MapEvent[];
  /** A stream's spawners, exits and task lists as the scenario writes them (kept in the file with its measures). */
  streams?: { spawners: ScenarioSpawner[]; exits: ScenarioExit[]; tasks: ScenarioTaskList[] };
  /** Seed and params as the solve request sent them (solveRequestFields). */
  request: { seed: number; params: Record<string, unknown> };
  outcome: {
    solver: string;
    status: SolveStatus;
    message?: string;
    paths: readonly (readonly number[])[];
    goals: readonly number[];
    stats: Record<string, number>;
    analysis: ReplayAnalysis;
    /** The simulator's replay from the solve result, when it sent one. */
    replay?: WireReplay;
    /** A stream's measures and spawned units (after the scenario's own). */
    streams?: WireStreamMeasures;
    streamUnits?: readonly ScenarioAgent[];
  };
}

/** The run as the simulator's Replay: every unit on its cell at t = 0 … turns, events in turn order. */
export function replayFromPlan(grid: Grid, paths: readonly (readonly number[])[], analysis: ReplayAnalysis): Replay {
  const agents = paths.length;
  const turns = analysis.turns;
  const positions = new Int32Array((turns + 1) * agents);
  for (let t = 0; t <= turns; t++) for (let a = 0; a < agents; a++) positions[t * agents + a] = cellAtTurn(paths[a] as number[], t);
  const events: TurnEvent[] = [];
  paths.forEach((path, a) => {
    const arrival = analysis.units[a]?.arrival ?? -1;
    const end = arrival >= 0 ? arrival : path.length - 1;
    // As the simulator reports a wait: at the turn whose move it skipped (t -> t + 1).
    for (let t = 1; t <= end; t++) if (path[t] === path[t - 1]) events.push({ kind: 'wait', t: t - 1, agent: a, cell: path[t] });
    if (arrival >= 0) events.push({ kind: 'arrival', t: arrival, agent: a, cell: path[arrival] });
  });
  for (const mark of analysis.marks) {
    if (mark.kind !== 'collision' || mark.agents.length === 0) continue;
    events.push({ kind: 'collision', t: mark.t, agent: mark.agents[0], others: mark.agents.slice(1), detail: mark.text });
  }
  events.sort((x, y) => x.t - y.t);
  return { format: REPLAY_FORMAT, version: REPLAY_VERSION, width: grid.width, height: grid.height, agents, turns, positions, events, mapChanges: [] };
}

/**
 * The units a replay file lists: the scenario's, then a stream's spawned ones, whose goal is their
 * last cell on the map (a unit that left by an exit has no goal cell; the file's cells are on the map).
 */
function fileUnits(agents: readonly ScenarioAgent[], outcome: ReplayExportInput['outcome']): ScenarioAgent[] {
  const spawned = (outcome.streamUnits ?? []).map((unit, k) => {
    if (unit.goal[0] >= 0) return unit;
    const path = outcome.paths[agents.length + k] ?? [];
    const last = path.findLast((cell) => cell !== ABSENT) ?? ABSENT;
    const width = outcome.replay?.width ?? 1;
    return { ...unit, goal: last === ABSENT ? unit.start : [last % width, Math.floor(last / width)] as [number, number] };
  });
  return [...agents, ...spawned];
}

export function replayFileOfPlan(input: ReplayExportInput): ReplayFile {
  const { outcome, request } = input;
  const replay = outcome.replay ? decodeReplay(outcome.replay) : replayFromPlan(input.grid, outcome.paths, outcome.analysis);
  const finite = (n: number) => (Number.isFinite(n) ? n : null);
  const stats: Record<string, number> = {};
  for (const [key, value] of Object.entries(outcome.stats)) if (Number.isFinite(value)) stats[key] = value;
  const costs = reportedCosts(outcome.status === 'solved' && !outcome.streams, outcome.paths, outcome.goals, costModelOf(input.request.params));
  const solver: ReplayFile['solver'] = { name: outcome.solver, status: outcome.status, seed: request.seed, params: { ...request.params } };
  if (outcome.message) solver.message = outcome.message;
  return replayFileFromReplay(replay, {
    name: input.name,
    map: input.map,
    connectivity: input.movement.connectivity,
    corners: input.movement.corners,
    units: fileUnits(input.agents, outcome),
    mapEvents: input.events,
    solver,
    ...(outcome.streams && input.streams ? { streams: { placed: input.agents.length, ...input.streams, measures: outcome.streams } } : {}),
    metrics: {
      // A run that did not solve has no cost.
      sumOfCosts: costs.sumOfCosts === null ? null : finite(costs.sumOfCosts),
      costModel: costModelOf(input.request.params),
      makespan: costs.makespan === null ? null : finite(costs.makespan),
      stats,
    },
  });
}

export function replayFileText(input: ReplayExportInput): string {
  return serializeReplayFile(replayFileOfPlan(input));
}
