/**
 * A scenario as the program works on it: the map as a Grid, movement as a Movement, cells still
 * as [x, y] (they survive a map resize). The editor's document is this shape; the conversions
 * here are the only way between it, the file form and the solvers' MapfInstance.
 */
import { Grid } from '../grid/grid.ts';
import type { Movement } from '../grid/movement.ts';
import type { AgentTask, MapfInstance } from '../mapf/instance.ts';
import { defaultAgentColor } from '../mapf/agentColors.ts';
import { SCENARIO_FORMAT, SCENARIO_VERSION, type InlineMap, type MapEvent, type ObstacleKnowledge, type Scenario, type ScenarioAgent, type ScenarioObstacle, type ScenarioRegion, type SolverSettings } from './schema.ts';
import type { LevelSource } from './levelSourceSchema.ts';
import type { TimeScale } from './timeScaleSchema.ts';
import type { ScenarioErrands, ScenarioExit, ScenarioSpawner, ScenarioTaskList } from './streamSchema.ts';
import type { MovingObstacle } from '../mapf/obstacles.ts';
import { checkScenarioOnGrid, checkScenarioStructure } from './checks.ts';
import { gridFromInlineMap, inlineMapFromGrid } from './inlineMap.ts';
import { ScenarioError } from './scenarioError.ts';

/** Where the map came from: written in the scenario, or a Moving AI file beside it. */
export type MapSource = { kind: 'inline' } | { kind: 'file'; path: string };

export interface ScenarioContent {
  name: string;
  grid: Grid;
  mapSource: MapSource;
  movement: Movement;
  agents: readonly ScenarioAgent[];
  solver: SolverSettings;
  events: readonly MapEvent[];
  /** Moving obstacles, waypoints as [x, y] (scenario version 3). */
  obstacles: readonly ScenarioObstacle[];
  /** What units know of the obstacles. */
  knowledge: ObstacleKnowledge;
  /** Measured regions (a bridge, a door): named rectangles every solve reports on. */
  regions: readonly ScenarioRegion[];
  /** Streams (version 4): spawners, exits and task lists, carried as written (absent: none). */
  spawners?: readonly ScenarioSpawner[];
  exits?: readonly ScenarioExit[];
  tasks?: readonly ScenarioTaskList[];
  /** The level it was imported from (version 5), carried as written. */
  source?: LevelSource;
  /** How long a turn lasts and how wide a cell is in the game (version 6; absent: not said). */
  scale?: TimeScale;
}

/** Display facts of a unit that a MapfInstance does not carry, by the instance's agent index. */
export interface UnitInfo {
  id: string;
  name: string;
  colour: string;
}

/** A timed map event with cells as cell numbers of the instance's grid. */
export interface CellEvent {
  t: number;
  cells: number[];
  action: 'close' | 'open';
}

export interface InstanceWithUnits {
  instance: MapfInstance;
  units: UnitInfo[];
  events: CellEvent[];
  /** Moving obstacles with their waypoints as cells of the instance's grid. */
  obstacles: MovingObstacle[];
}

/**
 * The content of a checked scenario. A map given as a file needs its grid in `mapGrid` (read by
 * the caller: core does not touch files). Units and events are checked against the grid; a
 * problem throws a ScenarioError naming the unit.
 */
