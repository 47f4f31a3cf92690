/**
 * The message for units that cannot reach their goals at all, checked before a solve ("failures in plain sight":
 * found before solving, the unit named, numbered from 1).
 */
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import { unreachableUnits } from '../../../core/mapf/reachability.ts';

/** Says which units cannot reach their goals on the map as it is (numbered from 1), or null when all can. */
export function unreachableMessage(instance: MapfInstance, names: readonly string[]): string | null {
  const stuck = unreachableUnits(instance.grid, instance.movement, instance.agents);
  if (stuck.length === 0) return null;
  const { grid } = instance;
  const at = (cell: number) => `(${grid.x(cell)}, ${grid.y(cell)})`;
  const first = stuck.slice(0, 3).map((i) => {
    const a = instance.agents[i];
    const size = (a.size ?? 1) > 1 ? ` as a ${a.size}x${a.size} unit` : '';
    return `unit ${i + 1} (${names[i] ?? ''}) from ${at(a.start)} to ${at(a.goal)}${size}`;
  });
  const more = stuck.length > 3 ? ` and ${stuck.length - 3} more` : '';
  return `Not solved: ${stuck.length === 1 ? 'a unit cannot' : `${stuck.length} units cannot`} reach ${stuck.length === 1 ? 'its goal' : 'their goals'} on this map: ${first.join('; ')}${more}. Open a way or move the goal${stuck.length === 1 ? '' : 's'}.`;
}

