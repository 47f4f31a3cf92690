/**
 * Space-time A* for one turning robot inside the window: states (cell, heading, t ≤ W), actions
 * forward / turn clockwise / turn counter-clockwise / wait, each a step; everyone else's windowed
 * path is a hard constraint (no two robots on a cell at one t, no swap), as WPPL's replanner
 * treats its path table (DiligentPanda/MAPF-LRR2023, MIT, src/LNS/Parallel/TimeSpaceAStarPlanner.cpp,
 * which this follows: the search ends at the first state popped at t = W).
 *
 * The cost minimised is windowPlan.ts's: the step the goal is first reached, else W plus the
 * heading-aware distance to the goal at t = W (epibt/headingDistance.ts, consistent: a step lowers
 * it by one at most, so f = t + h never falls along a path and the first state popped at t = W is
 * optimal). A state that has reached the goal carries that step as its f to the window's end, so
 * the state is (cell, heading, t, reached). Ties go to the deeper state.
 */
import { BinaryHeap } from '../../../search/binaryHeap.ts';
import { ACTION_CLOCKWISE, ACTION_COUNTER, ACTION_FORWARD, ACTION_WAIT } from '../../../grid/headings.ts';
import type { MapGraph } from '../mapGraph.ts';
import { type CellDistance, aheadOf, headingDistance } from '../epibt/headingDistance.ts';

const NONE = -1;
/** Expansions between two looks at the clock. */
const CLOCK_EVERY = 128;

export class SpaceTimeAStar {
  private readonly graph: MapGraph;
  private readonly window: number;
  // Nodes: one per (cell, heading, t, reached) reached this search.
  private capacity: number;
  private nodeCell: Int32Array;
  private nodeHeading: Uint8Array;
  private nodeT: Int32Array;
  private nodeReached: Uint8Array;
  private nodeF: Float64Array;
  private nodeParent: Int32Array;
  private nodeClosed: Uint8Array;
  private nodes = 0;
  // Open addressing from a state's key to its node, cleared by a stamp per search.
  private slotKey: Int32Array;
  private slotNode: Int32Array;
  private slotStamp: Int32Array;
  private stamp = 0;
  private mask: number;
  /** The open list: node ids over their priorities (lazy deletion). */
  private readonly heap: BinaryHeap;
  /** Expansions in all searches. */
  expanded = 0;
  /** The last path found, t = 0..W. */
  readonly pathCell: Int32Array;
  readonly pathHeading: Uint8Array;

  constructor(graph: MapGraph, window: number) {
    this.graph = graph;
    this.window = window;
    this.capacity = 1 << 14;
    this.nodeCell = new Int32Array(this.capacity);
    this.nodeHeading = new Uint8Array(this.capacity);
    this.nodeT = new Int32Array(this.capacity);
    this.nodeReached = new Uint8Array(this.capacity);
    this.nodeF = new Float64Array(this.capacity);
    this.nodeParent = new Int32Array(this.capacity);
    this.nodeClosed = new Uint8Array(this.capacity);
    this.mask = (1 << 16) - 1;
    this.slotKey = new Int32Array(this.mask + 1);
    this.slotNode = new Int32Array(this.mask + 1);
    this.slotStamp = new Int32Array(this.mask + 1);
    this.heap = new BinaryHeap(this.capacity * 4);
    this.pathCell = new Int32Array(window + 1);
    this.pathHeading = new Uint8Array(window + 1);
  }

  /**
   * The cheapest path from (cell, heading) at t = 0 against `occupant` (windowPlan.ts's table, the
   * robot's own path not in it) toward `goal` (-1: no task, every path costs 0). Returns its cost
   * and leaves it in pathCell / pathHeading, or returns -1 when no path lasts the window or the
   * clock passed `deadline`.
   */
  find(start: number, heading: number, goal: number, distance: CellDistance, occupant: Int32Array, deadline: number, now: () => number): number {
    const { graph, window } = this;
    const cells = graph.cells;
    this.stamp++;
    this.nodes = 0;
    this.heap.clear();
    const reachedAtStart = goal < 0 || start === goal;
    this.open(start, heading, 0, reachedAtStart ? 1 : 0, reachedAtStart ? 0 : headingDistance(graph, distance, start, heading), NONE);
    let expansions = 0;
    while (this.heap.length > 0) {
      const n = this.heap.pop();
      if (this.nodeClosed[n] === 1) continue;
      this.nodeClosed[n] = 1;
      const t = this.nodeT[n];
      if (t === window) return this.build(n);
      if (++expansions % CLOCK_EVERY === 0 && now() >= deadline) return -1;
      this.expanded++;
      const cell = this.nodeCell[n];
      const h = this.nodeHeading[n];
      const reached = this.nodeReached[n];
      const f = this.nodeF[n];
      const next = (t + 1) * cells;
      // Forward: the cell ahead free at t + 1, and its robot at t not coming onto ours.
      const ahead = aheadOf(graph, cell, h);
      if (ahead !== NONE && occupant[next + ahead] === NONE) {
        const there = occupant[t * cells + ahead];
        if (there === NONE || occupant[next + cell] !== there) this.child(ahead, h, t + 1, reached, f, goal, distance, n);
      }
      // Turns and the wait keep the cell.
      if (occupant[next + cell] === NONE) {
        this.child(cell, h, t + 1, reached, f, goal, distance, n);
        this.child(cell, (h + 1) & 3, t + 1, reached, f, goal, distance, n);
        this.child(cell, (h + 3) & 3, t + 1, reached, f, goal, distance, n);
      }
    }
    return -1;
  }

