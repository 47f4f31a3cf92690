/**
 * Explicit Estimation Search's three lists of the same nodes, as EECBS uses them (Li, Ruml and
 * Koenig, AAAI 2021, after Thayer and Ruml's EES; ECBS.cpp's selectNode): CLEANUP by lower bound,
 * whose head is the proved bound on the optimal cost; OPEN by f^ = cost + h^; FOCAL, the OPEN
 * nodes with f^ <= w x (least f^), fewest conflicting pairs first. h^ is estimated from d and
 * corrected online by the one-step errors of every expansion (the paper's "global" errors).
 */
import { BinaryHeap } from '../../search/binaryHeap.ts';
import type { EecbsNode } from './eecbsNode.ts';

/** Priority packing: a key times this plus a tie-break below it (keys stay under 2^26). */
const SHIFT = 67_108_864;

export class ExplicitEstimationLists {
  /** Every node generated, by id. */
  readonly nodes: EecbsNode[] = [];
  /** The best proved lower bound on the optimal cost so far (CLEANUP's head at the last select). */
  lowerBound = 0;
  /** Whether the last node select() took came from CLEANUP. */
  fromCleanup = false;
  private readonly cleanup = new BinaryHeap();
  private readonly open = new BinaryHeap();
  private readonly focal = new BinaryHeap();
  private fHatMin = -1;
  private errors = 0;
  private sumDistanceErrors = 0;
  private sumCostErrors = 0;

  constructor(private readonly w: number) {}

  /** Sets the node's h^ from its d, by the errors learned so far (from lb - cost before any). */
  estimate(node: EecbsNode): void {
    if (this.errors < 1) {
      node.costToGo = Math.max(0, node.lb - node.cost);
      return;
    }
    const c = this.errors <= this.sumDistanceErrors ? (this.sumCostErrors / this.errors) * 10 : this.sumCostErrors / (this.errors - this.sumDistanceErrors);
    node.costToGo = Math.max(0, Math.floor(node.d * c));
  }

  fHat(node: EecbsNode): number {
    return node.cost + node.costToGo;
  }

  /** Adds the node to the lists; returns its id. */
  push(node: EecbsNode): number {
    const id = this.nodes.length;
    this.nodes.push(node);
    const f = this.fHat(node);
    this.cleanup.push(id, node.lb * SHIFT + Math.min(node.d, SHIFT - 1));
    this.open.push(id, f * SHIFT + Math.min(node.lb, SHIFT - 1));
    if (this.fHatMin >= 0 && f <= this.w * this.fHatMin) this.pushFocal(id);
    return id;
  }

  /**
   * EES's choice (ECBS::selectNode, EES case): FOCAL's head if its cost is within w x the lower
   * bound, else OPEN's head if within, else CLEANUP's head (which raises the bound); -1 when
   * every list is empty.
   */
  select(): number {
    const { nodes, w } = this;
    const cleanupTop = this.top(this.cleanup);
    if (cleanupTop < 0) return -1;
    const openTop = this.top(this.open);
    const least = this.fHat(nodes[openTop]);
    if (least !== this.fHatMin) {
      this.fHatMin = least;
      this.focal.clear();
      for (let k = 0; k < this.open.length; k++) {
        const id = this.open.ids[k];
        if (!nodes[id].closed && this.fHat(nodes[id]) <= w * least) this.pushFocal(id);
      }
    }
    this.lowerBound = Math.max(this.lowerBound, nodes[cleanupTop].lb);
    this.fromCleanup = false;
    const focalTop = this.top(this.focal);
    if (focalTop >= 0 && nodes[focalTop].cost <= w * this.lowerBound) return focalTop;
    if (nodes[openTop].cost <= w * this.lowerBound) return openTop;
    this.fromCleanup = true;
    return cleanupTop;
  }

  /** EECBS's global one-step errors, from the best child (least f^, then least d). */
  learn(node: EecbsNode, children: readonly EecbsNode[]): void {
    let best = children[0];
    for (const child of children) if (this.fHat(child) < this.fHat(best) || (this.fHat(child) === this.fHat(best) && child.d < best.d)) best = child;
    this.errors++;
    this.sumDistanceErrors += 1 + best.d - node.d;
    this.sumCostErrors += best.cost - node.cost;
  }

  private pushFocal(id: number): void {
    const node = this.nodes[id];
    this.focal.push(id, node.d * SHIFT + Math.min(node.lb, SHIFT - 1));
  }

  private top(heap: BinaryHeap): number {
    while (heap.length > 0 && this.nodes[heap.ids[0]].closed) heap.pop();
    return heap.length > 0 ? heap.ids[0] : -1;
  }
}
