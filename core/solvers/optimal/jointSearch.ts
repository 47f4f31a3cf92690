/**
 * A* over the joint states of one group of agents: the standard admissible algorithm and A* with
 * operator decomposition (OD). Seed 002_59f0ad9988351882.txt (Standley 2010), sections "The
 * Standard Admissible Algorithm", "Operator Decomposition" (incl. Figures 3-5), "The Heuristic",
 * and "Independent Subproblems" for the cost limit, illegal move table and conflict avoidance
 * table that independence detection plans with.
 *
 * States. A node holds, per agent of the group, one 32-bit word: its (post-move) cell, a "done"
 * bit and an 8-bit mask; plus `next`, the agent that gets a move next (0 in standard states).
 * With OD an operator assigns a move to agent `next` only; the mask of a not-yet-assigned agent
 * lists the moves the assigned moves forbid it by swap or diagonal crossing (moves already ruled
 * out by walls or by an assigned agent's post-move cell are left out). Post-move cells plus these
 * masks are exactly the remaining legal moves, so two intermediate states with equal words have
 * the same standard descendants and are one node (Figure 5); standard states are the closed list.
 *
 * Cost (SearchSetup.costModel, see CostModel in core/mapf/plan.ts). 'away', the seed's: an
 * operator costs the number of agents not stopped on their goals, so an agent's wait on its goal
 * is free and every other move costs 1. 'rest': an agent's cost is the time until it rests on its
 * goal for good. There a search that charged 0 for every wait on the goal would undercount an agent
 * that waits there and then steps aside, so instead an agent on its goal may take the move FINISH
 * (cost 0, sets "done"): from then on it only waits, for free, and blocks its cell; any other
 * move, waiting included, costs 1, and the deferred cost of waits is paid exactly when the agent
 * leaves. Either way the seed's heuristic (sum of unit-step distances, updated by two lookups per
 * operator) is consistent, so the first goal popped is optimal.
 *
 * Beyond the seed, three changes keep A*'s optimality and cut the work (see expandOperator,
 * boundOf and stateBonus): OD generates only the children on the f being expanded and defers the
 * rest (partial expansion, EPEA*); a group that independence detection merged gets f from the
 * merge tree's costs (each merged group's optimal cost alone); and h gets one move more per pair
 * of a matching of agents that cannot both go on at their own distances (PairDependency) and, in
 * a replan, per agent the illegal moves leave no shortest path (IllegalDependency). The last two
 * make f path-dependent (pathmax: a child's f is at least its parent's), admissible and never
 * decreasing along a path, with nodes reopened when reached more cheaply. On Standley's experiment (bench:optimal, 1,000 instances, 1 s) the pairwise bonus took
 * id+od from 93.5% to 95.2% solved, and the replan bonus, which mostly makes replans cheaper, to
 * 95.3-95.4%.
 *
 * Why one file of ~1,100 lines: state encoding, expansion, bounds and bonuses and the node store
 * are one class whose fields the inner expansion loop reads and writes directly (state words,
 * node records, the f layers); splitting them into modules means calls through other objects in
 * the innermost loop, which bench:optimal is the judge of. Its helpers that stand apart already
 * live beside it: bucketQueue.ts, pairDependency.ts, illegalDependency.ts, firstConflict.ts,
 * intMap.ts and the step table (core/search/stepTable.ts).
 *
 * Every buffer is a typed array kept between queries; nothing is allocated per expansion. The open
 * list is a bucket queue (bucketQueue.ts): f layers, conflicts-then-h buckets, LIFO stacks.
 */
import { type CostModel, pathCost } from '../../mapf/plan.ts';
import { BucketQueue } from './bucketQueue.ts';
import type { ConflictAvoidanceTable } from './conflictAvoidanceTable.ts';
import type { IllegalMoveTable } from './illegalMoveTable.ts';
import { IllegalDependency } from './illegalDependency.ts';
import { PairDependency } from './pairDependency.ts';
import { FINISH, OPPOSITE, type StepTable, WAIT } from '../../search/stepTable.ts';

export type SearchMode = 'standard' | 'od';

/** Bits of a state word: cell in the low 22 bits, then done, then the forbidden-move mask. */
export const CELL_BITS = 22;
export const MAX_CELLS = 1 << CELL_BITS;
const CELL_MASK = MAX_CELLS - 1;
const DONE_BIT = 1 << CELL_BITS;
const MASK_SHIFT = CELL_BITS + 1;

/**
 * Fields of a node record, before its state words. NEXT also holds the CLOSED flag (set at the
 * first expansion: the node's g is then final) and, in its top bits, the node's deferral: the
 * amount by which the f the node is queued under exceeds g + h (see expandOperator).
 */
const NEXT = 0;
const G = 1;
const H = 2;
const TIME = 3;
const CONFLICTS = 4;
const PARENT = 5;
const HASH = 6;
/** The node's f before deferral: g + h, or with a merge tree the bound of boundOf. */
const BOUND = 7;
/**
 * The dependency bonus (see expandOperator): how many moves the node's disjoint singles (agents a
 * replan's illegal moves block) and pairs (dependent agents) add to h, and which agents (bits by
 * group index) they hold. In an intermediate state only agents whose cells for the step are known
 * take part; a standard state's BONUS is in its f, and its MATCHED is not used.
 */
