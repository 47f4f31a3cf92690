/**
 * EPIBT as a lifelong planner for League of Robot Runners problems: each step every robot chooses
 * an operation of D actions (operations.ts) by the search of operationSearch.ts, and plays its
 * first action; the next step chooses again from where the robots stand (Zakharov et al.,
 * "Enhancing PIBT via Multi-Action Operations", AAAI 2026, arXiv 2511.09193; the LoRR 2024
 * winner's src/MAPFPlanner.cpp, Solution/Planner/epibt.cpp, Objects/Environment/robot_handler.cpp).
 *
 * As the winner does: an operation's cost is its end state's distance to the goal, the trailing
 * waits counted as turns it could make (they change no cell), or, when it passes the goal, minus
 * the steps it is there early; a robot's priority comes from how close it is to its goal (the
 * nearest first, their gain weighed by the square of their rank), robots without a task last;
 * and an operation that starts with turns or waits may play another turn or wait first, the one
 * whose state is nearer the goal (the winner's smart operation execution: the cells are the same).
 * Robots without a task prefer to stay (the winner's wander, taking any operation but waiting).
 *
 * Distances: the winner keeps every cell's distance to every cell (gigabytes, built offline). Here
 * a goal's breadth-first table is kept while the goals in play fit the table cache; past that (on
 * sortation_large with 2,000 robots nearly every goal differs, and a cache of 1,178 tables was
 * rebuilt 935 times a step, every step over its limit) each robot follows the distance along its
 * guide path (guidePaths.ts, the Start-Kit's traffic-flow-aware search), as flow-pibt does.
 */
import { ACTION_CLOCKWISE, ACTION_COUNTER, ACTION_WAIT } from '../../../grid/headings.ts';
import { Random } from '../../../util/random.ts';
import { DistanceTables, type LazyTable } from '../distanceTables.ts';
import { GuidePaths } from '../guidePaths.ts';
import { HIGHWAY_LANES, type LanePattern, lanesOf } from '../laneGuidance.ts';
import { FAR, type MapGraph } from '../mapGraph.ts';
import { UNREACHED } from '../pathDistance.ts';
import type { LifelongPlanner, LifelongWorld } from '../types.ts';
import { headingDistance } from './headingDistance.ts';
import { FROZEN, IDLE, OperationSearch } from './operationSearch.ts';
import { operationsOfDepth } from './operations.ts';

export interface EpibtOptions {
  seed?: number;
  /**
   * Actions per operation, 3 to 5. Default 4: against 3 (the winner's), at 300 ms a step with the
   * min-cost scheduler, random_32_32_20_100 finished 1,225 tasks against 1,189 (500 steps, mean of
   * 3 seeds), sortation_large 1,183 against 1,155 and warehouse_large 2,721 against 2,615 (200
   * steps); Paris and brc202d level; warehouse_large at 100 ms 1,481 against 1,505 (150 steps).
   */
  depth?: number;
  /** Improve the choice with the winner's LNS until the step's time is spent (default true). */
  lns?: boolean;
  /** LNS rebuilds a step at most, per robot (default 10, the winner's cap for its threads). */
  lnsPerRobot?: number;
  /** Bytes the distance-table cache may hold (default distanceTables.ts DEFAULT_TABLE_BYTES). */
  tableBytes?: number;
  /** Where distances come from: each goal's table, each robot's guide path, or tables while the team fits the cache (default). */
  distances?: 'tables' | 'guides' | 'auto';
  /** With guide paths: improve them by the traffic-flow rounds (default true). */
  flow?: boolean;
  /** With guide paths: the share of the step, from its start, they may use (default 0.4). */
  guideShare?: number;
  /**
   * With guide paths: the extra cost of a move against its row's or column's lane (laneGuidance.ts);
   * 0 for no lanes. Default 3: warehouse_large 4,556 tasks against 4,412 without (300 steps at
   * 300 ms, the min-cost scheduler); sortation_large level.
   */
  lanePenalty?: number;
  /** With guide paths: the lanes' pattern (a guidance file's, measured for the map), instead of alternating rows and columns at `lanePenalty`. */
  lanes?: LanePattern;
}

/** Slots of the per-robot distance memo, less one (a power of two above the 41 cells within 4 moves). */
const MEMO_MASK = 127;

