/**
 * A* over the joint states of one group of agents: the standard admissible algorithm and A* with
 * operator decomposition (Standley 2010, "The Standard Admissible Algorithm", "Operator
 * Decomposition", "The Heuristic"), with the cost limit, illegal move table and conflict avoidance
 * table independence detection plans with ("Independent Subproblems"). Optimal in the `away` and
 * `rest` models; beyond the paper, partial expansion and dependency bonuses that keep it optimal.
 * The parts form a chain of classes the inner loop reads directly: jointState.ts, jointNodeStore.ts,
 * jointBounds.ts, jointExpansion.ts and this file (preparing the group and the A* loop). The state
 * encoding, the two cost models and the bonuses: README.md.
 */
import { JointExpansion } from './jointExpansion.ts';
import { pathCost } from '../../mapf/plan.ts';
import { CLOSED, DEFER_SHIFT, EXHAUSTED, HASH, NEXT, NEXT_MASK, POLL_EVERY, WORDS, type GroupQuery, type GroupStatus, type GroupResult } from './jointState.ts';

// The search's public contract, so callers import it from here.
export { CELL_BITS, MAX_CELLS, type GroupQuery, type GroupResult, type GroupStatus, type MergeTree, type SearchMode, type SearchSetup } from './jointState.ts';

export class JointSearch extends JointExpansion {
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
}