const BONUS = 8;
const MATCHED = 9;
const WORDS = 10;
const NEXT_MASK = 0xffff;
const CLOSED = 0x10000;
const DEFER_SHIFT = 17;
/** Deferral of a node with no children left to generate: no queue entry ever matches it. */
const EXHAUSTED = 0x3fff;

/** Open-list tie-break inside one f: conflicts (capped) first, then h (capped). */
const TIE_CONFLICTS = 64;
const TIE_H = 512;

/** Expansions between two looks at the clock and the cancel flag. */
const POLL_EVERY = 1024;

/** What one search of one group needs besides the map tables. */
export interface GroupQuery {
  /** Global indices of the group's agents; with OD also the fixed order of moves. */
  agents: readonly number[];
  /** Prune nodes whose f exceeds this (Infinity: no limit). */
  costLimit: number;
  /** Moves of other agents this group must not conflict with, or null. */
  illegal: IllegalMoveTable | null;
  /** Paths of other agents to conflict with as little as possible, or null. */
  avoid: ConflictAvoidanceTable | null;
  /**
   * How independence detection built the group: a binary tree of merges over its agents (global
   * indices) whose inner nodes carry the optimal cost of their agents alone. Sharpens f (boundOf).
   */
  tree?: MergeTree | null;
}

/** A leaf is an agent (global index); an inner node joins two groups of known optimal cost alone. */
export type MergeTree = number | { left: MergeTree; right: MergeTree; cost: number };

export type GroupStatus = 'solved' | 'unsolvable' | 'over-limit' | 'timeout' | 'cancelled' | 'memory';

export interface GroupResult {
  status: GroupStatus;
  /** Per agent of the group: cells from t = 0 until it rests on its goal. */
  paths: Int32Array[];
  /** Sum of path costs (solved only). */
  cost: number;
  /** Largest f popped: a lower bound on the group's optimal cost. */
  lowerBound: number;
  expanded: number;
  generated: number;
}

/** The map, heuristic tables and limits shared by every search of one solve. */
export interface SearchSetup {
  steps: StepTable;
  /** Unit-step distance to each agent's goal (global agent index), -1 where unreachable. */
  distances: readonly Int32Array[];
  goals: Int32Array;
  starts: Int32Array;
  /** performance.now() value after which searches stop with 'timeout'. */
  deadline: number;
  shouldStop?: () => boolean;
  /** Bytes the node store may grow to before a search gives up with 'memory'. */
  memoryBytes: number;
  /** OD: defer children of a larger f (partial expansion, see expandOperator); default true. */
  partialExpansion?: boolean;
  /** What a plan costs, which the search minimises. */
  costModel: CostModel;
  /**
   * Add to h 1 for each dependent pair of a matching of the group's agents (PairDependency) and,
   * in replans, for each agent the illegal moves block (IllegalDependency); default true.
   */
  dependencies?: boolean;
}

export class JointSearch {
  private readonly setup: SearchSetup;
  private readonly mode: SearchMode;
  /** Cost model 'rest': agents on their goal may FINISH; 'away': waiting on the goal is free. */
  private readonly lastMove: number;

  // The group being searched.
  private n = 0;
  /** Words per node: one per agent, plus one for the (clamped) time when an illegal table is set. */
  private words = 0;
  private timed = false;
  private agentIds = new Int32Array(0);
  private agentDist: Int32Array[] = [];
  private agentGoal = new Int32Array(0);
  private query: GroupQuery | null = null;
  // The merge tree in post-order: children (>= 0 an inner node, < 0 the agent ~child of the
  // group) and costs of the inner nodes; the root is last. Empty without a tree.
  private treeLeft = new Int32Array(0);
  private treeRight = new Int32Array(0);
  private treeCost = new Int32Array(0);
  private treeValue = new Int32Array(0);
  /** Per agent: its inner ancestors bottom-up (ancestorStart[i] .. ancestorStart[i + 1]) and the other child of each. */
  private ancestorStart = new Int32Array(0);
  private ancestorNode = new Int32Array(0);
  private ancestorOther = new Int32Array(0);
  /** With a tree: words per node holding each agent's own g + h (16 bits each), else 0. */
  private fWords = 0;
  /** Per agent: g + h of the node being generated, and of the node being expanded. */
  private childF = new Int32Array(0);
  private parentF = new Int32Array(0);
  /**
   * The bonus (null: off). This search uses pairs with 2 to 31 agents (the matching is a bit mask)
   * and blocked agents when it has an illegal move table.
   */
  private readonly pairTest: PairDependency | null;
  private readonly illegalTest: IllegalDependency | null;
  private pairing = false;
  private blocking = false;
  private readonly adj = new Int32Array(32);

  // Node store: one record of `stride` integers per node, the fields below and then the state
  // words, so that looking a node up touches one place in memory.
  private capacity = 0;
  private count = 0;
  private stride = 0;
  private data = new Int32Array(0);
  private table = new Int32Array(0);
  private tableMask = 0;
  private maxNodes = 0;
  private readonly queue = new BucketQueue(TIE_CONFLICTS * TIE_H, 4096);

