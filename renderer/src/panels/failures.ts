/**
 * Failures in plain sight: the units a plan leaves off their goals and the conflicts
 * the plan validator found, as entries a person reads ("Unit 3 (Cart) did not arrive: at (4, 7)
 * from turn 31, its goal at (9, 7)") with the turn to jump to and the units to select.
 */
import type { Grid } from '../../../core/grid/grid.ts';

export interface FailureEntry {
  kind: 'unarrived' | 'conflict';
  text: string;
  t: number;
  /** Unit indexes (0-based) to select. */
  agents: number[];
}

/** Units off their goals at the plan's end, each with the turn it last moved and where it stopped; then the conflicts. */
export function failureEntries(
  grid: Grid,
  paths: readonly (readonly number[])[],
  goals: readonly number[],
  names: readonly string[],
  conflicts: readonly string[],
  marks: readonly { t: number; agents: number[] }[] = [],
): FailureEntry[] {
  const entries: FailureEntry[] = [];
  paths.forEach((path, i) => {
    if (path.length === 0 || path[path.length - 1] === goals[i]) return;
    const end = path[path.length - 1];
    let stopped = path.length - 1;
    while (stopped > 0 && path[stopped - 1] === end) stopped--;
    entries.push({
      kind: 'unarrived',
      text: `Unit ${i + 1}${names[i] && names[i] !== `Unit ${i + 1}` ? ` (${names[i]})` : ''} did not arrive: at (${grid.x(end)}, ${grid.y(end)}) from turn ${stopped}, its goal at (${grid.x(goals[i])}, ${grid.y(goals[i])})`,
      t: stopped,
      agents: [i],
    });
  });
  conflicts.forEach((text, k) => entries.push({ kind: 'conflict', text, t: marks[k]?.t ?? 0, agents: marks[k]?.agents ?? [] }));
  return entries;
}
