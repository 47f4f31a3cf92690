/**
 * The designer's answer in words: where an engine crowd model jams (units stuck, or far fewer
 * across) where a planner of the same comparison does not, one sentence per such model, e.g.
 * "Detour: 4 of 20 stuck at the bridge; LaCAM got all 20 across in 41 turns." Pure, from the
 * table's rows; the stuck units' place is the measured region they stand at, else the cells they
 * stand around (stuckRegion.ts).
 */
import { type CompareRow, shortSolverName } from './compareRows.ts';

/** Arrivals at most this share of the planner's are "far below" it. */
const FAR_BELOW = 0.8;
/** A planner row's figures as the sentence compares them: arrivals, then the fewest turns. */
function betterPlanner(a: CompareRow, b: CompareRow): boolean {
  if (a.arrived !== b.arrived) return a.arrived > b.arrived;
  return (a.makespan ?? Infinity) < (b.makespan ?? Infinity);
}

/** Where the stuck units stand: at a measured region, else around a cell (runs kept before the cell was recorded have neither). */
function place(c: NonNullable<CompareRow['crowd']>): string {
  if (c.stuckAt) return ` at the ${c.stuckAt}`;
  const cells = (c.stuckNear ?? []).map(([x, y]) => `(${x}, ${y})`);
  if (cells.length === 0) return '';
  return ` around ${cells.length === 1 ? cells[0] : `${cells.slice(0, -1).join(', ')} and ${cells.at(-1)}`}`;
}

export function crowdJamSentences(rows: readonly CompareRow[]): string[] {
  let planner: CompareRow | null = null;
  for (const row of rows) if (!row.crowd && row.paths.length > 0 && (planner === null || betterPlanner(row, planner))) planner = row;
  if (planner === null || planner.arrived === 0) return [];
  const across = planner.arrived === planner.agents ? `all ${planner.agents}` : `${planner.arrived} of ${planner.agents}`;
  const plannerText = `${shortSolverName(planner.solver)} got ${across} across${planner.makespan !== null ? ` in ${planner.makespan} turns` : ''}`;
  const out: string[] = [];
  for (const row of rows) {
    const c = row.crowd;
    if (!c) continue;
    const farBelow = c.arrived <= FAR_BELOW * planner.arrived;
    if (!(c.stuck > 0 || farBelow) || c.arrived >= planner.arrived) continue;
    const what = c.stuck > 0
      ? `${c.stuck} of ${row.agents} stuck${place(c)}${farBelow ? `, ${c.arrived} arrived` : ''}`
      : `only ${c.arrived} of ${row.agents} arrived`;
    out.push(`${shortSolverName(row.solver)}: ${what}; ${plannerText}.`);
  }
  return out;
}
