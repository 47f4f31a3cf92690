/**
 * A stream's units as the replay player shows them (pure; no DOM): the solver's answer holds every
 * unit that appeared, placed ones first, then those the spawners sent, each ABSENT (-1) while off
 * the map. The spawned ones are not in the scenario, so they get a unit here: named by their
 * number, coloured by the palette, started where they appeared, their goal where they ended (none
 * for a unit that left by an exit: goal [-1, -1]). The validator takes the same tasks.
 */
import type { AgentTask, MapfInstance } from '../../../core/mapf/instance.ts';
import { ABSENT } from '../../../core/mapf/plan.ts';
import { completeAgent } from '../../../core/scenario/content.ts';
import type { ScenarioAgent } from '../../../core/scenario/schema.ts';

/** Where a unit first and last stands on the map (ABSENT when it never does). */
function firstAndLast(path: readonly number[]): [number, number] {
  let first = ABSENT;
  let last = ABSENT;
  for (const cell of path) {
    if (cell === ABSENT) continue;
    if (first === ABSENT) first = cell;
    last = cell;
  }
  return [first, last];
}

/** The instance of every unit that appeared: placed units as they were, spawned ones from their paths. */
export function streamInstance(instance: MapfInstance, paths: readonly (readonly number[])[], sizes: readonly number[]): MapfInstance {
  const agents = paths.map((path, a): AgentTask => {
    const [first, last] = firstAndLast(path);
    const placed = instance.agents[a];
    // A unit's goal is where its path ends: the cell it rests on, or ABSENT after it left.
    const goal = path.length > 0 && path[path.length - 1] === ABSENT ? ABSENT : last;
    return { ...(placed ?? {}), start: placed?.start ?? first, goal, size: sizes[a] ?? placed?.size ?? 1 };
  });
  return { ...instance, agents };
}

/** Units for the spawned ones (indices from `placed` on), for the canvas, labels and lists. */
export function spawnedUnits(paths: readonly (readonly number[])[], placed: number, sizes: readonly number[], width: number): ScenarioAgent[] {
  const xy = (cell: number): [number, number] => (cell === ABSENT ? [-1, -1] : [cell % width, Math.floor(cell / width)]);
  const units: ScenarioAgent[] = [];
  for (let a = placed; a < paths.length; a++) {
    const path = paths[a];
    const [first, last] = firstAndLast(path);
    const left = path.length > 0 && path[path.length - 1] === ABSENT;
    units.push(completeAgent({ id: `spawned-${a + 1 - placed}`, name: `spawned ${a + 1 - placed}`, start: xy(first), goal: left ? [-1, -1] : xy(last), size: sizes[a] ?? 1 }, a));
  }
  return units;
}
