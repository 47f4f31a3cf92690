/**
 * The minimum weighted vertex cover of CBSH's weighted dependency graph (WDG; Li, Felner, Boyarski,
 * Koenig, "Improved Heuristics for Multi-Agent Path Finding with Conflict-Based Search", IJCAI
 * 2019, section 4): give each unit a number x >= 0 with x_a + x_b >= w_ab on every edge, and take
 * the least total. It is an admissible h: at least w_ab more turns are spent by a and b together.
 *
 * Solved exactly per connected component by depth-first search with branch and bound (the
 * paper's components are small); a component too large, or a search past its step budget, gives
 * instead the weight of a greedy matching, also a lower bound on the cover (disjoint edges each
 * need their weight).
 */

export interface WeightedEdge {
  a: number;
  b: number;
  weight: number;
}

/** Largest component solved exactly, and the search steps allowed per component. */
const EXACT_VERTICES = 16;
const STEP_BUDGET = 200_000;

export function minimumWeightedVertexCover(edges: readonly WeightedEdge[]): number {
  const live = edges.filter((e) => e.weight > 0);
  let total = 0;
  for (const component of components(live)) total += coverOf(component);
  return total;
}

/** The edges grouped by connected component. */
function components(edges: readonly WeightedEdge[]): WeightedEdge[][] {
  const parent = new Map<number, number>();
  const find = (v: number): number => {
    let root = v;
    while (parent.get(root) !== root) root = parent.get(root)!;
    for (let u = v; parent.get(u) !== root; ) {
      const next = parent.get(u)!;
      parent.set(u, root);
      u = next;
    }
    return root;
  };
  for (const e of edges) {
    if (!parent.has(e.a)) parent.set(e.a, e.a);
    if (!parent.has(e.b)) parent.set(e.b, e.b);
    parent.set(find(e.a), find(e.b));
  }
  const groups = new Map<number, WeightedEdge[]>();
  for (const e of edges) {
    const root = find(e.a);
    let group = groups.get(root);
    if (group === undefined) groups.set(root, (group = []));
    group.push(e);
  }
  return [...groups.values()];
}

function coverOf(edges: readonly WeightedEdge[]): number {
  if (edges.length === 1) return edges[0].weight;
  const ids = new Map<number, number>();
  for (const e of edges) {
    if (!ids.has(e.a)) ids.set(e.a, ids.size);
    if (!ids.has(e.b)) ids.set(e.b, ids.size);
  }
  const k = ids.size;
  if (k > EXACT_VERTICES) return matchingBound(edges);
  const weight = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  for (const e of edges) {
    const i = ids.get(e.a)!;
    const j = ids.get(e.b)!;
    weight[i][j] = weight[j][i] = Math.max(weight[i][j], e.weight);
  }
  const most = weight.map((row) => Math.max(...row));
  const x = new Array<number>(k).fill(0);
  // Start from a feasible cover: every vertex at its heaviest edge.
  let best = most.reduce((s, v) => s + v, 0);
  let steps = 0;
  const search = (i: number, sum: number): void => {
    if (sum >= best || ++steps > STEP_BUDGET) return;
    if (i === k) {
      best = sum;
      return;
    }
    let least = 0;
    for (let j = 0; j < i; j++) if (weight[i][j] > 0) least = Math.max(least, weight[i][j] - x[j]);
    for (let v = least; v <= most[i]; v++) {
      x[i] = v;
      search(i + 1, sum + v);
    }
    x[i] = 0;
  };
  search(0, 0);
  return steps > STEP_BUDGET ? matchingBound(edges) : best;
}

/** A greedy matching's weight, heaviest edges first: a lower bound on the cover. */
function matchingBound(edges: readonly WeightedEdge[]): number {
  const used = new Set<number>();
  let sum = 0;
  for (const e of [...edges].sort((p, q) => q.weight - p.weight)) {
    if (used.has(e.a) || used.has(e.b)) continue;
    used.add(e.a);
    used.add(e.b);
    sum += e.weight;
  }
  return sum;
}
