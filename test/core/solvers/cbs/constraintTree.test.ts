/**
 * The constraint tree's keys (constraintTree.ts): the WDG memo's key read off the tree
 * (constraintChainKey) names a unit's constraints as surely as the key of the collected sets
 * (constraintsKey of constraintsOf): equal chain keys only for equal constraints.
 */
import { describe, expect, it } from 'vitest';
import { BARRED, type Constraint, type ConstraintNode, LONGER, RESTS_BY, VERTEX, branch, constraintChainKey, constraintsKey, constraintsOf } from '../../../../core/solvers/cbs/constraintTree.ts';
import { Random } from '../../../../core/util/random.ts';

describe('constraint tree keys', () => {
  it('equal chain keys mean equal constraints, and different constraints give different chain keys', () => {
    const random = new Random(5);
    const cells = 9;
    const goal = 4;
    const nodes: ConstraintNode[] = [{ parent: null, constraint: null }];
    for (let i = 0; i < 400; i++) {
      const parent = nodes[random.int(nodes.length)];
      // Kind 4: RESTS_BY, which binds the other unit too (barred from that goal).
      const kind = random.int(5);
      const agent = random.int(2);
      const constraint: Constraint = {
        agent,
        from: kind === 0 ? VERTEX : kind === 1 ? BARRED : kind === 2 ? LONGER : kind === 4 ? RESTS_BY : random.int(cells),
        to: kind === 2 || (kind === 4 && agent === 0) ? goal : random.int(cells),
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

  it('a target conflict splits into "rests later" and "rests by t, every other unit off the goal from t on"', () => {
    const cells = 12;
    const paths = [Int32Array.of(0, 1, 2), Int32Array.of(6, 7, 2, 3), Int32Array.of(9, 10, 11, 2, 1)];
    const goals = Int32Array.of(2, 3, 1);
    const conflict = { kind: 'vertex' as const, a: 0, b: 1, cell: 2, t: 2 };
    const [later, by] = branch(conflict, { paths, goals, restsBy: true });
    expect([later.agent, later.from, later.to, later.t]).toEqual([0, LONGER, 2, 2]);
    expect([by.agent, by.from, by.to, by.t]).toEqual([0, RESTS_BY, 2, 2]);
    const child = { parent: { parent: null, constraint: null }, constraint: by };
    // The resting unit may stand nowhere else from t = 2 on; units 2 and 3 never on cell 2 again.
    expect(constraintsOf(child, 0, 2, cells).restsBy).toBe(2);
    for (const other of [1, 2]) {
      const c = constraintsOf(child, other, goals[other], cells);
      expect(c.barred.get(2)).toBe(2);
      expect(c.maxT).toBeGreaterThanOrEqual(2);
      expect(constraintChainKey(child, other, cells)).not.toBe('');
    }
    // EECBS's branching (without restsBy) bars the other unit alone.
    const [, plain] = branch(conflict, { paths, goals });
    expect([plain.agent, plain.from]).toEqual([1, BARRED]);
  });
});
