/**
 * Node records of A* over joint states (Standley 2010: the
 * closed list of standard states and Figure 5's duplicate detection of intermediate ones).
 * Every buffer is a typed array kept between queries; nothing is allocated per expansion.
 */
import { BucketQueue } from './bucketQueue.ts';
import { IllegalDependency } from './illegalDependency.ts';
import { PairDependency } from './pairDependency.ts';
import { FINISH, WAIT } from '../../search/stepTable.ts';
import { BONUS, BOUND, CELL_MASK, CLOSED, CONFLICTS, DEFER_SHIFT, DONE_BIT, G, H, HASH, MASK_SHIFT, MATCHED, MAX_CELLS, NEXT, NEXT_MASK, PARENT, TIE_CONFLICTS, TIE_H, TIME, WORDS, type SearchMode, type GroupQuery, type SearchSetup } from './jointState.ts';

/**
 * The node store of the joint search: every field the search layers share (the group, the merge
 * tree, the dependency tests, the records and their hash table, the per-expansion scratch), and
 * the record operations: allocation, insert with duplicate detection, hashing, decoding, the goal
 * test and path extraction. The layers above are subclasses (jointBounds.ts, jointExpansion.ts,
 * jointSearch.ts), so the expansion loop reads these fields directly, with no call in between.
 */
export abstract class JointNodeStore {
  protected readonly setup: SearchSetup;
  protected readonly mode: SearchMode;
  /** Cost model 'rest': agents on their goal may FINISH; 'away': waiting on the goal is free. */
  protected readonly lastMove: number;

  // The group being searched.
  protected n = 0;
  /** Words per node: one per agent, plus one for the (clamped) time when an illegal table is set. */
  protected words = 0;
  protected timed = false;
  protected agentIds = new Int32Array(0);
  protected agentDist: Int32Array[] = [];
  protected agentGoal = new Int32Array(0);
  protected query: GroupQuery | null = null;
  // The merge tree in post-order: children (>= 0 an inner node, < 0 the agent ~child of the
  // group) and costs of the inner nodes; the root is last. Empty without a tree.
  protected treeLeft = new Int32Array(0);
  protected treeRight = new Int32Array(0);
  protected treeCost = new Int32Array(0);
  protected treeValue = new Int32Array(0);
  /** Per agent: its inner ancestors bottom-up (ancestorStart[i] .. ancestorStart[i + 1]) and the other child of each. */
  protected ancestorStart = new Int32Array(0);
  protected ancestorNode = new Int32Array(0);
  protected ancestorOther = new Int32Array(0);
  /** With a tree: words per node holding each agent's own g + h (16 bits each), else 0. */
  protected fWords = 0;
  /** Per agent: g + h of the node being generated, and of the node being expanded. */
  protected childF = new Int32Array(0);
  protected parentF = new Int32Array(0);
  /**
   * The bonus (null: off). This search uses pairs with 2 to 31 agents (the matching is a bit mask)
   * and blocked agents when it has an illegal move table.
   */
  protected readonly pairTest: PairDependency | null;
  protected readonly illegalTest: IllegalDependency | null;
  protected pairing = false;
  protected blocking = false;
  protected readonly adj = new Int32Array(32);

  // Node store: one record of `stride` integers per node, the fields below and then the state
  // words, so that looking a node up touches one place in memory.
  protected capacity = 0;
  protected count = 0;
  protected stride = 0;
  protected data = new Int32Array(0);
  protected table = new Int32Array(0);
  protected tableMask = 0;
  protected maxNodes = 0;
  protected readonly queue = new BucketQueue(TIE_CONFLICTS * TIE_H, 4096);

