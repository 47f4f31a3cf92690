/**
 * The checks a schema cannot express (streams: streamChecks.ts): unique ids and region names, units placed on free cells of the map without
 * overlapping, events inside the map. Each problem names the field by its path and the unit by
 * its id, e.g. `agents[2].goal: unit 'scout' has its goal at (4, 1), which is a wall`.
 */
import type { Grid } from '../grid/grid.ts';
import type { MapEvent, Scenario, ScenarioAgent, ScenarioObstacle, ScenarioRegion } from './schema.ts';
import { ObstacleError, obstacleTimetable } from '../mapf/obstacles.ts';
import type { ScenarioProblem } from './scenarioError.ts';
import { checkInlineMap } from './inlineMap.ts';
import { type StreamParts, checkStreamNames, checkStreamsOnGrid } from './streamChecks.ts';

/** Checks that need no map: ids, and the inline map's own shape. */
export function checkScenarioStructure(scenario: Scenario, solverNames?: readonly string[]): ScenarioProblem[] {
  const problems: ScenarioProblem[] = [];
  if (scenario.map.kind === 'inline') checkInlineMap(scenario.map, problems);
  const ids = new Map<string, number>();
  scenario.agents.forEach((agent, i) => {
    const first = ids.get(agent.id);
    if (first !== undefined) problems.push({ path: `agents[${i}].id`, message: `id '${agent.id}' is already used by agents[${first}]; ids must be unique` });
    else ids.set(agent.id, i);
  });
  const obstacleIds = new Map<string, number>();
  scenario.obstacles.forEach((obstacle, i) => {
    const first = obstacleIds.get(obstacle.id);
    if (first !== undefined) problems.push({ path: `obstacles[${i}].id`, message: `id '${obstacle.id}' is already used by obstacles[${first}]; ids must be unique` });
    else obstacleIds.set(obstacle.id, i);
  });
  const regionNames = new Map<string, number>();
  (scenario.regions ?? []).forEach((region, i) => {
    const first = regionNames.get(region.name);
    if (first !== undefined) problems.push({ path: `regions[${i}].name`, message: `name '${region.name}' is already used by regions[${first}]; region names must be unique` });
    else regionNames.set(region.name, i);
  });
  checkStreamNames(scenario, problems);
  if (solverNames && !solverNames.includes(scenario.solver.solver)) {
    problems.push({ path: 'solver.solver', message: `unknown solver '${scenario.solver.solver}' (known: ${solverNames.join(', ')})` });
  }
  return problems;
}

/** Checks units, events and obstacles against the map they will run on (the editor runs it after every unit edit). */
export function checkScenarioOnGrid(scenario: { agents: readonly ScenarioAgent[]; events: readonly MapEvent[]; obstacles?: readonly ScenarioObstacle[]; regions?: readonly ScenarioRegion[] } & StreamParts, grid: Grid): ScenarioProblem[] {
  const problems: ScenarioProblem[] = [];
  const starts = new Map<number, number>();
  const goals = new Map<number, number>();
  scenario.agents.forEach((agent, i) => {
    checkPlacement(grid, scenario.agents, agent, i, 'start', starts, problems);
    checkPlacement(grid, scenario.agents, agent, i, 'goal', goals, problems);
  });
  scenario.events.forEach((event, e) => {
    event.cells.forEach(([x, y], c) => {
      if (!grid.inBounds(x, y)) {
        problems.push({ path: `events[${e}].cells[${c}]`, message: `cell (${x}, ${y}) is outside the ${grid.width}x${grid.height} map` });
      }
    });
  });
  (scenario.obstacles ?? []).forEach((obstacle, i) => checkObstacle(grid, obstacle, i, starts, scenario.agents, problems));
  (scenario.regions ?? []).forEach((region, i) => {
    for (const corner of ['from', 'to'] as const) {
      const [x, y] = region[corner];
      if (!grid.inBounds(x, y)) problems.push({ path: `regions[${i}].${corner}`, message: `region '${region.name}': corner (${x}, ${y}) is outside the ${grid.width}x${grid.height} map` });
    }
  });
  checkStreamsOnGrid(scenario, grid, problems);
  return problems;
}

/** A waypoint off the map or in a wall, a route with no path, an obstacle starting on a unit's start: named by obstacle and waypoint. */
function checkObstacle(grid: Grid, obstacle: ScenarioObstacle, index: number, starts: Map<number, number>, agents: readonly ScenarioAgent[], problems: ScenarioProblem[]): void {
  const off = obstacle.route.findIndex(([x, y]) => !grid.inBounds(x, y));
  if (off >= 0) {
    const [x, y] = obstacle.route[off];
    problems.push({ path: `obstacles[${index}].route[${off}]`, message: `obstacle '${obstacle.id}', waypoint ${off + 1}: (${x}, ${y}) is off the ${grid.width}x${grid.height} map` });
    return;
  }
  try {
    obstacleTimetable(grid, { ...obstacle, route: obstacle.route.map(([x, y]) => grid.cell(x, y)) });
  } catch (error) {
    if (!(error instanceof ObstacleError)) throw error;
    problems.push({ path: error.waypoint >= 0 ? `obstacles[${index}].route[${error.waypoint}]` : `obstacles[${index}]`, message: error.message });
    return;
  }
  const [x0, y0] = obstacle.route[0];
  for (let y = y0; y < y0 + obstacle.size; y++) {
    for (let x = x0; x < x0 + obstacle.size; x++) {
      const unit = starts.get(grid.cell(x, y));
      if (unit !== undefined) {
        problems.push({ path: `obstacles[${index}].route[0]`, message: `obstacle '${obstacle.id}' starts on (${x}, ${y}), the start of unit '${agents[unit].id}' (agents[${unit}])` });
        return;
      }
    }
  }
}

function checkPlacement(
  grid: Grid,
  agents: readonly ScenarioAgent[],
  agent: ScenarioAgent,
  index: number,
  what: 'start' | 'goal',
  taken: Map<number, number>,
  problems: ScenarioProblem[],
): void {
  const [x0, y0] = agent[what];
  const path = `agents[${index}].${what}`;
  const unit = `unit '${agent.id}'`;
  const size = agent.size;
  const footprint = size === 1 ? '' : ` (its ${size}x${size} footprint)`;
  if (!grid.inBounds(x0, y0) || !grid.inBounds(x0 + size - 1, y0 + size - 1)) {
    problems.push({ path, message: `${unit} has its ${what} at (${x0}, ${y0})${footprint} outside the ${grid.width}x${grid.height} map` });
    return;
  }
  for (let y = y0; y < y0 + size; y++) {
    for (let x = x0; x < x0 + size; x++) {
      const cell = grid.cell(x, y);
      if (!grid.isFree(cell)) {
        problems.push({ path, message: `${unit} has its ${what}${footprint} on a wall at (${x}, ${y})` });
        return;
      }
      const other = taken.get(cell);
      if (other !== undefined) {
        problems.push({ path, message: `${unit} has its ${what} on (${x}, ${y}), the ${what} of unit '${agents[other].id}' (agents[${other}])` });
        return;
      }
    }
  }
  for (let y = y0; y < y0 + size; y++) {
    for (let x = x0; x < x0 + size; x++) taken.set(grid.cell(x, y), index);
  }
}
