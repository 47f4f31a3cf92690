/**
 * LaCAM, lazy constraints addition search (Okumura, "LaCAM: Search-Based Algorithm for Quick
 * Multi-Agent Pathfinding", AAAI 2023, Algorithm 1), and LaCAM* (Okumura, "Improving LaCAM for
 * Scalable Eventually Optimal Multi-Agent Pathfinding", IJCAI 2023, Algorithm 1): a depth-first
 * search over configurations whose successors PIBT generates one constraint at a time
 * (core/planning/pibt.ts; the constraints: constraintTree.ts; the configurations met:
 * exploredGraph.ts), complete; LaCAM* goes on after the first solution, rewiring the explored graph, and is
 * eventually optimal for the sum of loss (`away` model). With lacam2/lacam3's engineering (swap,
 * restarts, refinement, scatter, reverse edges), each a param; what each took and gave: README.md.
 */
import type { Grid } from '../../grid/grid.ts';
import { Random } from '../../util/random.ts';
import { GoalDistances } from '../../search/goalDistances.ts';
import { Pibt } from '../../planning/pibt.ts';
import { buildScatter } from './scatter.ts';
import { Refiner } from './refine.ts';
import { type LacamOptions, type LacamResult, type LacamStatus, type Node } from './lacamTypes.ts';
import { hashConfig, rewire } from './configurations.ts';
import { ExploredGraph } from './exploredGraph.ts';
import { collectConstraints, growConstraints } from './constraintTree.ts';
import { RefinementTurns, backtrack } from './refinementTurns.ts';

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
  const refineShare = options.anytime ? (options.refineShare ?? DEFAULT_REFINE_SHARE) : 0;
  const random = new Random(options.seed ^ 0x1acad);
  const graph = new ExploredGraph(pibt, goals, options.anytime && (options.reverseEdges ?? true));
  const edgeCost = (a: Int32Array, b: Int32Array): number => graph.edgeCost(a, b);
  const open: Node[] = [];
  const who = new Int32Array(n);
  const where = new Int32Array(n);
  const next = new Int32Array(n);
  const candidate = new Int32Array(n);
  const cells = new Int32Array(5);
  let iterations = 0;
  let goal: Node | null = null;
  let stopped: 'timeout' | 'cancelled' | 'memory' | null = null;
  /** The cost last reported to onImproved. */
  let reported = Infinity;

  /**
   * The successor of `node` under the first `fixed` constraints (in who/where) into `next`: the
   * best of `pibtRuns` PIBT runs by edge cost + heuristic. False when no run obeys the constraints.
   */
  const generate = (node: Node, fixed: number): boolean => {
    if (pibtRuns === 1) return pibt.generate(node.config, node.order, who, where, fixed, next);
    let best = Infinity;
    for (let run = 0; run < pibtRuns; run++) {
      if (!pibt.generate(node.config, node.order, who, where, fixed, candidate)) continue;
      const f = graph.edgeCost(node.config, candidate) + graph.heuristic(candidate);
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

  const workLimit = options.workLimit ?? Infinity;
  const refiner = new Refiner({
    grid, starts, goals, random, maxGroup: options.refineGroup ?? DEFAULT_REFINE_GROUP,
    tableOf: (i) => pibt.table(i),
    shouldStop: () => options.shouldStop() !== null || work() >= workLimit,
  });
  const work = (): number => pibt.calls + refiner.expansions;
  const clock = workLimit < Infinity ? work : (options.clock ?? (() => performance.now()));
  const refinement = refineShare > 0 ? new RefinementTurns({ refiner, graph, goals, clock, share: refineShare, maxNodes: options.maxNodes, open, reopen }) : null;

  const scatterMargin = options.scatterMargin ?? 0;
  if (scatterMargin > 0) {
    pibt.scatter = buildScatter({
      grid, starts, goals, tableOf: (i) => pibt.table(i), random: new Random(options.seed ^ 0x5ca7), margin: scatterMargin,
      shouldStop: options.scatterStop ?? (() => options.shouldStop() !== null),
    });
  }

  const root = graph.makeNode(Int32Array.from(starts), null);
  const lowerBound = root.h;
  graph.remember(root, hashConfig(root.config));
  open.push(root);

  while (open.length > 0) {
    if (++iterations % POLL_EVERY === 0) {
      stopped = options.shouldStop() ?? (work() >= workLimit ? 'timeout' : null);
      if (stopped !== null) break;
      if (goal !== null && refinement !== null && refinement.due()) refinement.take(root, goal);
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
    if (graph.isGoal(node.config)) {
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
    graph.lowNodes += growConstraints(grid, node, constraint, random, cells);
    if (!generate(node, collectConstraints(constraint, who, where))) continue;
    const key = hashConfig(next);
    const known = graph.find(next, key);
    if (known !== null) {
      if (options.anytime) {
        node.neighbours.push(known);
        rewire(node, edgeCost, reopen);
      }
      open.push(random.next() < restartRate ? root : known);
      continue;
    }
    if (graph.highNodes >= options.maxNodes) {
      stopped = 'memory';
      break;
    }
    const child = graph.makeNode(Int32Array.from(next), node);
    graph.remember(child, key);
    if (options.anytime) node.neighbours.push(child);
    open.push(child);
  }

  let configs: Int32Array[] = [];
  if (goal !== null) configs = refinement !== null ? refinement.best(goal) : backtrack(goal);
  let status: LacamStatus;
  if (goal !== null) status = 'solved';
  else if (stopped !== null) status = stopped;
  else status = 'unsolvable';
  return {
    status, configs, cost: goal === null ? -1 : goal.g, optimal: goal !== null && options.anytime && open.length === 0 && stopped === null,
    highNodes: graph.highNodes, lowNodes: graph.lowNodes, iterations, work: work(), lowerBound,
  };
}
