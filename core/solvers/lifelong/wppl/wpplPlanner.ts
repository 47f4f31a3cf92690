/**
 * WPPL as a lifelong planner for League of Robot Runners problems: Windowed Parallel PIBT-LNS
 * (Jiang et al., "Scaling Lifelong Multi-Agent Path Finding to More Realistic Settings", SoCS
 * 2024; the LoRR 2023 winner, DiligentPanda/MAPF-LRR2023, MIT, src/LNS/LNSSolver.cpp, which this
 * follows for its windows). Every robot gets a plan of W steps (10): PIBT rolled forward
 * (pibtRollout.ts), then improved by LNS (windowLns.ts) until the step's time is spent. The plan
 * is followed for up to E steps (the execution window, 3) before the whole window is planned
 * again; sooner when a robot's goal changes (an errand done, a task given) or a robot is not
 * where the plan put it (a step the League played as waits). A plan followed is conflict-free
 * through the window, so every step played from it is valid under the League's rules.
 * WPPL runs its LNS on threads; here it runs on the planner's one.
 */
import { ACTION_WAIT, turningAction } from '../../../grid/headings.ts';
import { Random } from '../../../util/random.ts';
import { DistanceTables } from '../distanceTables.ts';
import { GoalDistances } from './goalDistances.ts';
import { GuidePaths } from '../guidePaths.ts';
import type { MapGraph } from '../mapGraph.ts';
import type { LifelongPlanner, LifelongWorld } from '../types.ts';
import type { ParamSpec } from '../../../contract/types.ts';
import { headingDistance } from '../epibt/headingDistance.ts';
import { PibtRollout } from './pibtRollout.ts';
import { SpaceTimeAStar } from './spaceTimeAStar.ts';
import { WindowLns } from './windowLns.ts';
import { WindowPlan, pathCost } from './windowPlan.ts';

export interface WpplOptions {
  seed?: number;
  /** Steps planned ahead (WPPL's window_size_for_PATH; default 10). */
  window?: number;
  /** Steps of a plan played before the window is planned again (WPPL's execution_window; default 3). */
  executionWindow?: number;
  /** Robots replanned together (WPPL's neighborSize; default 8). */
  neighbourhood?: number;
  /** Improve the rolled plan by LNS (default true); false is windowed PIBT alone. */
  lns?: boolean;
  /** LNS neighbourhoods a window at most, per robot (default 10; the step's time is the usual bound). */
  lnsPerRobot?: number;
  /** Bytes the distance-table cache may hold (default distanceTables.ts DEFAULT_TABLE_BYTES). */
  tableBytes?: number;
  /**
   * Where a robot's distance to its goal comes from: goals' tables, Manhattan past the cache
   * (goalDistances.ts; default), or its traffic-flow guide path (guidePaths.ts), which measured
   * no better with LNS (docs/lorr.md, WPPL) and better for windowed PIBT alone.
   */
  distances?: 'tables' | 'guides';
  /** Share of the step guide paths may use when a window is planned (default 0.3). */
  guideShare?: number;
}

/** The planner's params as the registry reads them (core/contract/readParams.ts): names, ranges and defaults once. */
export const WPPL_PARAMS: readonly ParamSpec[] = [
  { name: 'window', label: 'Planning window', help: 'steps every robot is planned ahead (WPPL: 10)', kind: 'number', default: 10, min: 1, max: 64, integer: true },
  { name: 'executionWindow', label: 'Execution window', help: 'steps of a plan played before planning again, sooner when a goal changes (WPPL: 3)', kind: 'number', default: 3, min: 1, max: 64, integer: true },
  { name: 'neighbourhood', label: 'Neighbourhood size', help: 'robots LNS replans together (WPPL: 8)', kind: 'number', default: 8, min: 2, max: 128, integer: true },
  { name: 'lnsPerRobot', label: 'LNS rounds per robot', help: 'neighbourhoods replanned a window at most, per robot (the step\'s time is the usual bound)', kind: 'number', default: 10, min: 0, integer: true },
  { name: 'seed', label: 'Seed', help: 'seed of the random choices (default: the run\'s)', kind: 'number', default: null, min: 0, integer: true },
  { name: 'distances', label: 'Distances', help: 'a robot\'s distance to its goal: goals\' tables (Manhattan past the table cache) or its traffic-flow guide path', kind: 'choice', default: 'tables', choices: ['tables', 'guides'] },
  { name: 'guideShare', label: 'Guide-path share', help: 'share of the step guide paths may use when a window is planned (with guide-path distances)', kind: 'number', default: 0.3, min: 0, max: 0.9 },
  { name: 'lns', label: 'LNS', help: 'improve the windowed PIBT plan by LNS until the step\'s time is spent', kind: 'boolean', default: true },
];

