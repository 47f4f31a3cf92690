/**
 * A multi-agent pathfinding instance: a grid, movement rules, and agents with a start and a goal
 * cell each. Agents are identified by their index in `agents`.
 */
import type { Grid } from '../grid/grid.ts';
import type { Movement } from '../grid/movement.ts';

/** Slowest speed (turns a move takes) the engine carries: speeds go to solvers as Uint16. */
export const MAX_UNIT_SPEED = 65535;
/** Priorities go to solvers as Int32. */
export const MIN_UNIT_PRIORITY = -(2 ** 31);
export const MAX_UNIT_PRIORITY = 2 ** 31 - 1;

export interface AgentTask {
  start: number;
  goal: number;
  /** Side of the unit's square footprint in cells, anchored at its top-left cell (default 1). */
  size?: number;
  /** Turns one move takes (default 1: a move every turn). */
  speed?: number;
  /** Higher moves first and may override lower reservations (Silver 2006; default 0). */
  priority?: number;
}

export interface MapfInstance {
  grid: Grid;
  movement: Movement;
  agents: AgentTask[];
}

/** Checks starts and goals are on the map, free and pairwise distinct; throws naming the agent. */
export function checkInstance(instance: MapfInstance): void {
  const { grid, agents } = instance;
  const starts = new Map<number, number>();
  const goals = new Map<number, number>();
  for (let i = 0; i < agents.length; i++) {
    const { start, goal } = agents[i];
    for (const [what, cell, seen] of [['start', start, starts], ['goal', goal, goals]] as const) {
      if (!Number.isInteger(cell) || cell < 0 || cell >= grid.cells) {
        throw new RangeError(`agent ${i + 1}: ${what} cell ${cell} is outside the ${grid.width}x${grid.height} map`);
      }
      if (!grid.isFree(cell)) {
        throw new RangeError(`agent ${i + 1}: ${what} (${grid.x(cell)}, ${grid.y(cell)}) is on a wall`);
      }
      const other = seen.get(cell);
      if (other !== undefined) {
        throw new RangeError(`agents ${other + 1} and ${i + 1} share the ${what} (${grid.x(cell)}, ${grid.y(cell)})`);
      }
      seen.set(cell, i);
    }
  }
}