  // Per-expansion scratch.
  protected pos = new Int32Array(0);
  protected done = new Uint8Array(0);
  protected masks = new Uint8Array(0);
  protected post = new Int32Array(0);
  protected choice = new Int32Array(0);
  protected gAcc = new Int32Array(0);
  protected hAcc = new Int32Array(0);
  protected cAcc = new Int32Array(0);
  protected hRest = new Int32Array(0);
  protected childWords = new Int32Array(0);
  protected stamp = 0;
  /** cellStamp === stamp: an assigned agent's post-move cell. */
  protected readonly assignedStamp: Int32Array;
  /** unassignedStamp === stamp: cell of the agent unassignedAgent (not yet assigned; standard mode: every agent). */
  protected readonly unassignedStamp: Int32Array;
  protected readonly unassignedAgent: Int32Array;
  /** Standard mode: agent whose post-move cell this is, or -1 (set and cleared while backtracking). */
  protected readonly postOwner: Int32Array;

  expanded = 0;
  generated = 0;
  protected polls = 0;
  /** Set when an expansion was cut short by the clock or the cancel flag. */
  protected stopReason: 'timeout' | 'cancelled' | null = null;

  constructor(setup: SearchSetup, mode: SearchMode) {
    this.setup = setup;
    this.mode = mode;
    this.lastMove = setup.costModel === 'rest' ? FINISH : WAIT;
    const cells = setup.steps.cells;
    if (cells > MAX_CELLS) throw new RangeError(`the optimal solvers support maps of up to ${MAX_CELLS} cells, got ${cells}`);
    this.assignedStamp = new Int32Array(cells);
    this.unassignedStamp = new Int32Array(cells);
    this.unassignedAgent = new Int32Array(cells);
    this.postOwner = new Int32Array(cells).fill(-1);
    this.pairTest = setup.dependencies === false ? null : new PairDependency(setup.steps, setup.distances, setup.goals);
    this.illegalTest = setup.dependencies === false ? null : new IllegalDependency(setup.steps);
  }


  protected allocate(capacity: number): void {
    const keep = this.count;
    const data = new Int32Array(capacity * this.stride);
    data.set(this.data.subarray(0, keep * this.stride));
    this.data = data;
    this.capacity = capacity;
    // Hash slots: a power of two at least twice the capacity, rebuilt here. Each slot holds the
    // node id + 1 and its hash side by side, so a probe that misses costs one memory access.
    let slots = 1;
    while (slots < capacity * 2) slots *= 2;
    // Rehash from the old table, read in order (its slots hold the hashes), not from the records.
    const old = this.table;
    const table = new Int32Array(slots * 2);
    const mask = slots - 1;
    if (keep > 0) {
      for (let i = 0; i < old.length; i += 2) {
        const entry = old[i];
        if (entry === 0) continue;
        const hash = old[i + 1];
        let slot = hash & mask;
        while (table[slot * 2] !== 0) slot = (slot + 1) & mask;
        table[slot * 2] = entry;
        table[slot * 2 + 1] = hash;
      }
    }
    this.table = table;
    this.tableMask = mask;
  }


  /** Loads the agents' own g + h stored with node `id` into `out`. */
  protected loadAgentF(id: number, out: Int32Array): void {
    const base = id * this.stride + WORDS + this.words;
    for (let i = 0; i < this.n; i++) out[i] = (this.data[base + (i >> 1)] >>> ((i & 1) << 4)) & 0xffff;
  }

  /** Stores childF with the node at `record` (16 bits an agent; larger values are capped, which only weakens the bound). */
  protected storeAgentF(record: number): void {
    const base = record + WORDS + this.words;
    const f = this.childF;
    for (let w = 0; w < this.fWords; w++) {
      const a = f[2 * w] < 0xffff ? f[2 * w] : 0xffff;
      const b = 2 * w + 1 < this.n ? (f[2 * w + 1] < 0xffff ? f[2 * w + 1] : 0xffff) : 0;
      this.data[base + w] = a | (b << 16);
    }
  }

  /** The f a node is queued under: its bound plus its deferral. */
  protected fOf(id: number): number {
    const record = id * this.stride;
    return this.data[record + BOUND] + (this.data[record + NEXT] >>> DEFER_SHIFT);
  }