/** Share of the step kept free at its end for reading out the actions and the clock's grain. */
const END_SHARE = 0.03;

export class WpplPlanner implements LifelongPlanner {
  readonly name: string;
  private readonly graph: MapGraph;
  private readonly robots: number;
  private readonly executionWindow: number;
  private readonly lnsOn: boolean;
  private readonly lnsPerRobot: number;
  private readonly random: Random;
  private readonly tables: DistanceTables;
  readonly windowPlan: WindowPlan;
  private readonly rollout: PibtRollout;
  private readonly search: SpaceTimeAStar;
  readonly lns: WindowLns;
  /** The goals the plan was made for, and how many of its steps have been played. */
  private readonly planGoals: Int32Array;
  private played = -1;
  private whole = false;
  /** Per robot: steps since its goal last changed (PIBT's aging) over a random tie-break in (0, 1). */
  private readonly priority: Float64Array;
  private readonly lastGoal: Int32Array;
  private readonly distances: GoalDistances;
  private readonly guides: GuidePaths | null;
  private readonly guideShare: number;
  private readonly counters = { guidePathsNew: 0, guidePathsImproved: 0, maxGuideMs: 0, windows: 0, followed: 0, maxOverMs: 0, maxRollMs: 0, maxLnsMs: 0, rollsCut: 0 };

  constructor(graph: MapGraph, robots: number, options: WpplOptions = {}) {
    const window = options.window ?? 10;
    this.graph = graph;
    this.robots = robots;
    this.executionWindow = Math.min(window, options.executionWindow ?? 3);
    this.lnsOn = options.lns ?? true;
    this.lnsPerRobot = options.lnsPerRobot ?? 10;
    this.name = this.lnsOn ? 'wppl' : 'wppl-no-lns';
    this.random = new Random(options.seed ?? 0);
    this.tables = new DistanceTables(graph, options.tableBytes);
    this.distances = new GoalDistances(graph, this.tables, robots);
    this.guides = options.distances === 'guides' ? new GuidePaths(graph, this.tables, robots) : null;
    this.distances.guides = this.guides;
    this.guideShare = options.guideShare ?? 0.3;
    this.windowPlan = new WindowPlan(graph, robots, window);
    this.rollout = new PibtRollout(graph, this.distances, robots);
    this.search = new SpaceTimeAStar(graph, window);
    this.lns = new WindowLns(graph, this.windowPlan, this.search, this.distances, options.neighbourhood ?? 8);
    this.planGoals = new Int32Array(robots).fill(-1);
    this.priority = new Float64Array(robots);
    this.lastGoal = new Int32Array(robots).fill(-2);
    const ids = this.random.shuffle(Array.from({ length: robots }, (_, i) => i));
    for (let i = 0; i < robots; i++) this.priority[ids[i]] = (robots - i) / (robots + 1);
  }

  stats(): Record<string, number> {
    const l = this.lns.counters;
    return {
      ...this.counters, lnsIterations: l.iterations, lnsImproved: l.improved, lnsSaved: l.saved,
      lnsByDelay: l.byDelay, lnsAtRandom: l.atRandom, lnsAtIntersection: l.atIntersection,
      searchExpanded: this.search.expanded, rolloutRefused: this.rollout.refused, distanceTablesBuilt: this.tables.built,
    };
  }

  plan(world: LifelongWorld, actions: Uint8Array, deadline: number, now: () => number): void {
    const start = now();
    const { locations, headings, goals } = world;
    this.age(goals);
    if (this.canFollow(world)) {
      this.readOut(this.played, actions);
      this.played++;
      this.counters.followed++;
    } else {
      const endReserve = Math.max(0.1, (deadline - start) * END_SHARE);
      if (this.guides !== null) this.planGuides(world, start + (deadline - start) * this.guideShare, now);
      this.planWindow(locations, headings, goals, deadline - endReserve, now);
      this.readOut(0, actions);
      this.played = 1;
    }
    this.counters.maxOverMs = Math.max(this.counters.maxOverMs, now() - deadline);
  }