/**
 * Priority a step a robot gains while it gets no nearer its goal, in steps of distance. Two
 * robots meeting head-on in a corridor with one passing place (lengths 5-15, the place anywhere,
 * the test's 74 cases): 2 left 42 of them retreating together forever with operations of 4
 * actions, 3 and above none. Throughput at 300 ms with the min-cost scheduler, 3 against 2:
 * random 1,220 against 1,225 (3 seeds), Paris 487 against 481, brc202d 471 against 489 (2 seeds).
 */
const AGING = 3;

/** Distance weight against the operation's rank among equals (the winner's dist * 50 - index). */
const DISTANCE_WEIGHT = 50;

export class EpibtPlanner implements LifelongPlanner {
  readonly name: string;
  private readonly graph: MapGraph;
  private readonly robots: number;
  private readonly tables: DistanceTables;
  private readonly search: OperationSearch;
  private readonly random: Random;
  private readonly lns: boolean;
  private readonly lnsPerRobot: number;
  private readonly idle: Uint8Array;
  private readonly nearness: Float64Array;
  /** Per robot: its goal and best distance so far, and the steps since that distance last fell. */
  private readonly lastGoal: Int32Array;
  private readonly bestDistance: Float64Array;
  private readonly stalled: Int32Array;
  private readonly order: Int32Array;
  private readonly guides: GuidePaths | null;
  private readonly flow: boolean;
  private readonly guideShare: number;
  // The robot whose distances `distance` gives: its goal, and its table or guide path.
  private goal = -1;
  private robot = -1;
  private table: LazyTable | null = null;
  private guided = false;
  // Distances asked about this robot, memoised: its operations end at most D cells away, and
  // each end is asked about with its neighbours, many times over.
  private readonly memoCell: Int32Array;
  private readonly memoValue: Int32Array;
  private memoStamp = 0;
  private readonly memoStamps: Int32Array;
  private readonly distance = (cell: number): number => {
    const slot = ((cell * 2654435761) >>> 0) & MEMO_MASK;
    if (this.memoStamps[slot] === this.memoStamp && this.memoCell[slot] === cell) return this.memoValue[slot];
    const d = this.lookUp(cell);
    this.memoStamps[slot] = this.memoStamp;
    this.memoCell[slot] = cell;
    this.memoValue[slot] = d;
    return d;
  };
  private lookUp(cell: number): number {
    if (this.table !== null) return this.table.get(cell);
    if (this.guided) {
      const c = this.guides!.cost(this.robot, cell);
      if (c !== UNREACHED) return c;
    }
    const cached = this.tables.cached(this.goal);
    return cached !== null ? cached.get(cell) : this.graph.manhattan(cell, this.goal);
  }
  /** Last step's time costing the operations and making the first pass (a guess from the team's size before the first). */
  private costMs: number;
  private passMs: number;
  /** The robot the costing starts from: where the last step short of time stopped. */
  private costFrom = 0;
  /** Last step's time reading out the actions. */
  private finishMs: number;
  private counters = { maxOverMs: 0, frozenSteps: 0, maxCostMs: 0, maxGuideMs: 0, maxSearchMs: 0, maxLnsMs: 0, lnsSteps: 0, guidePathsNew: 0, guidePathsImproved: 0 };

  constructor(graph: MapGraph, robots: number, options: EpibtOptions = {}) {
    this.graph = graph;
    this.robots = robots;
    this.tables = new DistanceTables(graph, options.tableBytes);
    this.search = new OperationSearch(graph, robots, operationsOfDepth(options.depth ?? 4));
    this.random = new Random(options.seed ?? 0);
    this.lns = options.lns ?? true;
    this.lnsPerRobot = options.lnsPerRobot ?? 10;
    this.name = this.lns ? 'epibt-lns' : 'epibt';
    this.idle = new Uint8Array(robots);
    this.nearness = new Float64Array(robots);
    this.lastGoal = new Int32Array(robots).fill(-1);
    this.bestDistance = new Float64Array(robots);
    this.stalled = new Int32Array(robots);
    this.order = new Int32Array(robots);
    this.costMs = robots * 0.03;
    this.finishMs = robots * 0.002;
    this.passMs = robots * 0.01;
    this.memoCell = new Int32Array(MEMO_MASK + 1);
    this.memoValue = new Int32Array(MEMO_MASK + 1);
    this.memoStamps = new Int32Array(MEMO_MASK + 1);
    const mode = options.distances ?? 'auto';
    const useGuides = mode === 'guides' || (mode === 'auto' && robots > this.tables.capacity);
    this.guides = useGuides ? new GuidePaths(graph, this.tables, robots) : null;
    const lanes = options.lanes ?? { ...HIGHWAY_LANES, penalty: options.lanePenalty ?? HIGHWAY_LANES.penalty };
    if (this.guides !== null && lanes.penalty > 0) this.guides.lanes = lanesOf(graph, lanes);
    this.flow = options.flow ?? true;
    this.guideShare = options.guideShare ?? 0.4;
  }

