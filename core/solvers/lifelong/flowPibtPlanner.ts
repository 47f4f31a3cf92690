/**
 * The LoRR 2024 Start-Kit's default planner in TypeScript: PIBT for turning robots guided by
 * traffic-flow-optimised guide paths (Chen et al., "Traffic Flow Optimisation for Lifelong
 * Multi-Agent Path Finding", AAAI 2024; Start-Kit default_planner/planner.cpp `plan`).
 * More on this in README.md, "flowPibtPlanner.ts".
 */
import { ACTION_FORWARD, ACTION_WAIT } from '../../grid/headings.ts';
import { Random } from '../../util/random.ts';
import { DistanceTables } from './distanceTables.ts';
import { GuidePaths } from './guidePaths.ts';
import { FAR, type MapGraph } from './mapGraph.ts';
import { UNREACHED } from './pathDistance.ts';
import { type CellCost, RotationPibt, actionToward } from './rotationPibt.ts';
import type { LifelongPlanner, LifelongWorld } from './types.ts';

const NONE = -1;
/** A commitment takes at most two quarter turns and a move: three steps when nothing blocks it. */
const COMMITMENT_STEPS = 3;

export interface FlowPibtOptions {
  seed?: number;
  /** Share of the step's time, from its start, that guide paths may use (default 0.6). */
  guideShare?: number;
  /** Bytes the distance-table cache may hold (default distanceTables.ts DEFAULT_TABLE_BYTES). */
  tableBytes?: number;
  /** Improve guide paths after computing the new ones (the traffic-flow iteration; default true). */
  improve?: boolean;
  /** Guide-path searches build the goal's distance table (true, the Start-Kit's way) or use Manhattan unless one is cached. */
  tableFirst?: boolean;
}

export class FlowPibtPlanner implements LifelongPlanner, CellCost {
  readonly name = 'flow-pibt';
  private readonly graph: MapGraph;
  private readonly robots: number;
  private readonly random: Random;
  private readonly tables: DistanceTables;
  readonly guides: GuidePaths;
  private readonly pibt: RotationPibt;
  private readonly guideShare: number;
  private readonly improveGuides: boolean;
  private readonly priority: Float64Array;
  private readonly initialPriority: Float64Array;
  private readonly order: Int32Array;
  private readonly dummyGoals: Int32Array;
  /** The cell each robot committed to, and whether it got there (1) or is still turning toward it (0). */
  private readonly committed: Int32Array;
  private readonly done: Uint8Array;
  /** The step each commitment was made. */
  private readonly committedAt: Int32Array;
  private readonly targets: Int32Array;
  /** Per robot, 1 when its guide path leads to its current target. */
  private readonly guided: Uint8Array;
  private readonly occupant: Int32Array;
  private started = false;
  /** Last step's PIBT time; before the first, the Start-Kit's allowance of 1 ms per 100 robots. */
  private pibtMs: number;
  private counters = { guidePathsNew: 0, guidePathsImproved: 0, conflictsUndone: 0, maxPrepareMs: 0, maxGuideMs: 0, maxPibtMs: 0 };

  constructor(graph: MapGraph, robots: number, options: FlowPibtOptions = {}) {
    this.graph = graph;
    this.robots = robots;
    this.random = new Random(options.seed ?? 0);
    this.tables = new DistanceTables(graph, options.tableBytes);
    this.guides = new GuidePaths(graph, this.tables, robots);
    this.guides.tableFirst = options.tableFirst ?? true;
    this.pibt = new RotationPibt(graph, robots);
    this.guideShare = options.guideShare ?? 0.6;
    this.pibtMs = Math.max(1, robots / 100);
    this.improveGuides = options.improve ?? true;
    this.priority = new Float64Array(robots);
    this.initialPriority = new Float64Array(robots);
    this.order = new Int32Array(robots);
    this.dummyGoals = new Int32Array(robots);
    this.committed = new Int32Array(robots).fill(NONE);
    this.done = new Uint8Array(robots).fill(1);
    this.committedAt = new Int32Array(robots);
    this.targets = new Int32Array(robots);
    this.guided = new Uint8Array(robots);
    this.occupant = new Int32Array(graph.cells).fill(NONE);
    // Start-Kit: a random permutation gives each robot a distinct initial priority in (0, 1).
    const ids = Array.from({ length: robots }, (_, i) => i);
    this.random.shuffle(ids);
    for (let i = 0; i < robots; i++) this.initialPriority[ids[i]] = (robots - i) / (robots + 1);
    this.priority.set(this.initialPriority);
    for (let i = 0; i < robots; i++) this.order[i] = i;
  }

  stats(): Record<string, number> {
    return {
      ...this.counters,
      guideSearches: this.guides.searches,
      guideExpanded: this.guides.expanded,
      distanceTablesBuilt: this.tables.built,
      pibtPushes: this.pibt.pushes,
      pibtCut: this.pibt.cut,
    };
  }

  cellCost(robot: number, cell: number): number {
    if (this.guided[robot] === 1) {
      const c = this.guides.cost(robot, cell);
      if (c !== UNREACHED) return c;
    }
    const target = this.targets[robot];
    const table = this.tables.cached(target);
    if (table !== null) {
      const d = table.get(cell);
      return d === FAR ? UNREACHED : d;
    }
    return this.graph.manhattan(cell, target);
  }

