/**
 * The constraint tree's keys (constraintTree.ts): the WDG memo's key read off the tree
 * (constraintChainKey) names a unit's constraints as surely as the key of the collected sets
 * (constraintsKey of constraintsOf): equal chain keys only for equal constraints.
 */
import { describe, expect, it } from 'vitest';
import { BARRED, type Constraint, type ConstraintNode, LONGER, VERTEX, constraintChainKey, constraintsKey, constraintsOf } from '../../../../core/solvers/cbs/constraintTree.ts';
import { Random } from '../../../../core/util/random.ts';

describe('constraint tree keys', () => {
  it('equal chain keys mean equal constraints, and different constraints give different chain keys', () => {
    const random = new Random(5);
    const cells = 9;
    const goal = 4;
    const nodes: ConstraintNode[] = [{ parent: null, constraint: null }];
    for (let i = 0; i < 400; i++) {
      const parent = nodes[random.int(nodes.length)];
      const kind = random.int(4);
      const constraint: Constraint = {
        agent: random.int(2),
        from: kind === 0 ? VERTEX : kind === 1 ? BARRED : kind === 2 ? LONGER : random.int(cells),
        to: kind === 2 ? goal : random.int(cells),
        t: 1 + random.int(4),
      };
      nodes.push({ parent, constraint });
    }
    const byChain = new Map<string, string>();
    let distinct = 0;
    for (const node of nodes) {
      const chain = constraintChainKey(node, 0, cells);
      const sets = constraintsKey(constraintsOf(node, 0, goal, cells));
      const seen = byChain.get(chain);
      if (seen === undefined) {
        byChain.set(chain, sets);
        distinct++;
      } else expect(sets, `chain ${chain}`).toBe(seen);
    }
    expect(distinct).toBeGreaterThan(50);
    const root = nodes[0];
    const one = { parent: root, constraint: { agent: 0, from: VERTEX, to: 3, t: 2 } };
    const other = { parent: root, constraint: { agent: 0, from: 3, to: 2, t: 2 } };
    expect(constraintChainKey(one, 0, cells)).not.toBe(constraintChainKey(other, 0, cells));
    expect(constraintChainKey(one, 1, cells)).toBe('');
  });
});
