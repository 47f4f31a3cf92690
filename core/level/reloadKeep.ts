/**
 * Reloading a scenario's level after the designer changed it: the new grid replaces the old, and
 * what the lab placed on it (units, measured regions, spawners, exits, doors, moving obstacles)
 * is kept where its cells are still on the map and free; each thing dropped is named with why,
 * so the designer sees what the change to the level cost.
 */
import type { Grid } from '../grid/grid.ts';
import type { ScenarioContent } from '../scenario/content.ts';
import type { LevelSource } from '../scenario/levelSourceSchema.ts';
import type { ScenarioArea } from '../scenario/streamSchema.ts';

type Cell = readonly [number, number];

/** Why a cell cannot hold a unit on `grid`, or null when it can. */
function cellProblem(grid: Grid, [x, y]: Cell, size = 1): string | null {
  if (x < 0 || y < 0 || x + size > grid.width || y + size > grid.height) return `(${x}, ${y}) is outside the ${grid.width}×${grid.height} map`;
  for (let dy = 0; dy < size; dy++) {
    for (let dx = 0; dx < size; dx++) if (grid.passable[(y + dy) * grid.width + x + dx] === 0) return `(${x + dx}, ${y + dy}) is now a wall`;
  }
  return null;
}

const onMap = (grid: Grid, [x, y]: Cell) => x >= 0 && y >= 0 && x < grid.width && y < grid.height;

function areaOnMap(grid: Grid, area: ScenarioArea): boolean {
  const cells = area.cells ?? [area.from!, area.to!];
  return cells.every((c) => onMap(grid, c));
}

/** The document on `grid` with what still fits, and a line per thing dropped. */
export function keepOnNewGrid<T extends ScenarioContent>(doc: T, grid: Grid, source: LevelSource): { document: T; dropped: string[] } {
  const dropped: string[] = [];
  const agents = doc.agents.filter((a) => {
    const problem = cellProblem(grid, a.start, a.size) ?? cellProblem(grid, a.goal, a.size);
    if (problem) dropped.push(`unit ${a.name}: ${cellProblem(grid, a.start, a.size) ? 'its start' : 'its goal'} ${problem}`);
    return problem === null;
  });
  const regions = doc.regions.filter((r) => {
    const ok = onMap(grid, r.from) && onMap(grid, r.to);
    if (!ok) dropped.push(`region ${r.name}: it reaches outside the ${grid.width}×${grid.height} map`);
    return ok;
  });
  const spawners = (doc.spawners ?? []).filter((s) => {
    const ok = areaOnMap(grid, s.area);
    if (!ok) dropped.push(`spawner ${s.name}: its area reaches outside the map`);
    return ok;
  });
  const exits = (doc.exits ?? []).filter((e) => {
    const ok = areaOnMap(grid, e.area);
    if (!ok) dropped.push(`exit ${e.name}: its area reaches outside the map`);
    return ok;
  });
  const events = doc.events.filter((e) => {
    const ok = e.cells.every((c) => onMap(grid, c));
    if (!ok) dropped.push(`the map event at turn ${e.t}: a cell of it is outside the map`);
    return ok;
  });
  const obstacles = doc.obstacles.filter((o) => {
    const problem = o.route.map((c) => cellProblem(grid, c, o.size)).find((p) => p !== null);
    if (problem) dropped.push(`moving obstacle ${o.id}: its route's cell ${problem}`);
    return !problem;
  });
  return { document: { ...doc, grid, agents, regions, spawners, exits, events, obstacles, source, mapSource: { kind: 'inline' } }, dropped };
}
