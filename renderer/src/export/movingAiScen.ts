/**
 * The units as a Moving AI `.scen` (core/formats writeScenario): one query per unit in unit
 * order, `version 1`, bucket = floor(optimal length / 4) as in the benchmark files, and the
 * optimal length as the benchmarks define it: the octile shortest-path length on the map with
 * 8-connected moves that never cut a corner, diagonals √2, terrain weights ignored (a .map has
 * none). It comes from a distance table per goal (core/search/distanceTable), so it is the true
 * length around walls, not the octile heuristic.
 * More on this in README.md, "movingAiScen.ts".
 */
import { writeScenario, type ScenarioEntry } from '../../../core/formats/movingAiScenario.ts';
import { Grid } from '../../../core/grid/grid.ts';
import { OCTILE_NO_CUT } from '../../../core/grid/movement.ts';
import { buildDistanceTable, UNREACHABLE } from '../../../core/search/distanceTable.ts';
import type { ScenarioAgent } from '../../../core/scenario/schema.ts';

export function movingAiScenText(grid: Grid, agents: readonly ScenarioAgent[], mapName: string): string {
  if (agents.length === 0) throw new Error('There are no units to export.');
  // Walls only: the benchmark lengths are for uniform cost.
  const plain = new Grid(grid.width, grid.height, grid.passable, null);
  const tables = new Map<number, Float64Array>();
  const entries = agents.map((agent, i): ScenarioEntry => {
    const [sx, sy] = agent.start;
    const [gx, gy] = agent.goal;
    const goal = plain.cell(gx, gy);
    let distance = tables.get(goal);
    if (!distance) tables.set(goal, (distance = buildDistanceTable(plain, OCTILE_NO_CUT, goal).distance));
    const length = distance[plain.cell(sx, sy)];
    if (length === UNREACHABLE) {
      throw new Error(`Unit ${i + 1} (${agent.id}): its goal (${gx}, ${gy}) cannot be reached from (${sx}, ${sy}) with 8-connected moves, so it has no .scen optimal length.`);
    }
    const text = benchmarkLengthText(length);
    return { bucket: Math.floor(length / 4), map: mapName, mapWidth: grid.width, mapHeight: grid.height, startX: sx, startY: sy, goalX: gx, goalY: gy, optimalLength: Number(text), optimalText: text, line: 0, columns: [] };
  });
  return writeScenario({ version: '1', entries, lineBreak: '\n', finalNewline: true });
}

/** √2 as the benchmark files' lengths use it. */
const BENCHMARK_ROOT_TWO = 1.414213562;

/** An octile length s + d√2 written as the benchmark files write it (see the header). */
export function benchmarkLengthText(length: number): string {
  for (let d = 0; d * Math.SQRT2 <= length + 1e-6; d++) {
    const straight = length - d * Math.SQRT2;
    const whole = Math.round(straight);
    if (Math.abs(straight - whole) < 1e-6) return (whole + d * BENCHMARK_ROOT_TWO).toFixed(8);
  }
  return length.toFixed(8);
}
