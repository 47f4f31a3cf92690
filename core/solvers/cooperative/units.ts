/**
 * Checks of the unit attributes the cooperative solvers honour (AgentTask.size, speed, priority):
 * bad values are input errors that name the agent.
 */
import type { Grid } from '../../grid/grid.ts';
import type { AgentTask } from '../../mapf/instance.ts';
import { MAX_UNIT_SIZE } from '../../grid/footprint.ts';

export function checkUnits(solver: string, grid: Grid, agents: readonly AgentTask[]): void {
  for (let i = 0; i < agents.length; i++) {
    const { size, speed, priority, start, goal } = agents[i];
    if (size !== undefined && (!Number.isInteger(size) || size < 1 || size > MAX_UNIT_SIZE)) {
      throw new RangeError(`${solver}: agent ${i + 1}: size must be a whole number from 1 to ${MAX_UNIT_SIZE}, got ${size}`);
    }
    if (speed !== undefined && (!Number.isInteger(speed) || speed < 1)) {
      throw new RangeError(`${solver}: agent ${i + 1}: speed (turns per move) must be a whole number >= 1, got ${speed}`);
    }
    if (priority !== undefined && !Number.isFinite(priority)) {
      throw new RangeError(`${solver}: agent ${i + 1}: priority must be a finite number, got ${priority}`);
    }
    for (const [what, cell] of [['start', start], ['goal', goal]] as const) {
      if (!Number.isInteger(cell) || cell < 0 || cell >= grid.cells) {
        throw new RangeError(`${solver}: agent ${i + 1}: ${what} cell ${cell} is outside the ${grid.width}x${grid.height} map`);
      }
      const k = size ?? 1;
      if (grid.x(cell) + k > grid.width || grid.y(cell) + k > grid.height) {
        throw new RangeError(`${solver}: agent ${i + 1}: a ${k}x${k} unit at its ${what} (${grid.x(cell)}, ${grid.y(cell)}) does not fit on the map`);
      }
    }
  }
}
