/**
 * Standley 2010, "The Standard Admissible Algorithm" and
 * "Operator Decomposition" (Figures 3-5), with partial expansion (EPEA*) beyond the seed.
 */
import { JointBounds } from './jointBounds.ts';
import { FINISH, OPPOSITE, WAIT } from '../../search/stepTable.ts';
import { BONUS, BOUND, CELL_MASK, CONFLICTS, DEFER_SHIFT, DONE_BIT, EXHAUSTED, G, H, MASK_SHIFT, MATCHED, NEXT, NEXT_MASK, TIME, WORDS } from './jointState.ts';

/**
 * Expansion of joint states: one operator at a time with operator decomposition (OD, partial
 * expansion), or every agent's move at once in the standard algorithm, with the illegal move
 * and conflict avoidance tables independence detection plans with.
 */
export abstract class JointExpansion extends JointBounds {
  protected expandOperator(id: number): boolean {
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
  protected forbid(k: number, from: number, d: number, to: number, stamp: number): void {
    if (this.unassignedStamp[from] !== stamp) return;
    const j = this.unassignedAgent[from];
    if (j <= k || this.done[j] === 1) return;
    if (this.assignedStamp[to] === stamp || this.agentDist[j][to] < 0) return; // illegal anyway
    if (this.unassignedStamp[to] === stamp && this.done[this.unassignedAgent[to]] === 1) return; // a done agent's cell
    this.childWords[j] |= (1 << d) << MASK_SHIFT;
  }

  /** forbid() for the move from `from` to the diagonal neighbour `to`, if there is such a move. */
  protected forbidMoveBetween(k: number, from: number, to: number, stamp: number): void {
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
  protected expandStandard(id: number): boolean {
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
  protected moveCell = -1;

  /**
   * First legal move m >= from of agent i given the moves of agents 0..i-1, or -1. Sets moveCell
   * and the running g, h and conflict sums for i + 1.
   */
  protected nextStandardMove(i: number, from: number, t: number, stamp: number): number {
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

}
