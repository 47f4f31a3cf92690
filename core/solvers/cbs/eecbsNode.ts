/**
 * A node of EECBS's constraint tree (eecbs.ts): its constraint, every unit's path and lower
 * bound (f_min of its focal search), the cost and lower bound they sum to, the conflicts among
 * the paths and d, the number of pairs of units in conflict (EECBS's distance to go).
 */
import type { Conflict } from './conflicts.ts';
import type { Constraint } from './constraintTree.ts';
import type { Mdd } from './mdd.ts';

export interface EecbsNode {
  parent: EecbsNode | null;
  constraint: Constraint | null;
  paths: Int32Array[];
  /** Each unit's lower bound (f_min of its focal search). */
  bounds: Int32Array;
  cost: number;
  lb: number;
  /** Every conflict among the paths, earliest first. */
  conflictList: Conflict[];
  /** Distance to go: the number of pairs of units in conflict. */
  d: number;
  /** h^: the cost still to add, estimated from d (eesLists.ts, estimate). */
  costToGo: number;
  /** Each unit's MDD at its path's cost, shared with the parent for the units not replanned. */
  mdds: (Mdd | null)[];
  closed: boolean;
}