export function contentFromScenario(scenario: Scenario, options: { mapGrid?: Grid; fileName?: string } = {}): ScenarioContent {
  const file = options.fileName ?? '<scenario>';
  let grid: Grid;
  if (scenario.map.kind === 'inline') {
    const structure = checkScenarioStructure(scenario);
    if (structure.length > 0) throw new ScenarioError(file, structure);
    grid = gridFromInlineMap(scenario.map);
  } else {
    if (!options.mapGrid) throw new ScenarioError(file, [{ path: 'map.path', message: `the map file '${scenario.map.path}' has to be read first` }]);
    grid = options.mapGrid;
  }
  const problems = checkScenarioOnGrid(scenario, grid);
  if (problems.length > 0) throw new ScenarioError(file, problems);
  return {
    name: scenario.name,
    grid,
    mapSource: scenario.map.kind === 'inline' ? { kind: 'inline' } : { kind: 'file', path: scenario.map.path },
    movement: { connectivity: scenario.connectivity, corners: scenario.corners },
    agents: scenario.agents.slice(),
    solver: scenario.solver,
    events: scenario.events.slice(),
    obstacles: scenario.obstacles.slice(),
    knowledge: scenario.knowledge,
    regions: scenario.regions.slice(),
    spawners: scenario.spawners.slice(),
    exits: scenario.exits.slice(),
    tasks: scenario.tasks.slice(),
    ...(scenario.source !== undefined ? { source: scenario.source } : {}),
    ...(scenario.scale !== undefined ? { scale: scenario.scale } : {}),
  };
}

/**
 * The file form of some content. A map from a file is written as a reference unless
 * `inlineMap` is set (the caller sets it when the map was edited and not saved back to its file).
 * `inlineMapOf` writes the grid inline instead of inlineMapFromGrid (the same rows): autosave
 * keeps a big map's rows between its writes.
 */
export function scenarioFromContent(content: ScenarioContent, options: { inlineMap?: boolean; inlineMapOf?: (grid: Grid) => InlineMap } = {}): Scenario {
  const map = content.mapSource.kind === 'file' && !options.inlineMap
    ? { kind: 'file' as const, path: content.mapSource.path }
    : (options.inlineMapOf ?? inlineMapFromGrid)(content.grid);
  return {
    format: SCENARIO_FORMAT,
    version: SCENARIO_VERSION,
    name: content.name,
    map,
    connectivity: content.movement.connectivity,
    corners: content.movement.corners,
    agents: content.agents.slice(),
    solver: content.solver,
    events: content.events.slice(),
    obstacles: content.obstacles.slice(),
    knowledge: content.knowledge,
    regions: content.regions.slice(),
    spawners: content.spawners?.slice() ?? [],
    exits: content.exits?.slice() ?? [],
    tasks: content.tasks?.slice() ?? [],
    ...(content.source !== undefined ? { source: content.source } : {}),
    ...(content.scale !== undefined ? { scale: content.scale } : {}),
  };
}

/** The solvers' view: cells as numbers, agents by index, with the units' display facts beside. The grid is shared, not copied. */
export function instanceFromContent(content: ScenarioContent): InstanceWithUnits {
  const { grid } = content;
  const agents: AgentTask[] = content.agents.map((a) => ({
    start: grid.cell(a.start[0], a.start[1]),
    goal: grid.cell(a.goal[0], a.goal[1]),
    size: a.size,
    speed: a.speed,
    priority: a.priority,
  }));
  return {
    instance: { grid, movement: content.movement, agents },
    units: content.agents.map((a) => ({ id: a.id, name: a.name, colour: a.colour })),
    events: content.events.map((e) => ({ t: e.t, cells: e.cells.map(([x, y]) => grid.cell(x, y)), action: e.action })),
    obstacles: content.obstacles.map((o) => ({ id: o.id, size: o.size, speed: o.speed, route: o.route.map(([x, y]) => grid.cell(x, y)), mode: o.mode, startTurn: o.startTurn })),
  };
}

/** A unit with the file's optional fields filled in (name: the id; colour: the palette's for its index). */
export function completeAgent(agent: { id: string; name?: string; colour?: string; start: readonly [number, number]; goal: readonly [number, number]; priority?: number; size?: number; speed?: number; errands?: ScenarioErrands }, index: number): ScenarioAgent {
  const complete: ScenarioAgent = {
    id: agent.id,
    name: agent.name ?? agent.id,
    colour: (agent.colour ?? defaultAgentColor(index)).toLowerCase(),
    start: [agent.start[0], agent.start[1]],
    goal: [agent.goal[0], agent.goal[1]],
    priority: agent.priority ?? 0,
    size: agent.size ?? 1,
    speed: agent.speed ?? 1,
  };
  if (agent.errands !== undefined) complete.errands = agent.errands;
  return complete;
}