  /** The action between the path's states at t and t + 1. */
  actionAt(t: number): number {
    const a = this.pathCell[t];
    const b = this.pathCell[t + 1];
    if (a !== b) return ACTION_FORWARD;
    const ha = this.pathHeading[t];
    const hb = this.pathHeading[t + 1];
    return ha === hb ? ACTION_WAIT : hb === ((ha + 1) & 3) ? ACTION_CLOCKWISE : ACTION_COUNTER;
  }

  private child(cell: number, heading: number, t: number, reached: number, parentF: number, goal: number, distance: CellDistance, parent: number): void {
    let f: number;
    let r = reached;
    if (reached === 1) f = parentF;
    else if (cell === goal) {
      r = 1;
      f = t;
    } else f = t + headingDistance(this.graph, distance, cell, heading);
    this.open(cell, heading, t, r, f, parent);
  }

  private open(cell: number, heading: number, t: number, reached: number, f: number, parent: number): void {
    const key = (((t * this.graph.cells + cell) << 2) | heading) * 2 + reached;
    let slot = (Math.imul(key, 0x9e3779b1) >>> 0) & this.mask;
    let n = NONE;
    while (this.slotStamp[slot] === this.stamp) {
      if (this.slotKey[slot] === key) {
        n = this.slotNode[slot];
        break;
      }
      slot = (slot + 1) & this.mask;
    }
    if (n === NONE) {
      if (this.nodes >= this.capacity) {
        this.grow();
        this.open(cell, heading, t, reached, f, parent);
        return;
      }
      n = this.nodes++;
      this.slotStamp[slot] = this.stamp;
      this.slotKey[slot] = key;
      this.slotNode[slot] = n;
      this.nodeCell[n] = cell;
      this.nodeHeading[n] = heading;
      this.nodeT[n] = t;
      this.nodeReached[n] = reached;
      this.nodeClosed[n] = 0;
    } else if (this.nodeClosed[n] === 1 || this.nodeF[n] <= f) return;
    this.nodeF[n] = f;
    this.nodeParent[n] = parent;
    this.heap.push(n, f * 1024 + (1023 - t));
  }

  private build(n: number): number {
    const cost = this.nodeF[n];
    for (let at = n; at !== NONE; at = this.nodeParent[at]) {
      const t = this.nodeT[at];
      this.pathCell[t] = this.nodeCell[at];
      this.pathHeading[t] = this.nodeHeading[at];
    }
    return cost;
  }

  /** Doubles the node arrays and the hash, re-inserting this search's nodes. */
  private grow(): void {
    const capacity = this.capacity * 2;
    const copyInt = (a: Int32Array) => { const b = new Int32Array(capacity); b.set(a); return b; };
    const copyByte = (a: Uint8Array) => { const b = new Uint8Array(capacity); b.set(a); return b; };
    this.nodeCell = copyInt(this.nodeCell);
    this.nodeT = copyInt(this.nodeT);
    this.nodeParent = copyInt(this.nodeParent);
    this.nodeHeading = copyByte(this.nodeHeading);
    this.nodeReached = copyByte(this.nodeReached);
    this.nodeClosed = copyByte(this.nodeClosed);
    const f = new Float64Array(capacity);
    f.set(this.nodeF);
    this.nodeF = f;
    this.capacity = capacity;
    this.mask = capacity * 4 - 1;
    this.slotKey = new Int32Array(this.mask + 1);
    this.slotNode = new Int32Array(this.mask + 1);
    this.slotStamp = new Int32Array(this.mask + 1);
    const cells = this.graph.cells;
    for (let n = 0; n < this.nodes; n++) {
      const key = (((this.nodeT[n] * cells + this.nodeCell[n]) << 2) | this.nodeHeading[n]) * 2 + this.nodeReached[n];
      let slot = (Math.imul(key, 0x9e3779b1) >>> 0) & this.mask;
      while (this.slotStamp[slot] === this.stamp) slot = (slot + 1) & this.mask;
      this.slotStamp[slot] = this.stamp;
      this.slotKey[slot] = key;
      this.slotNode[slot] = n;
    }
  }
}
