/**
 * LaCAM, lazy constraints addition search (Okumura, "LaCAM: Search-Based Algorithm for Quick
 * Multi-Agent Pathfinding", AAAI 2023, Algorithm 1), and LaCAM* (Okumura, "Improving LaCAM for
 * Scalable Eventually Optimal Multi-Agent Pathfinding", IJCAI 2023, Algorithm 1): a depth-first
 * search over configurations whose successors PIBT generates one constraint at a time (core/planning/pibt.ts),
 * complete; LaCAM* goes on after the first solution, rewiring the explored graph, and is
 * eventually optimal for the sum of loss (`away` model). With lacam2/lacam3's engineering (swap,
 * restarts, refinement, scatter, reverse edges), each a param; what each took and gave: README.md.
 */
import type { Grid } from '../../grid/grid.ts';
import { Random } from '../../util/random.ts';
import { GoalDistances } from '../../search/goalDistances.ts';
import { Pibt } from '../../planning/pibt.ts';
import { PriorityOrder } from './priorities.ts';
import { buildScatter } from './scatter.ts';
import { Refiner } from './refine.ts';

import { type Constraint, type LacamOptions, type LacamResult, type LacamStatus, type Node } from './lacamTypes.ts';
import { hashConfig, rewire, sameConfig, solutionLoss, sumOfArrivals } from './configurations.ts';

export type { LacamOptions, LacamResult, LacamStatus } from './lacamTypes.ts';

const POLL_EVERY = 256;
const DEFAULT_RESTART_RATE = 0.1;
const DEFAULT_JUMP_RATE = 0.01;
const DEFAULT_REFINE_SHARE = 0.8;
const DEFAULT_REFINE_GROUP = 8;

