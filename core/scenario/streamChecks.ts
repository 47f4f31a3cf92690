/**
 * The checks of a scenario's streams (version 4) that the schema cannot express: unique names of
 * spawners, exits and task lists; every goal naming a region, exit or task list that exists;
 * areas and goal cells on the map and free. Each problem names the field by its path, e.g.
 * `spawners[0].goal.exit: spawner 'barracks' sends its units to exit 'gate', which the scenario does not have`.
 */
import type { Grid } from '../grid/grid.ts';
import type { ScenarioProblem } from './scenarioError.ts';
import type { ScenarioAgent, ScenarioRegion } from './schema.ts';
import type { ScenarioArea, ScenarioErrands, ScenarioExit, ScenarioSpawner, ScenarioTarget, ScenarioTaskList } from './streamSchema.ts';

export interface StreamParts {
  agents: readonly ScenarioAgent[];
  regions?: readonly ScenarioRegion[];
  spawners?: readonly ScenarioSpawner[];
  exits?: readonly ScenarioExit[];
  tasks?: readonly ScenarioTaskList[];
}

/** Unique names and the names goals refer to (no map needed). */
export function checkStreamNames(scenario: StreamParts, problems: ScenarioProblem[]): void {
  const { spawners = [], exits = [], tasks = [], regions = [] } = scenario;
  unique(spawners, 'spawners', 'spawner', problems);
  unique(exits, 'exits', 'exit', problems);
  unique(tasks, 'tasks', 'task list', problems);
  const names = { region: new Set(regions.map((r) => r.name)), exit: new Set(exits.map((e) => e.name)), tasks: new Set(tasks.map((t) => t.name)) };
  const target = (t: ScenarioTarget, path: string, who: string) => {
    if (t.region !== undefined && !names.region.has(t.region)) problems.push({ path: `${path}.region`, message: `${who} goes to region '${t.region}', which the scenario does not have (regions: ${listOf(names.region)})` });
    if (t.exit !== undefined && !names.exit.has(t.exit)) problems.push({ path: `${path}.exit`, message: `${who} goes to exit '${t.exit}', which the scenario does not have (exits: ${listOf(names.exit)})` });
  };
  const errands = (e: ScenarioErrands | undefined, path: string, who: string) => {
    if (e === undefined) return;
    e.goals?.forEach((g, k) => target(g, `${path}.goals[${k}]`, who));
    if (e.tasks !== undefined && !names.tasks.has(e.tasks)) problems.push({ path: `${path}.tasks`, message: `${who} draws its goals from task list '${e.tasks}', which the scenario does not have (task lists: ${listOf(names.tasks)})` });
  };
  scenario.agents.forEach((a, i) => errands(a.errands, `agents[${i}].errands`, `unit '${a.id}'`));
  spawners.forEach((s, i) => {
    target(s.goal, `spawners[${i}].goal`, `spawner '${s.name}'`);
    errands(s.errands, `spawners[${i}].errands`, `spawner '${s.name}'`);
  });
  tasks.forEach((t, i) => t.goals.forEach((g, k) => target(g, `tasks[${i}].goals[${k}]`, `task list '${t.name}'`)));
}

/** Areas and goal cells on the map; a spawner's area has a free cell. */
export function checkStreamsOnGrid(scenario: StreamParts, grid: Grid, problems: ScenarioProblem[]): void {
  const { spawners = [], exits = [], tasks = [] } = scenario;
  const cell = (point: readonly [number, number], path: string, who: string, free: boolean) => {
    const [x, y] = point;
    if (!grid.inBounds(x, y)) problems.push({ path, message: `${who}: (${x}, ${y}) is outside the ${grid.width}x${grid.height} map` });
    else if (free && !grid.isFree(grid.cell(x, y))) problems.push({ path, message: `${who}: (${x}, ${y}) is a wall` });
  };
  const area = (a: ScenarioArea, path: string, who: string) => {
    if (a.cells) a.cells.forEach((c, k) => cell(c, `${path}.cells[${k}]`, who, false));
    else {
      cell(a.from!, `${path}.from`, who, false);
      cell(a.to!, `${path}.to`, who, false);
    }
    if (areaCells(a, grid).every((c) => !grid.isFree(c))) problems.push({ path, message: `${who}: every cell of the area is a wall` });
  };
  const target = (t: ScenarioTarget, path: string, who: string) => {
    if (t.cell !== undefined) cell(t.cell, `${path}.cell`, who, true);
  };
  const errands = (e: ScenarioErrands | undefined, path: string, who: string) => e?.goals?.forEach((g, k) => target(g, `${path}.goals[${k}]`, who));
  scenario.agents.forEach((a, i) => errands(a.errands, `agents[${i}].errands`, `unit '${a.id}'`));
  spawners.forEach((s, i) => {
    const who = `spawner '${s.name}'`;
    area(s.area, `spawners[${i}].area`, who);
    target(s.goal, `spawners[${i}].goal`, who);
    errands(s.errands, `spawners[${i}].errands`, who);
  });
  exits.forEach((e, i) => area(e.area, `exits[${i}].area`, `exit '${e.name}'`));
  tasks.forEach((t, i) => t.goals.forEach((g, k) => target(g, `tasks[${i}].goals[${k}]`, `task list '${t.name}'`)));
}

/** The cells of an area on `grid` (those on the map; walls included), each once, in the order given (a rectangle row by row). */
export function areaCells(area: ScenarioArea, grid: Grid): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  const add = (x: number, y: number) => {
    if (!grid.inBounds(x, y)) return;
    const c = grid.cell(x, y);
    if (!seen.has(c)) {
      seen.add(c);
      out.push(c);
    }
  };
  if (area.cells) for (const [x, y] of area.cells) add(x, y);
  else if (area.from && area.to) {
    const [x0, x1] = [Math.min(area.from[0], area.to[0]), Math.max(area.from[0], area.to[0])];
    const [y0, y1] = [Math.min(area.from[1], area.to[1]), Math.max(area.from[1], area.to[1])];
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) add(x, y);
  }
  return out;
}

function unique(items: readonly { name: string }[], field: string, what: string, problems: ScenarioProblem[]): void {
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const first = seen.get(item.name);
    if (first !== undefined) problems.push({ path: `${field}[${i}].name`, message: `name '${item.name}' is already used by ${field}[${first}]; ${what} names must be unique` });
    else seen.set(item.name, i);
  });
}

function listOf(names: ReadonlySet<string>): string {
  return names.size === 0 ? 'none' : [...names].map((n) => `'${n}'`).join(', ');
}
