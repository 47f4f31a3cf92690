/**
 * The WDG heuristic's minimum weighted vertex cover (vertexCover.ts) against a brute force over
 * every assignment on small random graphs, and its fallback staying a lower bound.
 */
import { describe, expect, it } from 'vitest';
import { type WeightedEdge, minimumWeightedVertexCover } from '../../../../core/solvers/cbs/vertexCover.ts';
import { Random } from '../../../../core/util/random.ts';

/** The least sum of x over all x in 0..3 per vertex with x_a + x_b >= w_ab on every edge. */
function bruteForce(vertices: number, edges: readonly WeightedEdge[]): number {
  let best = Infinity;
  const x = new Array<number>(vertices).fill(0);
  const visit = (i: number): void => {
    if (i === vertices) {
      if (edges.every((e) => x[e.a] + x[e.b] >= e.weight)) best = Math.min(best, x.reduce((s, v) => s + v, 0));
      return;
    }
    for (let v = 0; v <= 3; v++) {
      x[i] = v;
      visit(i + 1);
    }
  };
  visit(0);
  return best;
}

describe('minimum weighted vertex cover', () => {
  it('equals the brute force on random graphs of up to 7 vertices and weights up to 3', () => {
    const random = new Random(7);
    for (let trial = 0; trial < 150; trial++) {
      const vertices = 2 + random.int(6);
      const edges: WeightedEdge[] = [];
      for (let a = 0; a < vertices; a++) {
        for (let b = a + 1; b < vertices; b++) if (random.next() < 0.4) edges.push({ a, b, weight: 1 + random.int(3) });
      }
      expect(minimumWeightedVertexCover(edges), JSON.stringify(edges)).toBe(bruteForce(vertices, edges));
    }
  });

  it('adds up separate components, and ignores zero weights', () => {
    expect(minimumWeightedVertexCover([{ a: 0, b: 1, weight: 2 }, { a: 2, b: 3, weight: 1 }, { a: 4, b: 5, weight: 0 }])).toBe(3);
    // A triangle of ones needs two.
    expect(minimumWeightedVertexCover([{ a: 0, b: 1, weight: 1 }, { a: 1, b: 2, weight: 1 }, { a: 0, b: 2, weight: 1 }])).toBe(2);
  });

  it('a component too large to solve exactly gives a matching bound, never more than the cover', () => {
    // A path of 30 vertices with weight 1: the cover is 15; a greedy matching gives at most 15.
    const edges = Array.from({ length: 29 }, (_, i) => ({ a: i, b: i + 1, weight: 1 }));
    const h = minimumWeightedVertexCover(edges);
    expect(h).toBeGreaterThan(0);
    expect(h).toBeLessThanOrEqual(15);
  });
});