export function lacamSearch(grid: Grid, starts: Int32Array, goals: Int32Array, options: LacamOptions): LacamResult {
  const n = starts.length;
  // Setting up runs each unit's distance table out to its start (seconds for 1,000 units on a
  // large map): asked between units, like every later phase.
  let setupStop: 'timeout' | 'cancelled' | null = null;
  // LaCAM's own tables are focused (A* from each goal towards the unit's start, asked first): on
  // den520d with 1,000 units the breadth-first searches out to the starts were most of the time
  // to the first solution, and they closed 3.5 times the cells. LaCAM*'s stay breadth first: its
  // scatter and refiner ask for cells all over the map, where a focused table pays more a cell.
  const distances = options.distances ?? new GoalDistances(grid, undefined, null, !options.anytime);
  const pibt = new Pibt(grid, starts, goals, options.seed, distances, { swap: options.swap ?? true, shouldStop: () => (setupStop = options.shouldStop()) !== null });
  if (pibt.setupStopped) {
    return { status: setupStop!, configs: [], cost: -1, optimal: false, highNodes: 0, lowNodes: 0, iterations: 0, work: pibt.calls, lowerBound: 0 };
  }
  const restartRate = options.restartRate ?? DEFAULT_RESTART_RATE;
  const pibtRuns = options.pibtRuns ?? 1;
  const jumpRate = options.jumpRate ?? DEFAULT_JUMP_RATE;
  const candidate = new Int32Array(n);
  const refineShare = options.anytime ? (options.refineShare ?? DEFAULT_REFINE_SHARE) : 0;
  /** When the search next yields to a refinement pass (by `clock`). */
  let searchUntil = 0;
  const random = new Random(options.seed ^ 0x1acad);
  const explored = new Map<number, Node | Node[]>();
  const open: Node[] = [];
  const who = new Int32Array(n);
  const where = new Int32Array(n);
  const next = new Int32Array(n);
  const cells = new Int32Array(5);
  const w = grid.width;
  let highNodes = 0;
  let lowNodes = 0;
  let iterations = 0;
  let goal: Node | null = null;
  let stopped: 'timeout' | 'cancelled' | 'memory' | null = null;
  /** The cost last reported to onImproved. */
  let reported = Infinity;

  const heuristic = (config: Int32Array): number => {
    let h = 0;
    for (let i = 0; i < n; i++) h += pibt.distance(i, config[i]);
    return h;
  };
  const isGoal = (config: Int32Array): boolean => {
    for (let i = 0; i < n; i++) if (config[i] !== goals[i]) return false;
    return true;
  };
  /** Sum of loss of one step: a unit pays unless it stays on its goal. */
  const edgeCost = (a: Int32Array, b: Int32Array): number => {
    let cost = 0;
    for (let i = 0; i < n; i++) if (a[i] !== goals[i] || b[i] !== goals[i]) cost++;
    return cost;
  };
  const find = (config: Int32Array, key: number): Node | null => {
    const slot = explored.get(key);
    if (slot === undefined) return null;
    if (!Array.isArray(slot)) return sameConfig(slot.config, config) ? slot : null;
    for (const node of slot) if (sameConfig(node.config, config)) return node;
    return null;
  };
  const remember = (node: Node, key: number): void => {
    const slot = explored.get(key);
    if (slot === undefined) explored.set(key, node);
    else if (Array.isArray(slot)) slot.push(node);
    else explored.set(key, [slot, node]);
  };
  const ranking = new PriorityOrder();
  const reverseEdges = options.anytime && (options.reverseEdges ?? true);
  const makeNode = (config: Int32Array, parent: Node | null): Node => {
    const priorities = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      // LaCAM's priorities: grow while away from the goal, keep only the fraction on it.
      if (parent === null) priorities[i] = pibt.distance(i, config[i]) / Math.max(1, n);
      else priorities[i] = config[i] !== goals[i] ? parent.priorities[i] + 1 : parent.priorities[i] - Math.floor(parent.priorities[i]);
    }
    const order = ranking.order(priorities);
    highNodes++;
    lowNodes++;
    return {
      config, parent, tree: [{ parent: null, who: -1, where: -1, depth: 0 }], next: 0, order, priorities,
      g: parent === null ? 0 : parent.g + edgeCost(parent.config, config), h: heuristic(config), neighbours: reverseEdges && parent !== null ? [parent] : [],
    };
  };

  /**
   * The successor of `node` under the first `fixed` constraints (in who/where) into `next`: the
   * best of `pibtRuns` PIBT runs by edge cost + heuristic. False when no run obeys the constraints.
   */
  const generate = (node: Node, fixed: number): boolean => {
    if (pibtRuns === 1) return pibt.generate(node.config, node.order, who, where, fixed, next);
    let best = Infinity;
    for (let run = 0; run < pibtRuns; run++) {
      if (!pibt.generate(node.config, node.order, who, where, fixed, candidate)) continue;
      const f = edgeCost(node.config, candidate) + heuristic(candidate);
      if (f < best) {
        best = f;
        next.set(candidate);
      }
    }
    return best < Infinity;
  };

  const reopen = (m: Node): void => {
    if (goal !== null && m.g + m.h < goal.g) open.push(m);
  };
  const backtrack = (end: Node): Int32Array[] => {
    const configs: Int32Array[] = [];
    for (let m: Node | null = end; m !== null; m = m.parent) configs.push(m.config);
    return configs.reverse();
  };
  /**
   * A refined solution joins the explored graph (lacam3's apply_new_solution): its known
   * configurations get the new edges and are rewired, the new ones become nodes on the stack.
   */
  const adopt = (configs: Int32Array[]): void => {
    let from = root;
    for (let t = 1; t < configs.length; t++) {
      const key = hashConfig(configs[t]);
      const known = find(configs[t], key);
      if (known !== null) {
        from.neighbours.push(known);
        rewire(from, edgeCost, reopen);
        from = known;
        continue;
      }
      if (highNodes >= options.maxNodes) return;
      const child = makeNode(configs[t], from);
      remember(child, key);
      from.neighbours.push(child);
      open.push(child);
      from = child;
    }
  };
  const refiner = new Refiner({
    grid, starts, goals, random, maxGroup: options.refineGroup ?? DEFAULT_REFINE_GROUP,
    tableOf: (i) => pibt.table(i),
    shouldStop: () => options.shouldStop() !== null || work() >= workLimit,
  });

  const scatterMargin = options.scatterMargin ?? 0;
  if (scatterMargin > 0) {
    pibt.scatter = buildScatter({
      grid, starts, goals, tableOf: (i) => pibt.table(i), random: new Random(options.seed ^ 0x5ca7), margin: scatterMargin,
      shouldStop: options.scatterStop ?? (() => options.shouldStop() !== null),
    });
  }
  const workLimit = options.workLimit ?? Infinity;
  const work = (): number => pibt.calls + refiner.expansions;
  const clock = workLimit < Infinity ? work : (options.clock ?? (() => performance.now()));

  /**
   * The refined solution of the best cost with the least sum of costs (`rest`): a refinement that
   * keeps the cost but lowers the sum of costs changes no node's g, so the explored graph would
   * not lead to it; the refiner goes on from it and the search returns it.
   */
  let polished: Int32Array[] | null = null;
  let polishedCost = Infinity;

  const root = makeNode(Int32Array.from(starts), null);
  const lowerBound = root.h;
  remember(root, hashConfig(root.config));
  open.push(root);

  while (open.length > 0) {
    if (++iterations % POLL_EVERY === 0) {
      stopped = options.shouldStop() ?? (work() >= workLimit ? 'timeout' : null);
      if (stopped !== null) break;
      if (goal !== null && refineShare > 0 && clock() >= searchUntil) {
        const began = clock();
        const current = polished !== null && polishedCost === goal.g ? polished : backtrack(goal);
        const refined = refiner.pass(current);
        if (refined !== null) {
          const cost = solutionLoss(refined, goals);
          if (cost < goal.g || (cost === goal.g && sumOfArrivals(refined, goals) < sumOfArrivals(current, goals))) {
            polished = refined;
            polishedCost = cost;
          }
          adopt(refined);
        }
        const spent = clock() - began;
        searchUntil = clock() + (spent * (1 - refineShare)) / refineShare;
      }
    }
    if (goal !== null && goal.g < reported) {
      // A rewiring lowered the best solution's cost.
      reported = goal.g;
      options.onImproved?.(goal.g, lowerBound);
    }
    if (goal !== null && open.length > 1 && random.next() < jumpRate) {
      // LaCAM*: now and then go on from anywhere on the stack, not only its top.
      open.push(open[random.int(open.length - 1)]);
    }
    const node = open[open.length - 1];
    if (isGoal(node.config)) {
      if (!options.anytime) {
        goal = node;
        break;
      }
      if (goal === null || node.g < goal.g) {
        goal = node;
        reported = goal.g;
        options.onImproved?.(goal.g, lowerBound);
      }
    }
    if (goal !== null && options.anytime && node.g + node.h >= goal.g) {
      open.pop();
      continue;
    }
    if (node.next === node.tree.length) {
      open.pop();
      continue;
    }
    const constraint = node.tree[node.next]!;
    node.tree[node.next++] = null; // let the visited constraint go
    if (constraint.depth < n) {
      // Expand the low-level tree: the next unit in order, to each of its cells (shuffled).
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
      lowNodes += count;
    }
    // The constraints from the root of the low-level tree down to this one.
    let fixed = 0;
    for (let c: Constraint | null = constraint; c !== null && c.depth > 0; c = c.parent) {
      who[fixed] = c.who;
      where[fixed] = c.where;
      fixed++;
    }
    if (!generate(node, fixed)) continue;
    const key = hashConfig(next);
    const known = find(next, key);
    if (known !== null) {
      if (options.anytime) {
        node.neighbours.push(known);
        rewire(node, edgeCost, reopen);
      }
      open.push(random.next() < restartRate ? root : known);
      continue;
    }
    if (highNodes >= options.maxNodes) {
      stopped = 'memory';
      break;
    }
    const child = makeNode(Int32Array.from(next), node);
    remember(child, key);
    if (options.anytime) node.neighbours.push(child);
    open.push(child);
  }

  let configs = goal === null ? [] : backtrack(goal);
  if (polished !== null && polishedCost === goal!.g && sumOfArrivals(polished, goals) < sumOfArrivals(configs, goals)) configs = polished;
  let status: LacamStatus;
  if (goal !== null) status = 'solved';
  else if (stopped !== null) status = stopped;
  else status = 'unsolvable';
  return {
    status, configs, cost: goal === null ? -1 : goal.g, optimal: goal !== null && options.anytime && open.length === 0 && stopped === null,
    highNodes, lowNodes, iterations, work: work(), lowerBound,
  };
}
