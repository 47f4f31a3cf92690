/**
 * A scenario's streams (version 4) in cells of its grid, for the simulator (core/mapf/streams.ts):
 * areas to cell lists (walls left out), names of regions, exits and task lists to what they name.
 */
import type { Grid } from '../grid/grid.ts';
import type { StreamErrands, StreamTarget, Streams } from '../mapf/streams.ts';
import type { ScenarioAgent, ScenarioRegion } from './schema.ts';
import { areaCells } from './streamChecks.ts';
import type { ScenarioErrands, ScenarioExit, ScenarioSpawner, ScenarioTarget, ScenarioTaskList } from './streamSchema.ts';

export interface StreamContent {
  agents: readonly ScenarioAgent[];
  regions: readonly ScenarioRegion[];
  spawners?: readonly ScenarioSpawner[];
  exits?: readonly ScenarioExit[];
  tasks?: readonly ScenarioTaskList[];
}

/** The content's streams on `grid` (checked names and cells: parse and contentFromScenario check them first). */
export function streamsFromContent(content: StreamContent, grid: Grid): Streams {
  const { spawners = [], exits = [], tasks = [] } = content;
  const free = (cells: number[]) => cells.filter((c) => grid.isFree(c));
  const target = (t: ScenarioTarget): StreamTarget => {
    if (t.cell !== undefined) return { kind: 'cell', cell: grid.cell(t.cell[0], t.cell[1]) };
    if (t.region !== undefined) {
      const region = content.regions.find((r) => r.name === t.region)!;
      return { kind: 'region', cells: free(areaCells({ from: region.from, to: region.to }, grid)) };
    }
    return { kind: 'exit', exit: exits.findIndex((e) => e.name === t.exit) };
  };
  const errands = (e: ScenarioErrands | undefined): StreamErrands | undefined => {
    if (e === undefined) return undefined;
    if (e.goals !== undefined) return { kind: 'list', goals: e.goals.map(target), repeat: e.repeat };
    return { kind: 'tasks', goals: tasks.find((list) => list.name === e.tasks)!.goals.map(target) };
  };
  return {
    spawners: spawners.map((s) => ({
      name: s.name,
      cells: free(areaCells(s.area, grid)),
      startTurn: s.startTurn,
      schedule: s.every !== undefined ? { kind: 'every', every: s.every } : s.rate !== undefined ? { kind: 'rate', rate: s.rate, random: s.random } : { kind: 'waves', waves: s.waves! },
      count: s.count ?? Infinity,
      seed: s.seed,
      goal: target(s.goal),
      errands: errands(s.errands),
      size: s.size,
      speed: s.speed,
      priority: s.priority,
      ...(s.admitShare !== undefined ? { admitShare: s.admitShare } : {}),
    })),
    exits: exits.map((e) => ({ name: e.name, cells: free(areaCells(e.area, grid)) })),
    placed: content.agents.map((a) => (a.errands ? { errands: errands(a.errands) } : undefined)),
  };
}