  plan(world: LifelongWorld, actions: Uint8Array, deadline: number, now: () => number): void {
    const stepStart = now();
    const { robots, graph, priority, initialPriority, committed, done, targets, guides, pibt, guided } = this;
    const { locations, headings, goals, step } = world;
    const committedAt = this.committedAt;
    const { decision, prevDecision, next } = pibt;
    if (!this.started) {
      this.dummyGoals.set(locations);
      this.started = true;
    }
    for (let i = 0; i < robots; i++) {
      const here = locations[i];
      const target = goals[i] >= 0 ? goals[i] : this.dummyGoals[i];
      targets[i] = target;
      const needsPath = guides.goalOf(i) !== target;
      guided[i] = needsPath ? 0 : 1;
      prevDecision[here] = i;
      next[i] = NONE;
      // Arrived, or bound for longer than two turns and a move take: blocked by a robot that
      // cannot leave (its only way out is this robot's cell), so choose again (the Start-Kit
      // keeps the commitment, and such a pair waits forever).
      if (committed[i] === NONE || committed[i] === here || step - committedAt[i] > COMMITMENT_STEPS) {
        committed[i] = here;
        done[i] = 1;
      }
      if (done[i] === 0) {
        decision[committed[i]] = i;
        next[i] = committed[i];
      }
      if (needsPath || goals[i] < 0) priority[i] = initialPriority[i];
      else priority[i] += 1;
      if (goals[i] >= 0 && graph.degree(here) === 1) priority[i] += 10;
    }

    // Guide paths: new goals first, then the flow iteration, within the guide budget.
    const guideStart = now();
    this.counters.maxPrepareMs = Math.max(this.counters.maxPrepareMs, guideStart - stepStart);
    const budget = deadline - stepStart;
    const guideDeadline = Math.min(stepStart + budget * this.guideShare, deadline - 1.5 * this.pibtMs - 0.05 * budget);
    for (let i = 0; i < robots; i++) {
      if (guided[i] === 1) continue;
      if (now() >= guideDeadline) break;
      guides.replan(i, locations[i], targets[i], step);
      guided[i] = 1;
      this.counters.guidePathsNew++;
    }
    if (this.improveGuides && now() < guideDeadline) {
      this.counters.guidePathsImproved += guides.improve(locations, targets, step, this.random, guideDeadline, now);
    }

    const pibtStart = now();
    this.counters.maxGuideMs = Math.max(this.counters.maxGuideMs, pibtStart - guideStart);
    const order = this.order;
    order.sort((a, b) => priority[b] - priority[a]);
    for (let k = 0; k < robots; k++) {
      const i = order[k];
      if (done[i] === 0 || next[i] !== NONE) continue;
      pibt.choose(i, NONE, locations, headings, this, this.random, 0);
    }
    const w = graph.width;
    for (let k = 0; k < robots; k++) {
      const i = order[k];
      decision[next[i]] = NONE;
      if (done[i] === 1) committedAt[i] = step;
      committed[i] = next[i];
      done[i] = 0;
      actions[i] = actionToward(w, locations[i], headings[i], committed[i]);
    }
    pibt.resetChecks(robots);
    for (let i = 0; i < robots; i++) {
      if (actions[i] === ACTION_FORWARD) pibt.moveCheck(i, actions, committed, 0);
    }
    this.counters.conflictsUndone += this.undoConflicts(locations, headings, actions);
    for (let i = 0; i < robots; i++) prevDecision[locations[i]] = NONE;
    this.pibtMs = Math.max(0.2, now() - pibtStart);
    this.counters.maxPibtMs = Math.max(this.counters.maxPibtMs, this.pibtMs);
  }

  /**
   * Safety net: any forward move that would still end on another robot's next cell or swap with
   * it becomes a wait, repeated until none is left (each wait can block a follower). Returns how
   * many moves were undone; PIBT's commitments should leave none.
   */
  private undoConflicts(locations: Int32Array, headings: Uint8Array, actions: Uint8Array): number {
    const { robots, occupant, graph } = this;
    const w = graph.width;
    let undone = 0;
    for (let round = 0; round < robots; round++) {
      let changed = false;
      for (let i = 0; i < robots; i++) {
        const to = actions[i] === ACTION_FORWARD ? forward(locations[i], headings[i], w) : locations[i];
        const other = occupant[to];
        if (other === NONE) occupant[to] = i;
        else if (other !== i) {
          // Two robots on one cell: the one moving in waits (if both move in, the later one).
          const mover = actions[i] === ACTION_FORWARD ? i : other;
          actions[mover] = ACTION_WAIT;
          undone++;
          changed = true;
        }
      }
      // Swaps: the robot on the cell ahead (prevDecision holds who stands where) coming the other way.
      const standing = this.pibt.prevDecision;
      for (let i = 0; i < robots; i++) {
        if (actions[i] !== ACTION_FORWARD) continue;
        const j = standing[forward(locations[i], headings[i], w)];
        if (j !== NONE && j !== i && actions[j] === ACTION_FORWARD && forward(locations[j], headings[j], w) === locations[i]) {
          actions[i] = ACTION_WAIT;
          actions[j] = ACTION_WAIT;
          undone += 2;
          changed = true;
        }
      }
      for (let i = 0; i < robots; i++) {
        occupant[locations[i]] = NONE;
        occupant[forward(locations[i], headings[i], w)] = NONE;
      }
      if (!changed) break;
    }
    return undone;
  }
}

function forward(cell: number, heading: number, width: number): number {
  return heading === 0 ? cell + 1 : heading === 1 ? cell + width : heading === 2 ? cell - 1 : cell - width;
}
