/**
 * EPIBT's search over operations (Zakharov et al., "Enhancing PIBT via Multi-Action Operations",
 * AAAI 2026, arXiv 2511.09193; the LoRR 2024 winner's Solution/Planner/epibt.cpp and
 * epibt_lns.cpp, MIT), written for the lab's typed arrays.
 *
 * Every robot always holds one operation (at first: waiting D steps), and the held operations
 * never share a cell at the same depth or cross one edge at the same depth, so the first action
 * of each is a valid step under the League's rules at any moment. A robot, in priority order,
 * drops its operation and tries its wanted ones best first: one that collides with nobody is
 * taken; one that collides with exactly one robot not yet moved in this pass is taken from it,
 * and that robot must find another operation the same way (priority inheritance, as in PIBT),
 * or both are put back and the next wanted operation is tried. The passes repeat (the winner's
 * `solve`: six passes), a robot being rebuilt at most once a pass.
 *
 * `improve` is the winner's LNS: a random robot is rebuilt the same way, but a change is kept
 * only if the weighted sum of every robot's gain does not fall (or, by simulated annealing, falls
 * a little), and a collision is given up with probability 0.3 to vary the neighbourhood.
 */
import type { Random } from '../../../util/random.ts';
import type { MapGraph } from '../mapGraph.ts';
import { ACTION_CLOCKWISE, ACTION_COUNTER, ACTION_FORWARD } from '../../../grid/headings.ts';
import { aheadOf } from './headingDistance.ts';

const NONE = -1;
const SEVERAL = -2;
/** The winner's cap on the robots one rebuild may push before it gives up. */
const PUSH_LIMIT = 3000;
/** Passes over the robots in priority order (the winner's three depth rounds of two launches). */
const PASSES = 6;

const enum Outcome { Failed, Accepted, Rejected }

/** What `begin` reads of a robot: bound for a goal (0), without a task (prefers to stay), or not costed this step (stays). */
export const IDLE = 1;
export const FROZEN = 2;

export class OperationSearch {
  readonly depth: number;
  readonly ops: readonly Uint8Array[];
  private readonly graph: MapGraph;
  private readonly robots: number;
  /** Per robot and operation: the cell at each depth, the edge crossed at each depth (NONE when still). */
  readonly cellAt: Int32Array;
  private readonly edgeAt: Int32Array;
  /** Per robot and operation: 1 when it stays on free cells; the heading it ends in. */
  readonly valid: Uint8Array;
  readonly endHeading: Uint8Array;
  /** Per robot and operation: lower is wanted more (set by the planner after `trace`). */
  readonly cost: Float64Array;
  /** Per robot: the weight of its gain in the score (the winner's robot power). */
  readonly power: Float64Array;
  /** Per robot: its wanted operations, best first, and how many. */
  private readonly wanted: Uint8Array;
  private readonly wantedCount: Uint8Array;
  /** The operation each robot holds. */
  readonly held: Uint8Array;

  private readonly usedCell: Int32Array;
  private readonly usedEdge: Int32Array;
  private readonly visited: Int32Array;
  private stamp = 1;
  private deadline = 0;
  private now: () => number = () => 0;
  private calls = 0;
  private random: Random | null = null;
  private temperature = 0;
  private score = 0;
  private oldScore = 0;
  /** Counters for the measures. */
  rebuilds = 0;
  pushes = 0;
  improved = 0;

  constructor(graph: MapGraph, robots: number, ops: readonly Uint8Array[]) {
    this.graph = graph;
    this.robots = robots;
    this.ops = ops;
    this.depth = ops[0].length;
    const k = ops.length;
    if (k > 255) throw new RangeError(`${k} operations: at most 255`);
    this.cellAt = new Int32Array(robots * k * this.depth);
    this.edgeAt = new Int32Array(robots * k * this.depth);
    this.valid = new Uint8Array(robots * k);
    this.endHeading = new Uint8Array(robots * k);
    this.cost = new Float64Array(robots * k);
    this.power = new Float64Array(robots);
    this.wanted = new Uint8Array(robots * k);
    this.wantedCount = new Uint8Array(robots);
    this.held = new Uint8Array(robots);
    this.usedCell = new Int32Array(graph.cells * this.depth);
    this.usedEdge = new Int32Array(2 * graph.cells * this.depth);
    this.visited = new Int32Array(robots);
  }

