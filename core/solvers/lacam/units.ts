/**
 * What PIBT and LaCAM take (Okumura's papers): units of one cell that move one cell a turn on a
 * 4-connected grid. Anything else is refused up front with the unit named (numbered from 1),
 * rather than planned with rules the algorithm does not know.
 */
import type { Movement } from '../../grid/movement.ts';
import type { AgentTask } from '../../mapf/instance.ts';

export function checkPibtUnits(solver: string, movement: Movement, agents: readonly AgentTask[]): void {
  if (movement.connectivity !== 4) {
    throw new RangeError(`${solver}: plans on 4-connected grids, as in its papers; this map is ${movement.connectivity}-connected (use whca, hca or the optimal solvers for 8-connected movement)`);
  }
  for (let i = 0; i < agents.length; i++) {
    const { size, speed } = agents[i];
    if (size !== undefined && size !== 1) throw new RangeError(`${solver}: unit ${i + 1} is ${size}x${size}; ${solver} moves units of one cell (use whca or hca for large units)`);
    if (speed !== undefined && speed !== 1) throw new RangeError(`${solver}: unit ${i + 1} takes ${speed} turns a move; ${solver} moves every unit one cell a turn (use whca or hca for slow units)`);
  }
}

/** Refuses any param: a solver that takes none says so instead of ignoring a typo. */
export function readNoParams(solver: string, params: Record<string, unknown> | undefined): void {
  const keys = Object.keys(params ?? {});
  if (keys.length > 0) throw new RangeError(`${solver}: unknown param '${keys[0]}'; ${solver} takes no params (turnLimit goes to the simulator)`);
}
