/**
 * Guide paths optimised for traffic flow: Chen, Harabor, Li and Stuckey, "Traffic Flow
 * Optimisation for Lifelong Multi-Agent Path Finding", AAAI 2024, as the LoRR 2024 Start-Kit's
 * default planner implements it (default_planner/flow.cpp, search.cpp, TrajLNS.h).
 * More on this in README.md, "guidePaths.ts".
 */
import { BinaryHeap } from '../../search/binaryHeap.ts';
import type { Random } from '../../util/random.ts';
import type { DistanceTables } from './distanceTables.ts';
import { FAR, type MapGraph } from './mapGraph.ts';
import { PathDistance, UNREACHED } from './pathDistance.ts';

const NONE = -1;
/** Priority packing: primary cost, then f, then larger g, then going straight (Start-Kit cmp_less_of). */
const F_SCALE = 8192;
const PRIMARY_SCALE = F_SCALE * F_SCALE * 2;

export class GuidePaths {
  readonly graph: MapGraph;
  private readonly tables: DistanceTables;
  /** flow[cell * 4 + d]: guide paths leaving `cell` in direction d. */
  readonly flow: Int32Array;
  /** Per robot: its guide path (start to goal) and its length in cells, or null. */
  readonly paths: (Int32Array | null)[];
  readonly lengths: Int32Array;
  readonly distances: (PathDistance | null)[];
  readonly lastReplan: Int32Array;
  /** 1 while the robot's path counts in the flow. */
  private readonly inFlow: Uint8Array;
  /** Sum over robots of path steps. */
  sumOfSteps = 0;
  searches = 0;
  expanded = 0;
  // A* arrays over cells, reset by stamp.
  private readonly stamp: Int32Array;
  private current = 0;
  private readonly closed: Int32Array;
  private readonly g: Int32Array;
  private readonly h: Int32Array;
  private readonly contra: Int32Array;
  private readonly vertex: Int32Array;
  private readonly straight: Uint8Array;
  private readonly parent: Int32Array;
  private readonly depth: Int32Array;
  private readonly key: Float64Array;
  private readonly heap = new BinaryHeap(4096);
  private readonly order: Int32Array;
  private readonly orderKey: Float64Array;

  /** Build the goal's distance table for a search (true), or use Manhattan when none is cached. */
  tableFirst = true;
  /** Extra cost per cell and direction of a move that way (laneGuidance.ts), or null for none. */
  lanes: Uint16Array | null = null;

  constructor(graph: MapGraph, tables: DistanceTables, robots: number) {
    this.graph = graph;
    this.tables = tables;
    const cells = graph.cells;
    this.flow = new Int32Array(cells * 4);
    this.paths = new Array<Int32Array | null>(robots).fill(null);
    this.lengths = new Int32Array(robots);
    this.distances = new Array<PathDistance | null>(robots).fill(null);
    this.lastReplan = new Int32Array(robots);
    this.inFlow = new Uint8Array(robots);
    this.stamp = new Int32Array(cells);
    this.closed = new Int32Array(cells);
    this.g = new Int32Array(cells);
    this.h = new Int32Array(cells);
    this.contra = new Int32Array(cells);
    this.vertex = new Int32Array(cells);
    this.straight = new Uint8Array(cells);
    this.parent = new Int32Array(cells);
    this.depth = new Int32Array(cells);
    this.key = new Float64Array(cells);
    this.order = new Int32Array(robots);
    this.orderKey = new Float64Array(robots);
  }

  /** The path's last cell, or -1. */
  goalOf(robot: number): number {
    const path = this.paths[robot];
    return path === null ? NONE : path[this.lengths[robot] - 1];
  }

  /** The guide-path heuristic of `cell` for `robot` (Start-Kit pibt.cpp `get_gp_h`), UNREACHED without a path. */
  cost(robot: number, cell: number): number {
    const distance = this.distances[robot];
    return distance === null ? UNREACHED : distance.cost(this.graph, cell);
  }

  /** Replaces the robot's guide path by a new flow-aware search from `from` to `goal`. */
  replan(robot: number, from: number, goal: number, step: number): void {
    this.remove(robot);
    const length = this.search(from, goal, robot);
    const path = this.paths[robot];
    let distance = this.distances[robot];
    if (distance === null) {
      distance = new PathDistance(length);
      this.distances[robot] = distance;
    }
    distance.reset(path!, length);
    this.lastReplan[robot] = step;
  }

  /** Takes the robot's path out of the flow (the path itself stays until replaced). */
  remove(robot: number): void {
    const path = this.paths[robot];
    if (path === null || this.inFlow[robot] === 0) return;
    this.addFlow(path, this.lengths[robot], -1);
    this.sumOfSteps -= this.lengths[robot] - 1;
    this.inFlow[robot] = 0;
  }