  // Per-expansion scratch.
  private pos = new Int32Array(0);
  private done = new Uint8Array(0);
  private masks = new Uint8Array(0);
  private post = new Int32Array(0);
  private choice = new Int32Array(0);
  private gAcc = new Int32Array(0);
  private hAcc = new Int32Array(0);
  private cAcc = new Int32Array(0);
  private hRest = new Int32Array(0);
  private childWords = new Int32Array(0);
  private stamp = 0;
  /** cellStamp === stamp: an assigned agent's post-move cell. */
  private readonly assignedStamp: Int32Array;
  /** unassignedStamp === stamp: cell of the agent unassignedAgent (not yet assigned; standard mode: every agent). */
  private readonly unassignedStamp: Int32Array;
  private readonly unassignedAgent: Int32Array;
  /** Standard mode: agent whose post-move cell this is, or -1 (set and cleared while backtracking). */
  private readonly postOwner: Int32Array;

  expanded = 0;
  generated = 0;
  private polls = 0;
  /** Set when an expansion was cut short by the clock or the cancel flag. */
  private stopReason: 'timeout' | 'cancelled' | null = null;

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

  /** Finds an optimal plan for the group (within the cost limit and the tables of `query`). */
  search(query: GroupQuery): GroupResult {
    this.prepare(query);
    const setup = this.setup;
    const n = this.n;
    let lowerBound = 0;
    const result = (status: GroupStatus, goalNode: number): GroupResult => {
      const paths = goalNode >= 0 ? this.extractPaths(goalNode) : [];
      let cost = 0;
      for (let i = 0; i < paths.length; i++) cost += pathCost(paths[i], this.agentGoal[i], setup.costModel);
      if (status === 'solved') lowerBound = cost;
      return { status, paths, cost, lowerBound, expanded: this.expanded, generated: this.generated };
    };

    // Root: every agent on its start.
    for (let i = 0; i < n; i++) {
      const start = setup.starts[this.agentIds[i]];
      this.childWords[i] = start;
      if (this.agentDist[i][start] < 0) return result('unsolvable', -1);
    }
    if (this.timed) this.childWords[n] = 0;
    let h0 = 0;
    for (let i = 0; i < n; i++) h0 += this.agentDist[i][this.childWords[i]];
    for (let i = 0; i < n; i++) this.childF[i] = this.agentDist[i][this.childWords[i]];
    const bonus0 = this.pairing || this.blocking ? this.stateBonus(this.childWords, 0) : 0;
    const rootF = Math.max(this.fWords > 0 ? this.boundOf(this.childF) : h0, h0 + bonus0);
    if (rootF > query.costLimit) return result('over-limit', -1);
    this.queue.reset(rootF);
    this.insert(0, -1, 0, h0, 0, 0, rootF, bonus0, 0);

    const queue = this.queue;
    while (queue.length > 0) {
      const id = queue.pop();
      const f = queue.poppedF;
      const record = id * this.stride;
      const data = this.data;
      if (f !== this.fOf(id) || queue.poppedTie !== this.tieOf(id)) continue; // stale entry (or a node with nothing left)
      const first = (data[record + NEXT] & CLOSED) === 0;
      data[record + NEXT] |= CLOSED;
      if (f > lowerBound) lowerBound = f;
      if (first && (data[record + NEXT] & NEXT_MASK) === 0 && this.isGoal(id)) return result('solved', id);
      // Counted across searches, so ID's many small searches look at the clock too.
      if (++this.polls === POLL_EVERY) {
        this.polls = 0;
        const stop = this.stopRequested();
        if (stop !== null) return result(stop, -1);
      }
      this.expanded++;
      let ok: boolean;
      if (this.mode === 'od') {
        ok = this.expandOperator(id);
      } else {
        ok = this.expandStandard(id);
        this.data[record + NEXT] |= EXHAUSTED << DEFER_SHIFT;
      }
      if (!ok) return result(this.stopReason ?? 'memory', -1);
    }
    return result(query.costLimit === Infinity ? 'unsolvable' : 'over-limit', -1);
  }

  private stopRequested(): 'timeout' | 'cancelled' | null {
    if (performance.now() > this.setup.deadline) return 'timeout';
    if (this.setup.shouldStop !== undefined && this.setup.shouldStop()) return 'cancelled';
    return null;
  }