  /** Walks every operation from each robot's state: its cells, edges and end heading, and whether it stays on free cells. */
  trace(locations: Int32Array, headings: Uint8Array): void {
    const { ops, depth, graph, cellAt, edgeAt, valid, endHeading } = this;
    const k = ops.length;
    const w = graph.width;
    for (let r = 0; r < this.robots; r++) {
      for (let o = 0; o < k; o++) {
        const op = ops[o];
        let cell = locations[r];
        let heading = headings[r];
        let ok = 1;
        const base = (r * k + o) * depth;
        for (let d = 0; d < depth; d++) {
          const a = op[d];
          let edge = NONE;
          if (a === ACTION_FORWARD) {
            const next = aheadOf(graph, cell, heading);
            if (next === -1) {
              ok = 0;
              break;
            }
            edge = 2 * Math.min(cell, next) + ((next - cell === 1 || cell - next === 1) && w > 1 ? 0 : 1);
            cell = next;
          } else if (a === ACTION_CLOCKWISE) heading = (heading + 1) & 3;
          else if (a === ACTION_COUNTER) heading = (heading + 3) & 3;
          cellAt[base + d] = cell;
          edgeAt[base + d] = edge;
        }
        valid[r * k + o] = ok;
        endHeading[r * k + o] = heading;
      }
    }
  }

  /**
   * Sorts each robot's valid operations by cost (stable: equal costs keep the later operation
   * first, as the pools are listed least preferred first), every robot holding the all-wait
   * operation; the all-wait operation is wanted only by robots IDLE (first) or FROZEN (alone).
   */
  begin(idle: Uint8Array): void {
    const { ops, valid, cost, wanted, wantedCount } = this;
    const k = ops.length;
    const list: number[] = [];
    for (let r = 0; r < this.robots; r++) {
      list.length = 0;
      const base = r * k;
      if (idle[r] !== 0) list.push(0);
      if (idle[r] !== FROZEN) for (let o = k - 1; o >= 1; o--) if (valid[base + o] === 1) list.push(o);
      if (idle[r] === 0) list.sort((a, b) => cost[base + a] - cost[base + b]);
      for (let i = 0; i < list.length; i++) wanted[base + i] = list[i];
      wantedCount[r] = list.length;
    }
    this.usedCell.fill(NONE);
    this.usedEdge.fill(NONE);
    this.held.fill(0);
    this.score = 0;
    for (let r = 0; r < this.robots; r++) this.add(r);
  }

  /** EPIBT's passes in `order` until `deadline` on `now`; returns when the first pass ended. */
  solve(order: Int32Array, deadline: number, now: () => number): number {
    this.deadline = deadline;
    this.now = now;
    this.random = null;
    let firstPass = 0;
    for (let pass = 0; pass < PASSES; pass++) {
      this.stamp++;
      for (let i = 0; i < order.length; i++) {
        if ((i & 63) === 0 && now() >= deadline) return firstPass === 0 ? now() : firstPass;
        const r = order[i];
        if (this.visited[r] === this.stamp) continue;
        this.rebuilds++;
        this.remove(r);
        const counter = { pushes: 0 };
        if (this.build(r, counter) !== Outcome.Accepted) this.add(r);
      }
      if (pass === 0) firstPass = now();
    }
    return firstPass;
  }

  /** The winner's LNS: rebuilds of random robots kept by the score, at most `iterations`, until `deadline`. */
  improve(random: Random, iterations: number, deadline: number, now: () => number): void {
    this.deadline = deadline;
    this.now = now;
    this.random = random;
    this.temperature = 0.001;
    for (let i = 0; i < iterations; i++) {
      if ((i & 7) === 0 && now() >= deadline) break;
      const r = random.int(this.robots);
      this.stamp++;
      this.oldScore = this.score;
      this.remove(r);
      const counter = { pushes: 0 };
      const before = this.held[r];
      if (this.build(r, counter) !== Outcome.Accepted) this.add(r);
      else if (this.held[r] !== before) this.improved++;
      this.temperature *= 0.999;
    }
    this.random = null;
  }

