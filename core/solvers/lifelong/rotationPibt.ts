/**
 * PIBT for robots that turn (the LoRR 2024 Start-Kit's default planner, default_planner/pibt.cpp
 * and planner.cpp; PIBT: Okumura et al., "Priority Inheritance with Backtracking for Iterative
 * Multi-agent Path Finding", AIJ 2022).
 * More on this in README.md, "rotationPibt.ts".
 */
import { ACTION_CLOCKWISE, ACTION_COUNTER, ACTION_FORWARD, ACTION_WAIT } from '../../grid/headings.ts';
import type { Random } from '../../util/random.ts';
import type { MapGraph } from './mapGraph.ts';

const NONE = -1;
const MAX_DEPTH = 1500;
const SLOTS = 5;

/** The guide-path cost of a cell for a robot; the planner supplies it. */
export interface CellCost {
  cellCost(robot: number, cell: number): number;
}

export class RotationPibt {
  private readonly graph: MapGraph;
  /** decision[cell]: the robot that will be on `cell` next step; prevDecision[cell]: the robot on it now. */
  readonly decision: Int32Array;
  readonly prevDecision: Int32Array;
  /** Per robot: the cell chosen this step (-1 not yet). */
  readonly next: Int32Array;
  private readonly checked: Uint8Array;
  private readonly candidates: Int32Array;
  private readonly candidateKeys: Float64Array;
  pushes = 0;
  cut = 0;

  constructor(graph: MapGraph, robots: number) {
    this.graph = graph;
    this.decision = new Int32Array(graph.cells).fill(NONE);
    this.prevDecision = new Int32Array(graph.cells).fill(NONE);
    this.next = new Int32Array(robots).fill(NONE);
    this.checked = new Uint8Array(robots);
    this.candidates = new Int32Array((MAX_DEPTH + 1) * SLOTS);
    this.candidateKeys = new Float64Array((MAX_DEPTH + 1) * SLOTS);
  }

  /** Start-Kit `causalPIBT`: chooses `robot`'s next cell, pushing lower robots; false when it must stay. */
  choose(robot: number, higher: number, locations: Int32Array, headings: Uint8Array, cost: CellCost, random: Random, depth: number): boolean {
    const { graph, decision, prevDecision, next, candidates, candidateKeys } = this;
    const here = locations[robot];
    if (depth >= MAX_DEPTH) {
      this.cut++;
      next[robot] = here;
      decision[here] = robot;
      return false;
    }
    const w = graph.width;
    const h = headings[robot];
    const front = h === 0 ? here + 1 : h === 1 ? here + w : h === 2 ? here - 1 : here - w;
    const base = depth * SLOTS;
    let count = 0;
    for (let k = graph.start[here], end = graph.start[here + 1]; k <= end; k++) {
      const cell = k < end ? graph.neighbours[k] : here;
      const key = cost.cellCost(robot, cell) * 4 + (cell === front ? 0 : 2) + random.next();
      // Insertion sort of at most five candidates.
      let at = base + count++;
      while (at > base && candidateKeys[at - 1] > key) {
        candidateKeys[at] = candidateKeys[at - 1];
        candidates[at] = candidates[at - 1];
        at--;
      }
      candidateKeys[at] = key;
      candidates[at] = cell;
    }
    for (let s = 0; s < count; s++) {
      const cell = candidates[base + s];
      if (decision[cell] !== NONE) continue;
      if (higher !== NONE && prevDecision[cell] === higher) continue;
      // Never onto the cell of a robot already bound for ours: a swap, which the League forbids
      // and which two commitments would then repeat forever (the Start-Kit checks only the pusher).
      const there = prevDecision[cell];
      if (there !== NONE && there !== robot && next[there] === here) continue;
      next[robot] = cell;
      decision[cell] = robot;
      const lower = prevDecision[cell];
      if (lower !== NONE && next[lower] === NONE) {
        this.pushes++;
        if (!this.choose(lower, robot, locations, headings, cost, random, depth + 1)) continue;
      }
      return true;
    }
    next[robot] = here;
    decision[here] = robot;
    return false;
  }

  /** Clears the per-step marks of `checked`. */
  resetChecks(robots: number): void {
    this.checked.fill(0, 0, robots);
  }

  /**
   * Start-Kit `moveCheck`: a forward move stands only if the cell ahead is empty now or its robot
   * moves forward too; otherwise the robot waits. `targets` holds each robot's committed cell.
   */
  moveCheck(robot: number, actions: Uint8Array, targets: Int32Array, depth: number): boolean {
    const checked = this.checked;
    if (checked[robot] === 1 && actions[robot] === ACTION_FORWARD) return true;
    checked[robot] = 1;
    if (actions[robot] !== ACTION_FORWARD) return false;
    const ahead = this.prevDecision[targets[robot]];
    if (ahead === NONE) return true;
    if (depth < MAX_DEPTH && this.moveCheck(ahead, actions, targets, depth + 1)) return true;
    actions[robot] = ACTION_WAIT;
    return false;
  }
}

/** Start-Kit `getAction`: forward when facing `target`, else the turn toward it (clockwise for a half turn). */
export function actionToward(width: number, here: number, heading: number, target: number): number {
  if (target === here) return ACTION_WAIT;
  const diff = target - here;
  const want = diff === 1 ? 0 : diff === -1 ? 2 : diff === width ? 1 : 3;
  if (want === heading) return ACTION_FORWARD;
  if (want === ((heading + 3) & 3)) return ACTION_COUNTER;
  return ACTION_CLOCKWISE;
}