  private prepare(query: GroupQuery): void {
    this.stopReason = null;
    const n = query.agents.length;
    if (n > 0xffff) throw new RangeError(`a group of ${n} agents is too large`);
    this.query = query;
    this.n = n;
    this.timed = query.illegal !== null;
    this.words = n + (this.timed ? 1 : 0);
    this.agentIds = Int32Array.from(query.agents);
    this.agentDist = query.agents.map((a) => this.setup.distances[a]);
    this.agentGoal = Int32Array.from(query.agents, (a) => this.setup.goals[a]);
    this.setTree(query.tree ?? null);
    this.pairing = this.pairTest !== null && n >= 2 && n <= 31;
    this.blocking = this.illegalTest !== null && query.illegal !== null && n <= 31;
    if (this.blocking) this.illegalTest!.reset(query.illegal!, this.agentDist, this.agentGoal);
    if (this.childF.length < n) {
      this.childF = new Int32Array(n);
      this.parentF = new Int32Array(n);
    }
    if (this.pos.length < n) {
      this.pos = new Int32Array(n);
      this.done = new Uint8Array(n);
      this.masks = new Uint8Array(n);
      this.post = new Int32Array(n);
      this.choice = new Int32Array(n);
      this.gAcc = new Int32Array(n + 1);
      this.hAcc = new Int32Array(n + 1);
      this.cAcc = new Int32Array(n + 1);
      this.hRest = new Int32Array(n + 1);
    }
    if (this.childWords.length < this.words) this.childWords = new Int32Array(this.words);
    // Empty the hash table by clearing the slots of the previous search's nodes when they are few.
    if (this.count * 8 < this.tableMask) {
      for (let id = 0; id < this.count; id++) {
        let slot = this.data[id * this.stride + HASH] & this.tableMask;
        while (this.table[slot * 2] !== id + 1) slot = (slot + 1) & this.tableMask;
        this.table[slot * 2] = 0;
      }
    } else {
      this.table.fill(0);
    }
    // The previous search's records are dropped; from here on they have this query's layout.
    this.stride = WORDS + this.words + this.fWords;
    // Bytes per node: the record, queue entries and hash slots (about 2 of each of the last two).
    const perNode = 4 * this.stride + 2 * 12 + 2 * 8;
    this.maxNodes = Math.max(1024, Math.floor(this.setup.memoryBytes / perNode));
    this.count = 0;
    if (this.capacity === 0) this.allocate(1 << 16);
    else if (this.data.length < this.capacity * this.stride) this.data = new Int32Array(this.capacity * this.stride);
    this.expanded = 0;
    this.generated = 0;
  }

  /**
   * Bonus of a standard state at time t (root, standard mode) with the group's agents on `cells`
   * (state words): the agents the illegal moves block, each costing at least 1 more than its
   * distance, plus a greedy matching of dependent pairs among the others. The matching's pairs are
   * disjoint and avoid the blocked agents, and each costs at least 1 more than its agents'
   * distances, so the sum can be added to the sum of distances (Felner et al. 2018 take the same
   * sum over disjoint pairs).
   */
  private stateBonus(cells: Int32Array, t: number): number {
    const adj = this.adj;
    const n = this.n;
    let used = 0;
    let count = 0;
    if (this.blocking) {
      for (let i = 0; i < n; i++) {
        if ((cells[i] & DONE_BIT) === 0 && this.illegalTest!.blocked(i, cells[i] & CELL_MASK, t)) {
          used |= 1 << i;
          count++;
        }
      }
    }
    if (!this.pairing) return count;
    adj.fill(0);
    for (let i = 0; i < n; i++) {
      if (((used >>> i) & 1) === 1) continue;
      for (let j = i + 1; j < n; j++) {
        if (((used >>> j) & 1) === 1) continue;
        if (this.pairTest!.dependent(this.agentIds[i], this.agentIds[j], cells[i] & CELL_MASK, cells[j] & CELL_MASK)) {
          adj[i] |= 1 << j;
          adj[j] |= 1 << i;
        }
      }
    }
    for (let i = 0; i < n; i++) {
      if (((used >>> i) & 1) === 1) continue;
      const free = adj[i] & ~used;
      if (free === 0) continue;
      used |= (1 << i) | (free & -free);
      count++;
    }
    return count;
  }