  /**
   * Frank-Wolfe rounds until `now() >= deadline`: robots by deviation from their path (largest
   * first), then least recently replanned, then at random; each replanned from where it stands.
   * Returns how many were replanned.
   */
  improve(locations: Int32Array, goals: Int32Array, step: number, random: Random, deadline: number, now: () => number): number {
    const robots = this.paths.length;
    const { order, orderKey } = this;
    let candidates = 0;
    for (let r = 0; r < robots; r++) {
      if (this.paths[r] === null || this.distances[r] === null) continue;
      const deviation = Math.min(this.distances[r]!.deviation(this.graph, locations[r]), 1e6);
      // Larger deviation first, then older replans, then a random draw (sorted ascending).
      orderKey[r] = -deviation * 1e7 + this.lastReplan[r] + random.next() * 0.5;
      order[candidates++] = r;
    }
    if (candidates === 0) return 0;
    const sorted = order.subarray(0, candidates);
    sorted.sort((a, b) => orderKey[a] - orderKey[b]);
    let done = 0;
    for (let i = 0; ; i++) {
      if (now() >= deadline) break;
      const r = sorted[i % candidates];
      this.replan(r, locations[r], goals[r], step);
      done++;
      if (done >= candidates * 4) break; // paths settle; more rounds change nothing worth the time
    }
    return done;
  }

  private addFlow(path: Int32Array, length: number, sign: number): void {
    const w = this.graph.width;
    const flow = this.flow;
    for (let j = 1; j < length; j++) {
      const from = path[j - 1];
      flow[from * 4 + direction(path[j] - from, w)] += sign;
    }
  }

  /** Flow-aware A* (Start-Kit search.cpp `astar`); stores the path, adds it to the flow, returns its length. */
  private search(from: number, goal: number, robot: number): number {
    this.searches++;
    const { graph, stamp, closed, g, h, contra, vertex, straight, parent, depth, key, heap, flow, lanes } = this;
    const { start, neighbours, width, freeIndex } = graph;
    // The goal's distance table when cached or allowed; else Manhattan (admissible, no search).
    const table = this.tableFirst || this.tables.cached(goal) !== null ? this.tables.table(goal) : null;
    const tableDist = table === null ? null! : table.dist;
    const mark = ++this.current;
    heap.clear();
    let found = NONE;
    stamp[from] = mark;
    g[from] = 0;
    h[from] = table === null ? graph.manhattan(from, goal) : table.get(from);
    contra[from] = 0;
    vertex[from] = 0;
    straight[from] = 0;
    parent[from] = NONE;
    depth[from] = 0;
    key[from] = h[from] * PRIMARY_SCALE;
    heap.push(from, key[from]);
    while (heap.length > 0) {
      const top = heap.peekPriority();
      const c = heap.pop();
      if (closed[c] === mark || top !== key[c]) continue;
      closed[c] = mark;
      if (c === goal) {
        found = c;
        break;
      }
      this.expanded++;
      const pc = parent[c];
      const parentDirection = pc === NONE ? NONE : direction(c - pc, width);
      for (let k = start[c], end = start[c + 1]; k < end; k++) {
        const n = neighbours[k];
        if (closed[n] === mark) continue;
        let hn: number;
        if (table === null) hn = graph.manhattan(n, goal);
        else {
          hn = tableDist[freeIndex[n]];
          if (hn === FAR) hn = table.get(n);
        }
        if (hn >= FAR) continue;
        const d = direction(n - c, width);
        const base = n * 4;
        const op = (flow[c * 4 + d] + 1) * flow[base + ((d + 2) & 3)] + contra[c] + (lanes === null ? 0 : lanes[c * 4 + d]);
        const vf = ((flow[base] + flow[base + 1] + flow[base + 2] + flow[base + 3]) >> 1) + vertex[c];
        const gn = g[c] + 1;
        const turn = parentDirection !== NONE && parentDirection !== d ? 1 : 0;
        const f = gn + hn;
        const priority = (op + vf + f) * PRIMARY_SCALE + Math.min(f, F_SCALE - 1) * F_SCALE * 2 + (F_SCALE - 1 - Math.min(gn, F_SCALE - 1)) * 2 + turn;
        if (stamp[n] === mark && key[n] <= priority) continue;
        stamp[n] = mark;
        g[n] = gn;
        h[n] = hn;
        contra[n] = op;
        vertex[n] = vf;
        straight[n] = turn;
        parent[n] = c;
        depth[n] = depth[c] + 1;
        key[n] = priority;
        heap.push(n, priority);
      }
    }
    let length: number;
    let path = this.paths[robot];
    if (found === NONE) {
      // Unreachable goal: the path is the robot's cell alone (it then waits, as a robot on an island must).
      length = 1;
      if (path === null || path.length < 1) path = new Int32Array(8);
      path[0] = from;
    } else {
      length = depth[found] + 1;
      if (path === null || path.length < length) path = new Int32Array(Math.max(length, 16) + (length >> 1));
      for (let i = length - 1, c = found; i >= 0; i--, c = parent[c]) path[i] = c;
    }
    this.paths[robot] = path;
    this.lengths[robot] = length;
    this.addFlow(path, length, 1);
    this.inFlow[robot] = 1;
    this.sumOfSteps += length - 1;
    return length;
  }
}

/** Direction of a step between neighbours (Start-Kit utils.cpp `get_d`). */
function direction(diff: number, width: number): number {
  return diff === 1 ? 0 : diff === -1 ? 2 : diff === width ? 1 : 3;
}
