/**
 * The robots LNS replans together, chosen three ways as MAPF-LNS chooses them (Li et al., "MAPF-LNS2"
 * / "Anytime Multi-Agent Path Finding via Large Neighborhood Search", IJCAI 2021, section 4.2) and
 * WPPL runs them inside its window (DiligentPanda/MAPF-LRR2023, MIT,
 * src/LNS/Parallel/NeighborGenerator.cpp, which this follows):
 * - by delay: the robot whose windowed path is furthest above its lower bound (not chosen since
 *   the tabu list was last emptied), and the robots met by random walks from points of its path
 *   along moves that could still beat its cost: the robots in its way;
 * - at random: robots drawn uniformly;
 * - at an intersection: the robots whose windowed paths pass the cells nearest a random cell of
 *   three or more neighbours (where flows cross and wait for each other).
 */
import type { Random } from '../../../util/random.ts';
import type { CellDistance } from '../epibt/headingDistance.ts';
import type { MapGraph } from '../mapGraph.ts';
import type { WindowPlan } from './windowPlan.ts';

export const BY_DELAY = 0;
export const AT_RANDOM = 1;
export const AT_INTERSECTION = 2;
export const NEIGHBOURHOOD_KINDS = 3;

const NONE = -1;
/** Random walks tried from the delayed robot's path before giving up on a full neighbourhood. */
const WALKS = 10;
/** Cells an intersection's breadth-first search visits at most. */
const INTERSECTION_CELLS = 256;

export class NeighbourhoodChooser {
  private readonly graph: MapGraph;
  private readonly plan: WindowPlan;
  /** The robots chosen, `size` of them; member[r] === stamp marks them. */
  readonly chosen: Int32Array;
  size = 0;
  private readonly member: Int32Array;
  private stamp = 0;
  private readonly tabu: Uint8Array;
  private tabuCount = 0;
  private readonly seen: Int32Array;
  private seenStamp = 0;
  private readonly queue: Int32Array;

  constructor(graph: MapGraph, plan: WindowPlan, maxSize: number) {
    this.graph = graph;
    this.plan = plan;
    this.chosen = new Int32Array(maxSize);
    this.member = new Int32Array(plan.robots);
    this.tabu = new Uint8Array(plan.robots);
    this.seen = new Int32Array(graph.cells);
    this.queue = new Int32Array(INTERSECTION_CELLS);
  }

  private begin(): void {
    this.stamp++;
    this.size = 0;
  }

  private add(r: number): void {
    if (r === NONE || this.member[r] === this.stamp || this.size >= this.chosen.length) return;
    this.member[r] = this.stamp;
    this.chosen[this.size++] = r;
  }

  /** The most delayed robot not tabu and its blockers; false when no robot is delayed. `distanceTo` gives the distance to a goal. */
  byDelay(random: Random, goals: Int32Array, distanceTo: (goal: number, robot: number) => CellDistance): boolean {
    const { plan, graph } = this;
    const robots = plan.robots;
    let worst = NONE;
    let worstDelay = 0;
    for (let round = 0; round < 2 && worst === NONE; round++) {
      for (let r = 0; r < robots; r++) {
        const delay = plan.cost[r] - plan.lowerBound[r];
        if (delay > worstDelay && this.tabu[r] === 0) {
          worst = r;
          worstDelay = delay;
        }
      }
      if (worst === NONE && this.tabuCount > 0) this.clearTabu();
    }
    if (worst === NONE) return false;
    this.tabu[worst] = 1;
    this.tabuCount++;
    this.begin();
    this.add(worst);
    const window = plan.window;
    const cells = graph.cells;
    const distance = distanceTo(goals[worst], worst);
    const base = worst * (window + 1);
    const bound = plan.cost[worst];
    const { start, neighbours } = graph;
    for (let walk = 0; walk < WALKS && this.size < this.chosen.length; walk++) {
      let t = random.int(window);
      let cell = plan.cell[base + t];
      while (t < window && this.size < this.chosen.length) {
        // A random next cell (or staying) from which the goal could still be reached sooner than now.
        const degree = start[cell + 1] - start[cell];
        const pick = random.int(degree + 1);
        const next = pick === degree ? cell : neighbours[start[cell] + pick];
        if (t + 1 + distance(next) >= bound) {
          if (random.next() < 0.5) break;
          continue;
        }
        t++;
        cell = next;
        this.add(plan.occupant[t * cells + cell]);
      }
    }
    return this.size > 1;
  }

  /** Robots drawn uniformly at random. */
  atRandom(random: Random, size: number): boolean {
    this.begin();
    const robots = this.plan.robots;
    const want = Math.min(size, robots);
    for (let tries = 0; this.size < want && tries < 4 * want; tries++) this.add(random.int(robots));
    return this.size > 1;
  }

  /** Robots whose windowed paths pass the cells nearest a random intersection. */
  atIntersection(random: Random): boolean {
    const { graph, plan, seen, queue } = this;
    const free = graph.freeCells;
    let origin = NONE;
    for (let tries = 0; tries < 32 && origin === NONE; tries++) {
      const c = free[random.int(free.length)];
      if (graph.degree(c) >= 3) origin = c;
    }
    if (origin === NONE) return false;
    this.begin();
    this.seenStamp++;
    const cells = graph.cells;
    const window = plan.window;
    let head = 0;
    let tail = 0;
    queue[tail++] = origin;
    seen[origin] = this.seenStamp;
    while (head < tail && this.size < this.chosen.length) {
      const c = queue[head++];
      for (let t = 0; t <= window; t++) this.add(plan.occupant[t * cells + c]);
      for (let k = graph.start[c], end = graph.start[c + 1]; k < end && tail < queue.length; k++) {
        const n = graph.neighbours[k];
        if (seen[n] === this.seenStamp) continue;
        seen[n] = this.seenStamp;
        queue[tail++] = n;
      }
    }
    return this.size > 1;
  }

  private clearTabu(): void {
    this.tabu.fill(0);
    this.tabuCount = 0;
  }
}
