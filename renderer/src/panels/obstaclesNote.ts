/**
 * What the Moving obstacles panel says about which solvers take them, from the registry
 * (OBSTACLE_SOLVERS), so it cannot fall behind the solvers again: it once said only units
 * planning alone did, after LRA*, CA*, HCA* and WHCA* had learnt to.
 */
import { OBSTACLE_SOLVERS } from '../../../core/registry/registry.ts';
import { shortSolverName } from '../compare/compareRows.ts';

export function obstaclesNote(): string {
  const cooperative = OBSTACLE_SOLVERS.filter((name) => name !== 'independent').map(shortSolverName);
  const list = cooperative.length > 1 ? `${cooperative.slice(0, -1).join(', ')} and ${cooperative[cooperative.length - 1]}` : cooperative.join('');
  return `Units planning alone (Independent) run among them with every replanning strategy; ${list} repair their plans by recalc or watch. The optimal and scale solvers plan once for a fixed world and do not take them.`;
}
