/**
 * LNS over the windowed plan until the step's time is spent (WPPL, Jiang et al., SoCS 2024,
 * section 4; DiligentPanda/MAPF-LRR2023, MIT, src/LNS/Parallel/GlobalManager.cpp and
 * LocalOptimizer.cpp `runPP`, which this follows): choose a neighbourhood of robots
 * (neighbourhoods.ts), remove their windowed paths, replan them one by one in a random order by
 * space-time A* against everyone else's (prioritised planning), and keep the new paths only if
 * their summed cost is lower than the old; a replan stops as soon as its running sum reaches the
 * old one. The way of choosing is adaptive (ALNS, Ropke and Pisinger 2006, as MAPF-LNS weighs
 * its destroy heuristics): each way's weight moves toward the cost it saved per robot replanned,
 * with WPPL's reaction factor 0.01.
 */
import type { Random } from '../../../util/random.ts';
import type { GoalDistances } from './goalDistances.ts';
import type { MapGraph } from '../mapGraph.ts';
import { AT_RANDOM, BY_DELAY, NEIGHBOURHOOD_KINDS, NeighbourhoodChooser } from './neighbourhoods.ts';
import type { SpaceTimeAStar } from './spaceTimeAStar.ts';
import type { WindowPlan } from './windowPlan.ts';

const REACTION = 0.01;

export interface LnsCounters {
  iterations: number;
  improved: number;
  /** Summed window cost LNS removed. */
  saved: number;
  /** Neighbourhoods chosen by delay, at random, at an intersection. */
  byDelay: number;
  atRandom: number;
  atIntersection: number;
}

export class WindowLns {
  private readonly plan: WindowPlan;
  private readonly search: SpaceTimeAStar;
  private readonly distances: GoalDistances;
  private readonly chooser: NeighbourhoodChooser;
  private readonly neighbourhoodSize: number;
  readonly weights = new Float64Array(NEIGHBOURHOOD_KINDS).fill(1);
  // The neighbourhood's old paths and costs, to restore on rejection.
  private readonly oldCell: Int32Array;
  private readonly oldHeading: Uint8Array;
  private readonly oldCost: Float64Array;
  private readonly order: Int32Array;
  private readonly distanceTo = (goal: number, robot: number) => this.distances.select(goal, robot);
  readonly counters: LnsCounters = { iterations: 0, improved: 0, saved: 0, byDelay: 0, atRandom: 0, atIntersection: 0 };

  constructor(graph: MapGraph, plan: WindowPlan, search: SpaceTimeAStar, distances: GoalDistances, neighbourhoodSize: number) {
    this.plan = plan;
    this.search = search;
    this.distances = distances;
    this.neighbourhoodSize = neighbourhoodSize;
    this.chooser = new NeighbourhoodChooser(graph, plan, neighbourhoodSize);
    const span = plan.window + 1;
    this.oldCell = new Int32Array(neighbourhoodSize * span);
    this.oldHeading = new Uint8Array(neighbourhoodSize * span);
    this.oldCost = new Float64Array(neighbourhoodSize);
    this.order = new Int32Array(neighbourhoodSize);
  }

  /** Improves `plan` (every path reserved) until `deadline` or `maxIterations`; returns the iterations run. */
  run(goals: Int32Array, random: Random, deadline: number, now: () => number, maxIterations: number): number {
    let iterations = 0;
    // Nothing to gain when every path already meets its lower bound.
    let delayed = false;
    for (let r = 0; r < this.plan.robots && !delayed; r++) delayed = this.plan.cost[r] > this.plan.lowerBound[r];
    while (delayed && iterations < maxIterations && now() < deadline) {
      const kind = this.pickKind(random);
      const chooser = this.chooser;
      const found = kind === BY_DELAY ? chooser.byDelay(random, goals, this.distanceTo)
        : kind === AT_RANDOM ? chooser.atRandom(random, this.neighbourhoodSize)
        : chooser.atIntersection(random);
      iterations++;
      this.counters.iterations++;
      if (kind === BY_DELAY) this.counters.byDelay++;
      else if (kind === AT_RANDOM) this.counters.atRandom++;
      else this.counters.atIntersection++;
      const saved = found ? this.replan(goals, random, deadline, now) : 0;
      const w = this.weights;
      w[kind] = REACTION * (saved / Math.max(1, chooser.size)) + (1 - REACTION) * w[kind];
    }
    return iterations;
  }

  private pickKind(random: Random): number {
    const w = this.weights;
    let sum = 0;
    for (let k = 0; k < NEIGHBOURHOOD_KINDS; k++) sum += w[k];
    let x = random.next() * sum;
    for (let k = 0; k < NEIGHBOURHOOD_KINDS; k++) {
      x -= w[k];
      if (x < 0) return k;
    }
    return NEIGHBOURHOOD_KINDS - 1;
  }

  /** Replans the chosen robots in a random order; keeps their new paths if cheaper. Returns the cost saved. */
  replan(goals: Int32Array, random: Random, deadline: number, now: () => number): number {
    const { plan, chooser, search, oldCell, oldHeading, oldCost, order } = this;
    const span = plan.window + 1;
    const size = chooser.size;
    let oldSum = 0;
    for (let i = 0; i < size; i++) {
      const r = chooser.chosen[i];
      oldCell.set(plan.cell.subarray(r * span, r * span + span), i * span);
      oldHeading.set(plan.heading.subarray(r * span, r * span + span), i * span);
      oldCost[i] = plan.cost[r];
      oldSum += plan.cost[r];
      plan.release(r);
      order[i] = i;
    }
    for (let i = size - 1; i > 0; i--) {
      const j = random.int(i + 1);
      const tmp = order[i];
      order[i] = order[j];
      order[j] = tmp;
    }
    let newSum = 0;
    let placed = 0;
    for (; placed < size; placed++) {
      const i = order[placed];
      const r = chooser.chosen[i];
      const goal = goals[r];
      const distance = goal < 0 ? this.distances.select(oldCell[i * span]) : this.distances.select(goal, r);
      const cost = search.find(oldCell[i * span], oldHeading[i * span], goal, distance, plan.occupant, deadline, now);
      if (cost < 0 || newSum + cost >= oldSum) break;
      newSum += cost;
      plan.cell.set(search.pathCell, r * span);
      plan.heading.set(search.pathHeading, r * span);
      plan.cost[r] = cost;
      plan.reserve(r);
    }
    if (placed === size) {
      this.counters.improved++;
      this.counters.saved += oldSum - newSum;
      return oldSum - newSum;
    }
    // Rejected: the new paths placed so far out, the old ones back.
    for (let p = 0; p < placed; p++) plan.release(chooser.chosen[order[p]]);
    for (let i = 0; i < size; i++) {
      const r = chooser.chosen[i];
      plan.cell.set(oldCell.subarray(i * span, i * span + span), r * span);
      plan.heading.set(oldHeading.subarray(i * span, i * span + span), r * span);
      plan.cost[r] = oldCost[i];
      plan.reserve(r);
    }
    return 0;
  }
}