  /** Open-list order inside one f: fewer conflicts with the avoidance table, then lower h. */
  protected tieOf(id: number): number {
    const record = id * this.stride;
    const h = this.data[record + H];
    const c = this.data[record + CONFLICTS];
    return (c < TIE_CONFLICTS ? c : TIE_CONFLICTS - 1) * TIE_H + (h < TIE_H ? h : TIE_H - 1);
  }

  protected enqueue(id: number): void {
    this.queue.push(id, this.fOf(id), this.tieOf(id));
  }

  /**
   * Adds the state in childWords (with `next`) as a child of `parentId`, or improves the
   * existing equal node. Returns false when the node store is full.
   */
  protected insert(next: number, parentId: number, g: number, h: number, t: number, conflicts: number, bound: number, bonus: number, matched: number): boolean {
    const words = this.words;
    const stride = this.stride;
    const child = this.childWords;
    const hash = this.hashOf(child, 0, next);
    const table = this.table;
    let data = this.data;
    let slot = hash & this.tableMask;
    for (;;) {
      const entry = table[slot * 2];
      if (entry === 0) break;
      if (table[slot * 2 + 1] === hash) {
        const id = entry - 1;
        const record = id * stride;
        let same = (data[record + NEXT] & NEXT_MASK) === next;
        for (let i = 0; same && i < words; i++) same = data[record + WORDS + i] === child[i];
        if (same) {
          // A duplicate: keep the cheaper way here, and among equal costs the one with fewer
          // conflicts if the node was not expanded yet. With plain g + h (consistent) an expanded
          // node was reached optimally; with a split (boundOf) it may not have been, and a cheaper
          // way reopens it.
          const oldG = data[record + G];
          const closed = (data[record + NEXT] & CLOSED) !== 0;
          if (g < oldG || (!closed && g === oldG && conflicts < data[record + CONFLICTS])) {
            data[record + NEXT] = next; // open again, nothing deferred
            data[record + G] = g;
            data[record + PARENT] = parentId;
            data[record + TIME] = t;
            data[record + CONFLICTS] = conflicts;
            data[record + BOUND] = bound;
            data[record + BONUS] = bonus;
            data[record + MATCHED] = matched;
            if (this.fWords > 0) this.storeAgentF(record);
            this.enqueue(id);
          }
          return true;
        }
      }
      slot = (slot + 1) & this.tableMask;
    }
    if (this.count === this.capacity) {
      if (this.capacity >= this.maxNodes) return false;
      // Grow fourfold: each growth rebuilds the hash table, which costs a cache miss per node.
      this.allocate(Math.min(this.capacity * 4, this.maxNodes));
      data = this.data;
      slot = hash & this.tableMask;
      while (this.table[slot * 2] !== 0) slot = (slot + 1) & this.tableMask;
    }
    const id = this.count++;
    const record = id * stride;
    data[record + NEXT] = next;
    data[record + G] = g;
    data[record + H] = h;
    data[record + TIME] = t;
    data[record + CONFLICTS] = conflicts;
    data[record + PARENT] = parentId;
    data[record + HASH] = hash;
    data[record + BOUND] = bound;
    data[record + BONUS] = bonus;
    data[record + MATCHED] = matched;
    for (let i = 0; i < words; i++) data[record + WORDS + i] = child[i];
    if (this.fWords > 0) this.storeAgentF(record);
    this.table[slot * 2] = id + 1;
    this.table[slot * 2 + 1] = hash;
    this.generated++;
    this.enqueue(id);
    return true;
  }

  protected hashOf(words: Int32Array, base: number, next: number): number {
    let hash = Math.imul(next + 1, 0x9e3779b1);
    for (let i = 0; i < this.words; i++) {
      hash = Math.imul(hash ^ words[base + i], 0x85ebca6b);
      hash ^= hash >>> 15;
    }
    hash = Math.imul(hash, 0xc2b2ae35);
    return hash ^ (hash >>> 16);
  }