  /** The robot whose held operation collides with `op` of robot `r`: NONE, SEVERAL, or its number. */
  private collider(r: number, op: number): number {
    const { depth, cellAt, edgeAt, usedCell, usedEdge } = this;
    const base = (r * this.ops.length + op) * depth;
    let found = NONE;
    for (let d = 0; d < depth; d++) {
      const c = usedCell[cellAt[base + d] * depth + d];
      if (c !== NONE && c !== found) {
        if (found !== NONE) return SEVERAL;
        found = c;
      }
      const edge = edgeAt[base + d];
      if (edge === NONE) continue;
      const e = usedEdge[edge * depth + d];
      if (e !== NONE && e !== found) {
        if (found !== NONE) return SEVERAL;
        found = e;
      }
    }
    return found;
  }

  private build(r: number, counter: { pushes: number }): Outcome {
    if ((this.calls++ & 31) === 0 && this.now() >= this.deadline) return Outcome.Rejected;
    const { wanted, held, visited } = this;
    const k = this.ops.length;
    visited[r] = this.stamp;
    const old = held[r];
    const random = this.random;
    for (let i = 0, n = this.wantedCount[r]; i < n; i++) {
      const op = wanted[r * k + i];
      const other = this.collider(r, op);
      if (other === NONE) {
        held[r] = op;
        this.add(r);
        if (random === null || this.keep(random)) return Outcome.Accepted;
        this.remove(r);
        held[r] = old;
        return Outcome.Rejected;
      }
      if (other === SEVERAL || visited[other] === this.stamp || counter.pushes > PUSH_LIMIT) continue;
      if (random !== null && random.next() < 0.3) continue;
      this.remove(other);
      held[r] = op;
      this.add(r);
      counter.pushes++;
      this.pushes++;
      const outcome = this.build(other, counter);
      if (outcome === Outcome.Accepted) return outcome;
      this.remove(r);
      this.add(other);
      if (outcome === Outcome.Rejected) {
        held[r] = old;
        return outcome;
      }
    }
    held[r] = old;
    visited[r] = 0;
    return Outcome.Failed;
  }

  /** Simulated annealing's acceptance of the score after a change (the winner's `consider`). */
  private keep(random: Random): boolean {
    if (this.oldScore - 1e-6 <= this.score) return true;
    if (this.oldScore <= 0) return false;
    return random.next() < Math.exp(-((this.oldScore - this.score) / this.oldScore) / this.temperature);
  }

  private add(r: number): void {
    this.mark(r, r, NONE);
    const k = this.ops.length;
    this.score += (this.cost[r * k] - this.cost[r * k + this.held[r]]) * this.power[r];
  }

  private remove(r: number): void {
    this.mark(r, NONE, r);
    const k = this.ops.length;
    this.score -= (this.cost[r * k] - this.cost[r * k + this.held[r]]) * this.power[r];
  }

  /** Sets robot r's held operation's cells and edges from `expected` to `value`. */
  private mark(r: number, value: number, expected: number): void {
    const { depth, cellAt, edgeAt, usedCell, usedEdge } = this;
    const base = (r * this.ops.length + this.held[r]) * depth;
    for (let d = 0; d < depth; d++) {
      const at = cellAt[base + d] * depth + d;
      if (usedCell[at] !== expected) throw new Error(`EPIBT: robot ${r + 1}'s cell at depth ${d} is held by robot ${usedCell[at] + 1}`);
      usedCell[at] = value;
      const edge = edgeAt[base + d];
      if (edge !== NONE) usedEdge[edge * depth + d] = value;
    }
  }

  /** Score of the held operations (the weighted gain over waiting), for the measures. */
  get heldScore(): number {
    return this.score;
  }
}
