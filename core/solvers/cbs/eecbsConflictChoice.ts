/**
 * The conflict an EECBS node branches on (ECBS.cpp's chooseConflict): cardinal, then
 * semi-cardinal, then non-cardinal, told by the two units' MDDs (mdd.ts), built only where one
 * of the two paths costs its unit's lower bound or the node came from CLEANUP (else the
 * conflict's cardinality is unknown and it comes last); a target conflict first among equals;
 * then the earliest (the node's list is in time order).
 */
import type { Grid } from '../../grid/grid.ts';
import type { LazyDistanceTable } from '../../search/lazyDistanceTable.ts';
import { type Conflict, isTargetConflict } from './conflicts.ts';
import type { ConstraintTable } from './constraintTable.ts';
import { constraintsOf } from './constraintTree.ts';
import type { EecbsNode } from './eecbsNode.ts';
import { type Mdd, buildMdd, conflictForces } from './mdd.ts';

export class EecbsConflictChoice {
  constructor(
    private readonly grid: Grid,
    private readonly starts: Int32Array,
    private readonly goals: Int32Array,
    /** Each unit's distance table, filled as the search makes them. */
    private readonly tables: readonly LazyDistanceTable[],
    /** The low level's constraint table, scratch for building MDDs between its calls. */
    private readonly table: ConstraintTable,
    private readonly prioritize: boolean,
    private readonly targetReasoning: boolean,
  ) {}

  /** The conflict to branch on; `classifyAll`: build MDDs whatever the paths' costs (a node from CLEANUP). */
  choose(node: EecbsNode, classifyAll: boolean): Conflict {
    const list = node.conflictList;
    let chosen = list[0];
    if (!this.prioritize && !this.targetReasoning) return chosen;
    let rank = -1;
    for (const conflict of list) {
      const a = conflict.a;
      const b = conflict.b;
      let priority = 0;
      if (this.prioritize && (classifyAll || node.paths[a].length - 1 === node.bounds[a] || node.paths[b].length - 1 === node.bounds[b])) {
        const forcedA = conflictForces(this.mddOf(node, a), conflict, true);
        const forcedB = conflictForces(this.mddOf(node, b), conflict, false);
        priority = forcedA && forcedB ? 3 : forcedA || forcedB ? 2 : 1;
      }
      const target = this.targetReasoning && conflict.kind === 'vertex' && isTargetConflict(node.paths, this.goals, conflict) ? 1 : 0;
      if (2 * priority + target > rank) {
        rank = 2 * priority + target;
        chosen = conflict;
        if (rank === 7) break;
      }
    }
    return chosen;
  }

  /** Unit a's MDD at its path's cost under the node's constraints, kept in the node. */
  private mddOf(node: EecbsNode, a: number): Mdd {
    let mdd = node.mdds[a];
    if (mdd === null) {
      mdd = buildMdd(this.grid, this.starts[a], this.goals[a], node.paths[a].length - 1, this.tables[a], constraintsOf(node, a, this.goals[a], this.grid.cells), this.table);
      node.mdds[a] = mdd;
    }
    return mdd;
  }
}