  protected decode(id: number): void {
    const base = id * this.stride + WORDS;
    const data = this.data;
    for (let i = 0; i < this.n; i++) {
      const w = data[base + i];
      this.pos[i] = w & CELL_MASK;
      this.done[i] = (w & DONE_BIT) !== 0 ? 1 : 0;
      this.masks[i] = w >>> MASK_SHIFT;
    }
  }

  /** All agents on their goals, and (with an illegal move table) free to rest there for good. */
  protected isGoal(id: number): boolean {
    this.decode(id);
    const illegal = this.query!.illegal;
    const t = this.data[id * this.stride + TIME];
    for (let i = 0; i < this.n; i++) {
      if (this.pos[i] !== this.agentGoal[i]) return false;
      if (illegal !== null && this.done[i] === 0 && !illegal.canRest(this.pos[i], t)) return false;
    }
    return true;
  }

  /**
   * OD: assigns a move to agent `next` only. The move must not enter an assigned agent's post-move
   * cell, nor a done agent's cell, nor be one the mask forbids; it may enter the cell of an agent
   * not yet assigned (Figure 3), which then may not swap with it or cross it diagonally.
   *
   * Partial expansion (beyond the seed: Felner et al. 2012, "Partial-expansion A* with selective
   * node generation", the EPEA* form of Goldenberg et al. 2014). A child's f exceeds its parent's
   * by delta = cost + dist(q) - dist(p), which is 0, 1 or 2 (FINISH: 0). A node queued with
   * deferral d (f = g + h + d) generates only its children of delta = d; if it has legal children
   * of a larger delta it is queued again with the smallest such delta as its deferral, else it is
   * exhausted. Every child is thus generated exactly when A* would pop a node of its f, so A*'s
   * optimality argument (consistent heuristic, nodes popped in order of f) is unchanged, while
   * children of a larger f (most of them: waits and moves away from the goal) are never stored
   * unless the search reaches their f. (With the pairwise bonus delta may be larger; a child's
   * bonus is only computed when its delta without it is at most d, so a deferral can be too small,
   * which costs one more look at the node and never a child.)
   *
   * Dependency bonus (beyond the seed, see PairDependency and IllegalDependency): each node
   * carries a set of agents whose cells for the step are known (assigned this step, or done), built
   * as the step assigns moves: agent k joins alone if a replan's illegal moves leave it no shortest
   * path, else as the partner of the first such agent not in the set that it is dependent with.
   * Each single and each pair adds 1 to h (they are disjoint). The set depends on the state alone,
   * so Figure 5's duplicate detection is unchanged; a new step starts with an empty set, and the
   * standard state's f, which counted its own, still bounds the step's nodes by pathmax.
   */
  /** Paths from the standard states on the way to `goalNode`, each cut where its agent rests. */
  protected extractPaths(goalNode: number): Int32Array[] {
    const chain: number[] = [];
    for (let id = goalNode; id >= 0; id = this.data[id * this.stride + PARENT]) {
      if ((this.data[id * this.stride + NEXT] & NEXT_MASK) === 0) chain.push(id);
    }
    chain.reverse();
    const paths: Int32Array[] = [];
    for (let i = 0; i < this.n; i++) {
      const goal = this.agentGoal[i];
      const cells = new Int32Array(chain.length);
      for (let s = 0; s < chain.length; s++) cells[s] = this.data[chain[s] * this.stride + WORDS + i] & CELL_MASK;
      let end = cells.length - 1;
      while (end > 0 && cells[end] === goal && cells[end - 1] === goal) end--;
      paths.push(cells.slice(0, end + 1));
    }
    return paths;
  }

  protected stopRequested(): 'timeout' | 'cancelled' | null {
    if (this.setup.deadline?.passed() === true) return 'timeout';
    if (this.setup.shouldStop !== undefined && this.setup.shouldStop()) return 'cancelled';
    return null;
  }
}