  private allocate(capacity: number): void {
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

  private setTree(tree: MergeTree | null): void {
    if (tree === null || typeof tree === 'number') {
      this.treeLeft = new Int32Array(0);
      this.fWords = 0;
      return;
    }
    const index = new Map<number, number>();
    for (let i = 0; i < this.n; i++) index.set(this.agentIds[i], i);
    const left: number[] = [];
    const right: number[] = [];
    const cost: number[] = [];
    const visit = (t: MergeTree): number => {
      if (typeof t === 'number') {
        const i = index.get(t);
        if (i === undefined) throw new RangeError(`merge tree agent ${t} is not in the group`);
        return ~i;
      }
      const l = visit(t.left);
      const r = visit(t.right);
      left.push(l);
      right.push(r);
      cost.push(t.cost);
      return left.length - 1;
    };
    visit(tree);
    this.treeLeft = Int32Array.from(left);
    this.treeRight = Int32Array.from(right);
    this.treeCost = Int32Array.from(cost);
    this.treeValue = new Int32Array(left.length);
    this.fWords = (this.n + 1) >> 1;
    // Ancestors of each agent, found by walking up a child -> parent map.
    const up = new Map<number, number>();
    for (let j = 0; j < left.length; j++) {
      up.set(left[j], j);
      up.set(right[j], j);
    }
    const start: number[] = [];
    const node: number[] = [];
    const other: number[] = [];
    for (let i = 0; i < this.n; i++) {
      start.push(node.length);
      for (let child = ~i, j = up.get(child); j !== undefined; child = j, j = up.get(j)) {
        node.push(j);
        other.push(left[j] === child ? right[j] : left[j]);
      }
    }
    start.push(node.length);
    this.ancestorStart = Int32Array.from(start);
    this.ancestorNode = Int32Array.from(node);
    this.ancestorOther = Int32Array.from(other);
  }

  /**
   * f of a node from its agents' own g + h (`agentF`), with a merge tree.
   *
   * Beyond the seed: independence detection merged the group from two groups, each of known optimal
   * cost alone, themselves merged likewise. Any plan of a tree node's agents costs at least that
   * node's optimal cost, and at least the sum of what its two children's agents cost, so
   * value(node) = max(cost, value(left) + value(right)), with value(agent) = its g + h, is an
   * admissible f for the node's path, and the root's value (its own cost unknown: 0) bounds the
   * group. An operator raises one agent's g + h by 0, 1 or 2, and max and + are monotone, so this f
   * never decreases along a path and rises by at most as much (children are deferred by 0, 1 or 2
   * as before). It depends on how the path split g among the agents, not on the state alone: a node
   * reached again with a lower g is therefore reopened (insert), which keeps A* optimal.
   */
  private boundOf(agentF: Int32Array): number {
    const left = this.treeLeft;
    const right = this.treeRight;
    const cost = this.treeCost;
    const value = this.treeValue;
    const m = left.length;
    for (let j = 0; j < m; j++) {
      const l = left[j];
      const r = right[j];
      const sum = (l >= 0 ? value[l] : agentF[~l]) + (r >= 0 ? value[r] : agentF[~r]);
      value[j] = sum > cost[j] ? sum : cost[j];
    }
    return value[m - 1];
  }

  /**
   * boundOf for `agentF` with agent k's value set to fk, when treeValue holds boundOf(agentF)
   * (agentF[k] unchanged): only k's ancestors change.
   */
  private boundWith(agentF: Int32Array, k: number, fk: number): number {
    const value = this.treeValue;
    const cost = this.treeCost;
    let current = fk;
    for (let a = this.ancestorStart[k], end = this.ancestorStart[k + 1]; a < end; a++) {
      const o = this.ancestorOther[a];
      const sum = current + (o >= 0 ? value[o] : agentF[~o]);
      const c = cost[this.ancestorNode[a]];
      current = sum > c ? sum : c;
    }
    return current;
  }

  /** Loads the agents' own g + h stored with node `id` into `out`. */
  private loadAgentF(id: number, out: Int32Array): void {
    const base = id * this.stride + WORDS + this.words;
    for (let i = 0; i < this.n; i++) out[i] = (this.data[base + (i >> 1)] >>> ((i & 1) << 4)) & 0xffff;
  }

  /** Stores childF with the node at `record` (16 bits an agent; larger values are capped, which only weakens the bound). */
  private storeAgentF(record: number): void {
    const base = record + WORDS + this.words;
    const f = this.childF;
    for (let w = 0; w < this.fWords; w++) {
      const a = f[2 * w] < 0xffff ? f[2 * w] : 0xffff;
      const b = 2 * w + 1 < this.n ? (f[2 * w + 1] < 0xffff ? f[2 * w + 1] : 0xffff) : 0;
      this.data[base + w] = a | (b << 16);
    }
  }

  /** The f a node is queued under: its bound plus its deferral. */
  private fOf(id: number): number {
    const record = id * this.stride;
    return this.data[record + BOUND] + (this.data[record + NEXT] >>> DEFER_SHIFT);
  }

  /** Open-list order inside one f: fewer conflicts with the avoidance table, then lower h. */
  private tieOf(id: number): number {
    const record = id * this.stride;
    const h = this.data[record + H];
    const c = this.data[record + CONFLICTS];
    return (c < TIE_CONFLICTS ? c : TIE_CONFLICTS - 1) * TIE_H + (h < TIE_H ? h : TIE_H - 1);
  }

  private enqueue(id: number): void {
    this.queue.push(id, this.fOf(id), this.tieOf(id));
  }

  /**
   * Adds the state in childWords (with `next`) as a child of `parentId`, or improves the
   * existing equal node. Returns false when the node store is full.
   */
  private insert(next: number, parentId: number, g: number, h: number, t: number, conflicts: number, bound: number, bonus: number, matched: number): boolean {
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

  private hashOf(words: Int32Array, base: number, next: number): number {
    let hash = Math.imul(next + 1, 0x9e3779b1);
    for (let i = 0; i < this.words; i++) {
      hash = Math.imul(hash ^ words[base + i], 0x85ebca6b);
      hash ^= hash >>> 15;
    }
    hash = Math.imul(hash, 0xc2b2ae35);
    return hash ^ (hash >>> 16);
  }

  private decode(id: number): void {
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
  private isGoal(id: number): boolean {
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
  private expandOperator(id: number): boolean {
    this.decode(id);
    const n = this.n;
    const record = id * this.stride;
    const target = this.data[record + NEXT] >>> DEFER_SHIFT;
    const partial = this.setup.partialExpansion !== false;
    let nextDelta = EXHAUSTED;
    let k = this.data[record + NEXT] & NEXT_MASK;
    const t = this.data[record + TIME];
    const g = this.data[record + G];
    const h = this.data[record + H];
    const c = this.data[record + CONFLICTS];
    const fParent = this.data[record + BOUND];
    const tree = this.fWords > 0;
    const childF = this.childF;
    if (tree) {
      this.loadAgentF(id, childF);
      this.boundOf(childF); // treeValue for boundWith
    }
    const query = this.query!;
    const illegal = query.illegal;
    const avoid = query.avoid;
    const limit = query.costLimit;
    const steps = this.setup.steps;
    const neighbour = steps.neighbour;
    const width = steps.width;
    const dirs = steps.directions;
    const pos = this.pos;
    const masks = this.masks;
    const done = this.done;
    // A step's matching starts empty: a standard state's own bonus is in its f, which bounds its children (pathmax).
    const parentBonus = k === 0 ? 0 : this.data[record + BONUS];
    const parentMatched = k === 0 ? 0 : this.data[record + MATCHED];
    // Done agents have one move (stay), so operators skip them: a standard state starts with the
    // first agent not done, and `next` of a child is the next agent not done.
    if (k === 0) {
      while (k < n && done[k] === 1) k++;
      if (k === n) {
        this.data[record + NEXT] |= EXHAUSTED << DEFER_SHIFT;
        return true; // all done: a goal state, nothing to expand
      }
    }
    const stamp = ++this.stamp;
    const assignedStamp = this.assignedStamp;
    const unassignedStamp = this.unassignedStamp;
    const unassignedAgent = this.unassignedAgent;
    for (let i = 0; i < k; i++) assignedStamp[pos[i]] = stamp;
    for (let i = k; i < n; i++) {
      unassignedStamp[pos[i]] = stamp;
      unassignedAgent[pos[i]] = i;
    }
    let nextAgent = k + 1;
    while (nextAgent < n && done[nextAgent] === 1) nextAgent++;
    const last = nextAgent === n;
    const childNext = last ? 0 : nextAgent;
    const childTime = last ? t + 1 : t;
    const words = this.words;
    const child = this.childWords;
    const parentBase = record + WORDS;
    const p = pos[k];
    const dist = this.agentDist[k];
    const goal = this.agentGoal[k];
    const fk = tree ? childF[k] : 0;

    const pairing = this.pairing;
    const blocking = this.blocking;
    const bonusOn = pairing || blocking;
    const pairTest = this.pairTest!;
    const illegalTest = this.illegalTest!;
    const ids = this.agentIds;

    const mask = masks[k];
    const lastMove = this.lastMove;
    for (let m = 0; m <= lastMove; m++) {
      if (m >= dirs && m < WAIT) continue;
      if (m === FINISH && p !== goal) break;
      const q = m < WAIT ? neighbour[p * 8 + m] : p;
      if (q < 0 || dist[q] < 0) continue;
      if (m < WAIT && ((mask >>> m) & 1) === 1) continue; // swap or crossing with an assigned move
      if (assignedStamp[q] === stamp) continue; // vertex conflict with an assigned move
      if (m < WAIT && unassignedStamp[q] === stamp && done[unassignedAgent[q]] === 1) continue;
      // FINISH ('rest') and, under 'away', a wait on the goal cost nothing.
      const g2 = m === FINISH || (q === goal && p === goal && lastMove === WAIT) ? g : g + 1;
      const h2 = h - dist[p] + dist[q];
      let fChild = g2 + h2;
      if (tree) {
        const step = g2 + h2 - g - h;
        fChild = step === 0 ? fParent : this.boundWith(childF, k, fk + step);
      }
      let bonus = parentBonus;
      let matched = parentMatched;
      if (bonusOn) {
        // Pathmax: the parent's f (its state's bonus, which this child cannot see yet) bounds the child's path too.
        if (g2 + h2 + bonus > fChild) fChild = g2 + h2 + bonus;
        if (fChild < fParent) fChild = fParent;
        // k counts alone if the illegal moves block it; else it is matched with the first unmatched
        // agent whose cell for this step is known (assigned before k, or done) and that k's move
        // leaves dependent. Tested only for a child generated now: a child deferred on a smaller f
        // is looked at again when its turn comes (a deferral too small costs a second look, never
        // a child).
        if (fChild - fParent > target && partial) {
          // deferred: see above
        } else if (blocking && m !== FINISH && illegalTest.blocked(k, q, t + 1)) {
          bonus++;
          matched |= 1 << k;
          if (g2 + h2 + bonus > fChild) fChild = g2 + h2 + bonus;
        } else if (pairing) {
          for (let i = 0; i < n; i++) {
            if (i === k || ((matched >>> i) & 1) === 1 || (i > k && done[i] === 0)) continue;
            if (i < k ? pairTest.dependent(ids[i], ids[k], pos[i], q) : pairTest.dependent(ids[k], ids[i], q, pos[i])) {
              bonus++;
              matched |= (1 << i) | (1 << k);
              if (g2 + h2 + bonus > fChild) fChild = g2 + h2 + bonus;
              break;
            }
          }
        }
      }
      if (fChild > limit) continue;
      const delta = fChild - fParent;
      if (delta !== target && partial) {
        // Generated by an earlier expansion of this node, or deferred to a later one.
        if (delta > target && delta < nextDelta && (illegal === null || (illegal.isLegal(t, p, q) && (m !== FINISH || illegal.canRest(q, t))))) {
          nextDelta = delta;
        }
        continue;
      }
      if (illegal !== null) {
        if (!illegal.isLegal(t, p, q)) continue;
        if (m === FINISH && !illegal.canRest(q, t)) continue;
      }
      let c2 = c;
      if (avoid !== null) c2 += m === FINISH ? avoid.visitsAfter(q, t) : avoid.moveConflicts(t, p, q, m);

      for (let i = 0; i < words; i++) child[i] = this.data[parentBase + i];
      child[k] = q | (m === FINISH ? DONE_BIT : 0);
      if (!last) {
        // Masks of later agents: drop bits for moves into q (now ruled out by the vertex rule)...
        for (let j = k + 1; j < n; j++) {
          let mj = masks[j];
          if (mj === 0) continue;
          const base = pos[j] * 8;
          for (let d = 0; d < 8; d++) {
            if (((mj >>> d) & 1) === 1 && neighbour[base + d] === q) mj &= ~(1 << d);
          }
          child[j] = (child[j] & (CELL_MASK | DONE_BIT)) | (mj << MASK_SHIFT);
        }
        if (m < WAIT) {
          // ...and add the moves this one forbids: the agent in q may not swap into p,
          this.forbid(k, q, OPPOSITE[m], p, stamp);
          if (m >= 4) {
            // and agents beside the diagonal may not cross it.
            const dx = (q % width) - (p % width);
            const c1 = p + dx; // (px + dx, py)
            const c2 = q - dx; // (px, py + dy)
            this.forbidMoveBetween(k, c1, c2, stamp);
            this.forbidMoveBetween(k, c2, c1, stamp);
          }
        }
      }
      if (this.timed) child[n] = Math.min(childTime, illegal!.horizon);
      if (tree) childF[k] = fk + (g2 - g) + (h2 - h);
      const ok = this.insert(childNext, id, g2, h2, childTime, c2, fChild, bonus, matched);
      if (tree) childF[k] = fk;
      if (!ok) return false;
    }
    // Queue the node again for its deferred children, or mark it exhausted.
    const data = this.data;
    data[record + NEXT] = (data[record + NEXT] & ((1 << DEFER_SHIFT) - 1)) | (nextDelta << DEFER_SHIFT);
    if (nextDelta !== EXHAUSTED) this.enqueue(id);
    return true;
  }

  /** In childWords: the unassigned agent on `from` may not move in direction d (to `to`). */
  private forbid(k: number, from: number, d: number, to: number, stamp: number): void {
    if (this.unassignedStamp[from] !== stamp) return;
    const j = this.unassignedAgent[from];
    if (j <= k || this.done[j] === 1) return;
    if (this.assignedStamp[to] === stamp || this.agentDist[j][to] < 0) return; // illegal anyway
    if (this.unassignedStamp[to] === stamp && this.done[this.unassignedAgent[to]] === 1) return; // a done agent's cell
    this.childWords[j] |= (1 << d) << MASK_SHIFT;
  }

  /** forbid() for the move from `from` to the diagonal neighbour `to`, if there is such a move. */
  private forbidMoveBetween(k: number, from: number, to: number, stamp: number): void {
    if (this.unassignedStamp[from] !== stamp) return;
    const neighbour = this.setup.steps.neighbour;
    const base = from * 8;
    for (let d = 4; d < 8; d++) {
      if (neighbour[base + d] === to) {
        this.forbid(k, from, d, to, stamp);
        return;
      }
    }
  }

  /**
   * The standard algorithm: every legal joint move, found by backtracking over the agents'
   * moves; each complete assignment is one child.
   */
  private expandStandard(id: number): boolean {
    this.decode(id);
    const n = this.n;
    const t = this.data[id * this.stride + TIME];
    const query = this.query!;
    const illegal = query.illegal;
    const pos = this.pos;
    const done = this.done;
    const post = this.post;
    const choice = this.choice;
    const gAcc = this.gAcc;
    const hAcc = this.hAcc;
    const cAcc = this.cAcc;
    const hRest = this.hRest;
    const postOwner = this.postOwner;
    const stamp = ++this.stamp;
    for (let i = 0; i < n; i++) {
      this.unassignedStamp[pos[i]] = stamp;
      this.unassignedAgent[pos[i]] = i;
    }
    // hRest[i]: the least the agents from i on can add to h (each gets at most 1 closer), so
    // branches over the cost limit are cut before they are complete.
    hRest[n] = 0;
    for (let i = n - 1; i >= 0; i--) hRest[i] = hRest[i + 1] + Math.max(0, this.agentDist[i][pos[i]] - 1);
    const child = this.childWords;
    gAcc[0] = this.data[id * this.stride + G];
    hAcc[0] = 0;
    cAcc[0] = this.data[id * this.stride + CONFLICTS];
    const tree = this.fWords > 0;
    if (tree) this.loadAgentF(id, this.parentF);
    const parentBound = this.data[id * this.stride + BOUND];
    const childTime = t + 1;

    let ok = true;
    let i = 0;
    choice[0] = -1;
    post[0] = -1;
    while (i >= 0) {
      if (post[i] >= 0) {
        postOwner[post[i]] = -1;
        post[i] = -1;
      }
      const m = this.nextStandardMove(i, choice[i] + 1, t, stamp);
      if (m < 0) {
        i--;
        continue;
      }
      const q = this.moveCell;
      choice[i] = m;
      post[i] = q;
      postOwner[q] = i;
      if (i === n - 1) {
        for (let a = 0; a < n; a++) child[a] = post[a] | (done[a] === 1 || choice[a] === FINISH ? DONE_BIT : 0);
        if (this.timed) child[n] = Math.min(childTime, illegal!.horizon);
        let bound = gAcc[n] + hAcc[n];
        if (tree) {
          for (let a = 0; a < n; a++) {
            this.childF[a] = this.parentF[a] + (gAcc[a + 1] - gAcc[a]) + this.agentDist[a][post[a]] - this.agentDist[a][pos[a]];
          }
          bound = this.boundOf(this.childF);
        }
        let bonus = 0;
        if (this.pairing || this.blocking) {
          bonus = this.stateBonus(child, childTime);
          if (gAcc[n] + hAcc[n] + bonus > bound) bound = gAcc[n] + hAcc[n] + bonus;
          if (bound < parentBound) bound = parentBound; // pathmax, as in expandOperator
        }
        if (bound <= query.costLimit && !this.insert(0, id, gAcc[n], hAcc[n], childTime, cAcc[n], bound, bonus, 0)) {
          ok = false;
          break;
        }
        // One expansion of many agents can have millions of children: look at the clock here too.
        if ((this.generated & 4095) === 0) {
          this.stopReason = this.stopRequested();
          if (this.stopReason !== null) {
            ok = false;
            break;
          }
        }
      } else {
        i++;
        choice[i] = -1;
        post[i] = -1;
      }
    }
    // Leave postOwner clean for the next expansion.
    for (let a = 0; a < n; a++) {
      if (post[a] >= 0) postOwner[post[a]] = -1;
      post[a] = -1;
    }
    return ok;
  }

  /** Cell of the move nextStandardMove found. */
  private moveCell = -1;

  /**
   * First legal move m >= from of agent i given the moves of agents 0..i-1, or -1. Sets moveCell
   * and the running g, h and conflict sums for i + 1.
   */
  private nextStandardMove(i: number, from: number, t: number, stamp: number): number {
    const query = this.query!;
    const illegal = query.illegal;
    const avoid = query.avoid;
    const steps = this.setup.steps;
    const neighbour = steps.neighbour;
    const width = steps.width;
    const dirs = steps.directions;
    const p = this.pos[i];
    const dist = this.agentDist[i];
    const post = this.post;
    const preStamp = this.unassignedStamp;
    const preAgent = this.unassignedAgent;
    if (this.done[i] === 1) {
      // A done agent only waits, for free; its cell was kept free when it finished.
      if (from > WAIT || this.postOwner[p] >= 0) return -1;
      this.moveCell = p;
      this.gAcc[i + 1] = this.gAcc[i];
      this.hAcc[i + 1] = this.hAcc[i];
      this.cAcc[i + 1] = this.cAcc[i];
      return WAIT;
    }
    const atGoal = p === this.agentGoal[i];
    const lastMove = this.lastMove;
    for (let m = from; m <= lastMove; m++) {
      if (m >= dirs && m < WAIT) continue;
      if (m === FINISH && !atGoal) return -1;
      const q = m < WAIT ? neighbour[p * 8 + m] : p;
      if (q < 0 || dist[q] < 0 || this.postOwner[q] >= 0) continue; // wall or vertex conflict
      if (q !== p && preStamp[q] === stamp) {
        const o = preAgent[q];
        if (o < i && post[o] === p) continue; // swap
        if (o > i && this.done[o] === 1) continue; // a done agent never leaves
      }
      if (m >= 4 && m < WAIT) {
        const dx = (q % width) - (p % width);
        const c1 = p + dx;
        const c2 = q - dx;
        if (preStamp[c1] === stamp && preAgent[c1] < i && post[preAgent[c1]] === c2) continue; // crossing
        if (preStamp[c2] === stamp && preAgent[c2] < i && post[preAgent[c2]] === c1) continue;
      }
      if (illegal !== null) {
        if (!illegal.isLegal(t, p, q)) continue;
        if (m === FINISH && !illegal.canRest(q, t)) continue;
      }
      // FINISH ('rest') and, under 'away', a wait on the goal cost nothing.
      const g = this.gAcc[i] + (m === FINISH || (atGoal && q === p && lastMove === WAIT) ? 0 : 1);
      const h = this.hAcc[i] + dist[q];
      if (g + h + this.hRest[i + 1] > query.costLimit) continue;
      this.moveCell = q;
      this.gAcc[i + 1] = g;
      this.hAcc[i + 1] = h;
      let conflicts = 0;
      if (avoid !== null) conflicts = m === FINISH ? avoid.visitsAfter(q, t) : avoid.moveConflicts(t, p, q, m);
      this.cAcc[i + 1] = this.cAcc[i] + conflicts;
      return m;
    }
    return -1;
  }

  /** Paths from the standard states on the way to `goalNode`, each cut where its agent rests. */
  private extractPaths(goalNode: number): Int32Array[] {
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
}