  /** Points `distance` at robot r's distances to `goal`. */
  private distancesOf(r: number, goal: number): void {
    this.memoStamp++;
    this.robot = r;
    this.goal = goal;
    if (this.guides === null) {
      this.table = this.tables.table(goal);
      this.guided = false;
    } else {
      this.table = null;
      this.guided = this.guides.goalOf(r) === goal;
    }
  }

  /** Guide paths for robots whose goal changed, then the traffic-flow rounds, until the guide share of the step. */
  private planGuides(world: LifelongWorld, guideDeadline: number, now: () => number): void {
    const guides = this.guides!;
    const { locations, goals, step } = world;
    for (let r = 0; r < this.robots; r++) {
      if (goals[r] < 0 || guides.goalOf(r) === goals[r]) continue;
      if (now() >= guideDeadline) return;
      guides.replan(r, locations[r], goals[r], step);
      this.counters.guidePathsNew++;
    }
    if (this.flow && now() < guideDeadline) this.counters.guidePathsImproved += guides.improve(locations, goals, step, this.random, guideDeadline, now);
  }

  stats(): Record<string, number> {
    const { search } = this;
    return { ...this.counters, rebuilds: search.rebuilds, pushes: search.pushes, lnsImproved: search.improved, distanceTablesBuilt: this.tables.built };
  }

  plan(world: LifelongWorld, actions: Uint8Array, deadline: number, now: () => number): void {
    const start = now();
    const { robots, search, idle, nearness, order } = this;
    const { locations, headings, goals } = world;
    // Guide paths leave time for costing the operations and a first pass, as long as they took last step.
    const reserve = 1.5 * (this.costMs + this.passMs + this.finishMs);
    if (this.guides !== null) this.planGuides(world, Math.min(start + (deadline - start) * this.guideShare, deadline - reserve), now);
    const guided = now();
    search.trace(locations, headings);
    // Past this, robots not yet costed stand still this step (a robot standing is always safe):
    // a step over its limit costs every robot a whole step.
    // The actions are read out after the search: its time last step is kept free at the end.
    const searchDeadline = deadline - 1.5 * this.finishMs;
    const costDeadline = searchDeadline - this.passMs;
    // Costing starts where the last step's ran out, so a step short of time leaves other robots
    // standing than the last one did (from robot 0 each step, the same robots stood step after step).
    let frozen = 0;
    const from = this.costFrom;
    for (let i = 0; i < robots; i++) {
      const r = from + i < robots ? from + i : from + i - robots;
      order[r] = r;
      if ((i & 63) === 0 && frozen === 0 && i > 0 && now() >= costDeadline) frozen = i;
      if (frozen > 0) {
        idle[r] = FROZEN;
        nearness[r] = FAR;
        continue;
      }
      idle[r] = goals[r] < 0 ? IDLE : 0;
      if (idle[r] === 0) this.distancesOf(r, goals[r]);
      nearness[r] = idle[r] === IDLE ? FAR : this.aged(r, goals[r], headingDistance(this.graph, this.distance, locations[r], headings[r]));
      this.costOperations(r, goals[r]);
    }
    if (frozen > 0) {
      this.counters.frozenSteps++;
      this.costFrom = (from + frozen) % robots;
    }
    this.weighRobots();
    const costed = now();
    search.begin(idle);
    const firstPass = search.solve(order, searchDeadline, now);
    const searched = now();
    this.costMs = Math.max(0.1, costed - guided);
    this.passMs = Math.max(0.1, firstPass - costed);
    if (this.lns && searched < searchDeadline) {
      search.improve(this.random, robots * this.lnsPerRobot, searchDeadline, now);
      this.counters.lnsSteps++;
    }
    const end = now();
    for (let r = 0; r < robots; r++) actions[r] = this.firstAction(r, locations[r], headings[r], goals[r]);
    const finished = now();
    this.finishMs = Math.max(0.1, finished - end);
    const c = this.counters;
    c.maxOverMs = Math.max(c.maxOverMs, finished - deadline);
    c.maxGuideMs = Math.max(c.maxGuideMs, guided - start);
    c.maxCostMs = Math.max(c.maxCostMs, costed - guided);
    c.maxSearchMs = Math.max(c.maxSearchMs, searched - costed);
    c.maxLnsMs = Math.max(c.maxLnsMs, end - searched);
  }