  /**
   * Guide paths for robots whose goal changed (EPIBT's way, epibtPlanner.ts), then traffic-flow
   * rounds, until `guideDeadline`; a robot left without one is costed by tables or Manhattan.
   */
  private planGuides(world: LifelongWorld, guideDeadline: number, now: () => number): void {
    const guides = this.guides!;
    const { locations, goals, step } = world;
    const begun = now();
    for (let r = 0; r < this.robots && now() < guideDeadline; r++) {
      if (goals[r] < 0 || guides.goalOf(r) === goals[r]) continue;
      guides.replan(r, locations[r], goals[r], step);
      this.counters.guidePathsNew++;
    }
    if (now() < guideDeadline) this.counters.guidePathsImproved += guides.improve(locations, goals, step, this.random, guideDeadline, now);
    this.counters.maxGuideMs = Math.max(this.counters.maxGuideMs, now() - begun);
  }

  /** Plans the whole window afresh: PIBT rolled forward, then LNS until `deadline`. */
  private planWindow(locations: Int32Array, headings: Uint8Array, goals: Int32Array, deadline: number, now: () => number): void {
    const { windowPlan: plan, robots, graph } = this;
    const window = plan.window;
    this.counters.windows++;
    this.distances.beginWindow();
    if (this.played >= 0) for (let r = 0; r < robots; r++) plan.release(r);
    const rollStart = now();
    const rolled = this.rollout.roll(plan, locations, headings, goals, this.priority, this.random, deadline, now);
    this.whole = rolled === window;
    if (!this.whole) this.counters.rollsCut++;
    for (let r = 0; r < robots; r++) {
      const goal = goals[r];
      plan.reserve(r);
      if (goal < 0) {
        plan.cost[r] = 0;
        plan.lowerBound[r] = 0;
        continue;
      }
      const distance = this.distances.select(goal, r);
      plan.cost[r] = pathCost(graph, distance, goal, plan.cell, plan.heading, r * (window + 1), window);
      plan.lowerBound[r] = headingDistance(graph, distance, locations[r], headings[r]);
    }
    this.distances.freeze();
    this.planGoals.set(goals);
    const rolledAt = now();
    this.counters.maxRollMs = Math.max(this.counters.maxRollMs, rolledAt - rollStart);
    if (this.lnsOn && rolledAt < deadline) {
      this.lns.run(goals, this.random, deadline, now, this.lnsPerRobot * robots);
      this.counters.maxLnsMs = Math.max(this.counters.maxLnsMs, now() - rolledAt);
    }
  }

  /** The plan may be followed one more step: whole, not played out, its goals unchanged and every robot where it says. */
  private canFollow(world: LifelongWorld): boolean {
    const { windowPlan: plan, robots, planGoals } = this;
    const t = this.played;
    if (t < 1 || !this.whole || t >= this.executionWindow) return false;
    const span = plan.window + 1;
    for (let r = 0; r < robots; r++) {
      if (world.goals[r] !== planGoals[r]) return false;
      if (world.locations[r] !== plan.cell[r * span + t] || world.headings[r] !== plan.heading[r * span + t]) return false;
    }
    return true;
  }

  /** Each robot's action from its planned state at t to the one at t + 1. */
  private readOut(t: number, actions: Uint8Array): void {
    const { windowPlan: plan, robots } = this;
    const span = plan.window + 1;
    const w = this.graph.width;
    for (let r = 0; r < robots; r++) {
      const at = r * span + t;
      const a = turningAction(w, plan.cell[at], plan.heading[at], plan.cell[at + 1], plan.heading[at + 1]);
      actions[r] = a < 0 ? ACTION_WAIT : a;
    }
  }

  /** PIBT's aging: a robot's priority grows by one each step its goal stays, and falls back when it changes. */
  private age(goals: Int32Array): void {
    const { priority, lastGoal } = this;
    for (let r = 0; r < this.robots; r++) {
      const tie = priority[r] - Math.floor(priority[r]);
      priority[r] = goals[r] < 0 || goals[r] !== lastGoal[r] ? tie : priority[r] + 1;
      lastGoal[r] = goals[r];
    }
  }
}
