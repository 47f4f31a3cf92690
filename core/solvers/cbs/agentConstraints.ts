/**
 * One unit's constraints in a CBS constraint-tree node (Sharon et al., AIJ 2015, section 3.3):
 * vertex and edge constraints, and target reasoning's barred cells and rest-by time (Li et al.,
 * AIJ 2021). The leaf type the low levels, the constraint table and the reasoning modules share.
 */
/** One unit's constraints, as CBS collects them from a node up to the root. */
export interface AgentConstraints {
  /** Keys t * cells + cell. */
  vertex: Set<number>;
  /** Keys (t * cells + from) * cells + to (t: the arrival time). */
  edge: Set<number>;
  /** The latest t of any constraint (-1: none). */
  maxT: number;
  /** The latest t of a vertex constraint on the unit's goal (-1: none): it cannot rest before. */
  goalT: number;
  /**
   * Target reasoning's constraints: cell -> the first time the unit may no longer stand there
   * (from then on, for good: another unit rests on it as its goal).
   */
  barred: Map<number, number>;
  /**
   * Target reasoning's RESTS_BY (constraintTree.ts): the unit rests on its goal from this time on
   * (its path is no longer); NO_LIMIT when it need not.
   */
  restsBy: number;
}

/** AgentConstraints.restsBy when the unit may rest on its goal as late as it likes. */
export const NO_LIMIT = 0x3fffffff;

export function emptyConstraints(): AgentConstraints {
  return { vertex: new Set(), edge: new Set(), maxT: -1, goalT: -1, barred: new Map(), restsBy: NO_LIMIT };
}

/** Whether a `barred` constraint keeps the unit off `cell` at t. */
export function isBarred(c: AgentConstraints, cell: number, t: number): boolean {
  if (c.barred.size === 0) return false;
  const from = c.barred.get(cell);
  return from !== undefined && t >= from;
}