  /** Each operation's cost for robot `r` bound for `goal` (the winner's get_smart_dist). */
  private costOperations(r: number, goal: number): void {
    const { search, graph, distance } = this;
    const { ops, depth, cellAt, valid, endHeading, cost } = search;
    const k = ops.length;
    for (let o = 0; o < k; o++) {
      const at = r * k + o;
      if (valid[at] === 0) continue;
      if (goal < 0) {
        cost[at] = o;
        continue;
      }
      const base = at * depth;
      const end = cellAt[base + depth - 1];
      const op = ops[o];
      let trailing = 0;
      while (trailing < depth && op[depth - 1 - trailing] === ACTION_WAIT) trailing++;
      let dist = headingDistance(graph, distance, end, endHeading[at]);
      if (trailing >= 1) {
        const h = endHeading[at];
        dist = Math.min(dist, headingDistance(graph, distance, end, (h + 1) & 3), headingDistance(graph, distance, end, (h + 3) & 3));
        if (trailing >= 2) dist = Math.min(dist, headingDistance(graph, distance, end, (h + 2) & 3));
      }
      for (let d = 0; d < depth; d++) {
        if (cellAt[base + d] === goal) {
          dist = d - depth;
          break;
        }
      }
      cost[at] = dist * DISTANCE_WEIGHT - o;
    }
  }

  /**
   * The robot's distance less twice the steps it has gone without getting nearer its goal: a
   * robot pushed back and forth gains priority until it is the one that pushes (PIBT's aging,
   * Okumura et al. 2022, section 3: priorities grow while a robot is not at its goal). Ranking by
   * distance alone, as the winner does, lets two robots meeting head-on in a corridor with one
   * passing place retreat together forever.
   */
  private aged(r: number, goal: number, distance: number): number {
    if (this.lastGoal[r] !== goal || distance < this.bestDistance[r]) {
      this.lastGoal[r] = goal;
      this.bestDistance[r] = distance;
      this.stalled[r] = 0;
    } else this.stalled[r]++;
    return distance - AGING * this.stalled[r];
  }

  /** Robots by nearness to their goals: rank i of n weighs ((n + 1 - i) / (n + 1))^2; robots without a task weigh 0 and go last. */
  private weighRobots(): void {
    const { order, nearness, idle, robots } = this;
    const power = this.search.power;
    order.sort((a, b) => nearness[a] - nearness[b] || b - a);
    const top = robots + 1;
    for (let i = 0; i < robots; i++) {
      const r = order[i];
      power[r] = idle[r] !== 0 ? 0 : ((top - i) / top) ** 2;
    }
    order.sort((a, b) => power[b] - power[a] || b - a);
  }

  /** The held operation's first action, or an equally safe turn or wait nearer the goal. */
  private firstAction(r: number, cell: number, heading: number, goal: number): number {
    const { search } = this;
    const held = search.held[r];
    const op = search.ops[held];
    const first = op[0];
    if (goal < 0) return first;
    let choices: readonly number[] | null = null;
    if (held === 0) choices = WAIT_OR_TURN;
    else if (first === ACTION_CLOCKWISE || first === ACTION_COUNTER) {
      if (op[1] === first) choices = op[2] === ACTION_WAIT ? WAIT_OR_TURN : TURN_EITHER;
      else if (op[1] === ACTION_WAIT) choices = first === ACTION_CLOCKWISE ? WAIT_OR_CLOCKWISE : WAIT_OR_COUNTER;
    }
    if (choices === null) return first;
    this.distancesOf(r, goal);
    let best = first;
    let bestDist = Infinity;
    for (const a of choices) {
      const h = a === ACTION_CLOCKWISE ? (heading + 1) & 3 : a === ACTION_COUNTER ? (heading + 3) & 3 : heading;
      const d = headingDistance(this.graph, this.distance, cell, h);
      if (d < bestDist) {
        bestDist = d;
        best = a;
      }
    }
    return best;
  }
}

const WAIT_OR_TURN = [ACTION_WAIT, ACTION_CLOCKWISE, ACTION_COUNTER];
const TURN_EITHER = [ACTION_CLOCKWISE, ACTION_COUNTER];
const WAIT_OR_CLOCKWISE = [ACTION_WAIT, ACTION_CLOCKWISE];
const WAIT_OR_COUNTER = [ACTION_WAIT, ACTION_COUNTER];
