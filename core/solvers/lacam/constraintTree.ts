/**
 * LaCAM's low-level search (Okumura, AAAI 2023, Algorithm 1 lines 11-18): each high-level node
 * carries a tree of constraints ("unit i goes to cell v"), grown breadth first one constraint per
 * visit, so that in the end every combination of moves is tried and the search is complete.
 */
import type { Grid } from '../../grid/grid.ts';
import type { Random } from '../../util/random.ts';
import type { Constraint, Node } from './lacamTypes.ts';

/**
 * Grows `node`'s tree under `constraint`: the next unit in the node's order, to each cell it can
 * be in next (its own and its free neighbours, in a shuffled order, as Kei18/lacam's planner.cpp). Returns
 * the number of constraints added; `cells` is scratch space for five cells.
 */
export function growConstraints(grid: Grid, node: Node, constraint: Constraint, random: Random, cells: Int32Array): number {
  if (constraint.depth >= node.config.length) return 0;
  const w = grid.width;
  const i = node.order[constraint.depth];
  const v = node.config[i];
  let count = 0;
  cells[count++] = v;
  const x = v % w;
  if (v >= w && grid.passable[v - w] === 1) cells[count++] = v - w;
  if (x + 1 < w && grid.passable[v + 1] === 1) cells[count++] = v + 1;
  if (v + w < grid.cells && grid.passable[v + w] === 1) cells[count++] = v + w;
  if (x > 0 && grid.passable[v - 1] === 1) cells[count++] = v - 1;
  for (let k = count - 1; k > 0; k--) {
    const j = random.int(k + 1);
    const t = cells[k];
    cells[k] = cells[j];
    cells[j] = t;
  }
  for (let k = 0; k < count; k++) node.tree.push({ parent: constraint, who: i, where: cells[k], depth: constraint.depth + 1 });
  return count;
}

/** The constraints from the tree's root down to `constraint`, into `who`/`where`; returns how many. */
export function collectConstraints(constraint: Constraint, who: Int32Array, where: Int32Array): number {
  let fixed = 0;
  for (let c: Constraint | null = constraint; c !== null && c.depth > 0; c = c.parent) {
    who[fixed] = c.who;
    where[fixed] = c.where;
    fixed++;
  }
  return fixed;
}
