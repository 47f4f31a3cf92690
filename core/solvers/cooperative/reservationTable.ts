/**
 * The reservation table: Silver 2006, "Reservation Table", "Unit Priorities"
 * and "Reservation Table Revisited"; Silver 2005, "Cooperative A*" ("a sparse
 * data structure ... efficiently implemented as a hash table").
 * More on this in README.md, "reservationTable.ts".
 */

const EMPTY_KEY = -1;
export const NO_AGENT = -1;

export class ReservationTable {
  readonly cells: number;
  /** Entries in the hash (parked cells not counted). */
  size = 0;
  /** Upper bound on every reserved time, parking start times included (never lowered). */
  maxTime = -1;
  /** Per cell: upper bound on the last time it is reserved (never lowered on release). */
  readonly lastTime: Int32Array;
  /** Per cell: the agent parked there, or NO_AGENT. */
  readonly parkedAgent: Int32Array;
  readonly parkedFrom: Int32Array;
  readonly parkedPriority: Float64Array;
  /** Priority of the occupant found by the last `occupant` call that returned an agent. */
  lastPriority = 0;

  private keys: Float64Array;
  private agents: Int32Array;
  private priorities: Float64Array;
  private mask: number;

  constructor(cells: number, capacity = 1024) {
    this.cells = cells;
    let cap = 16;
    while (cap < capacity * 2) cap *= 2;
    this.keys = new Float64Array(cap).fill(EMPTY_KEY);
    this.agents = new Int32Array(cap);
    this.priorities = new Float64Array(cap);
    this.mask = cap - 1;
    this.lastTime = new Int32Array(cells).fill(-1);
    this.parkedAgent = new Int32Array(cells).fill(NO_AGENT);
    this.parkedFrom = new Int32Array(cells);
    this.parkedPriority = new Float64Array(cells);
  }

  /**
   * The agent occupying `cell` at time t (a reservation or a parked unit), or NO_AGENT; sets
   * `lastPriority` to its priority.
   */
  occupant(t: number, cell: number): number {
    // Most cells a search looks at hold no reservation that late: no hash probe for them.
    const slot = t <= this.lastTime[cell] ? this.find(t, cell) : -1;
    if (slot >= 0) {
      this.lastPriority = this.priorities[slot];
      return this.agents[slot];
    }
    const parked = this.parkedAgent[cell];
    if (parked !== NO_AGENT && this.parkedFrom[cell] <= t) {
      this.lastPriority = this.parkedPriority[cell];
      return parked;
    }
    return NO_AGENT;
  }

  /** The agent holding a timed reservation of `cell` at t (parking ignored), or NO_AGENT. */
  reservedBy(t: number, cell: number): number {
    const slot = t <= this.lastTime[cell] ? this.find(t, cell) : -1;
    return slot >= 0 ? this.agents[slot] : NO_AGENT;
  }

  /**
   * Reserves `cell` at time t for `agent`; returns the agent whose reservation was overridden
   * (another agent held it), or NO_AGENT.
   */
  reserve(t: number, cell: number, agent: number, priority: number): number {
    if (t > this.maxTime) this.maxTime = t;
    if (t > this.lastTime[cell]) this.lastTime[cell] = t;
    const keys = this.keys;
    const key = t * this.cells + cell;
    let slot = this.slotOf(t, cell);
    for (;;) {
      const k = keys[slot];
      if (k === key) {
        const previous = this.agents[slot];
        this.agents[slot] = agent;
        this.priorities[slot] = priority;
        return previous === agent ? NO_AGENT : previous;
      }
      if (k === EMPTY_KEY) break;
      slot = (slot + 1) & this.mask;
    }
    keys[slot] = key;
    this.agents[slot] = agent;
    this.priorities[slot] = priority;
    this.size++;
    if (this.size * 2 > keys.length) this.grow();
    return NO_AGENT;
  }

  /** Removes the reservation of `cell` at t if `agent` holds it; returns whether it did. */
  release(t: number, cell: number, agent: number): boolean {
    const slot = this.find(t, cell);
    if (slot < 0 || this.agents[slot] !== agent) return false;
    this.removeSlot(slot);
    return true;
  }

  /**
   * Reserves a 1x1 unit's path: cells[k] at time t0 + k for k < length. Returns how many
   * reservations of other agents it overrode. (Controllers with footprints reserve cell by cell.)
   */
  reservePath(agent: number, priority: number, t0: number, cells: ArrayLike<number>, length = cells.length): number {
    let overridden = 0;
    for (let k = 0; k < length; k++) if (this.reserve(t0 + k, cells[k], agent, priority) !== NO_AGENT) overridden++;
    return overridden;
  }

  /** Releases a path reserved with `reservePath` (entries since taken by others stay). */
  releasePath(agent: number, t0: number, cells: ArrayLike<number>, length = cells.length): void {
    for (let k = 0; k < length; k++) this.release(t0 + k, cells[k], agent);
  }

  /** Removes every reservation and parking of `agent` (a full scan: for rare clean-ups). */
  releaseAgent(agent: number): void {
    let i = 0;
    while (i <= this.mask) {
      if (this.keys[i] !== EMPTY_KEY && this.agents[i] === agent) this.removeSlot(i);
      else i++;
    }
    for (let c = 0; c < this.cells; c++) if (this.parkedAgent[c] === agent) this.parkedAgent[c] = NO_AGENT;
  }

  /** Parks `agent` on `cell` from time t on; returns a different agent parked there before, or NO_AGENT. */
  park(cell: number, t: number, agent: number, priority: number): number {
    const previous = this.parkedAgent[cell];
    this.parkedAgent[cell] = agent;
    this.parkedFrom[cell] = t;
    this.parkedPriority[cell] = priority;
    if (t > this.maxTime) this.maxTime = t;
    return previous === agent ? NO_AGENT : previous;
  }

  /** Removes `agent`'s parking on `cell`, if it is the one parked there. */
  unpark(cell: number, agent: number): void {
    if (this.parkedAgent[cell] === agent) this.parkedAgent[cell] = NO_AGENT;
  }

  /** Forgets every reservation before time t (a full scan; call it once a turn at most). */
  dropBefore(t: number): void {
    if (this.size === 0) return;
    const keys = this.keys;
    const limit = t * this.cells; // keys below this belong to times before t
    let i = 0;
    while (i <= this.mask) {
      const k = keys[i];
      // Backward shift may pull a later entry into slot i: look at slot i again.
      if (k !== EMPTY_KEY && k < limit) this.removeSlot(i);
      else i++;
    }
  }

  /** Removes everything, parking included. */
  clear(): void {
    this.keys.fill(EMPTY_KEY);
    this.size = 0;
    this.parkedAgent.fill(NO_AGENT);
    this.lastTime.fill(-1);
    this.maxTime = -1;
  }

  private slotOf(t: number, cell: number): number {
    let h = Math.imul(cell ^ Math.imul(t, 0x27d4eb2d), 0x9e3779b1);
    h ^= h >>> 15;
    h = Math.imul(h, 0x85ebca77);
    h ^= h >>> 13;
    return h & this.mask;
  }

  private find(t: number, cell: number): number {
    const keys = this.keys;
    const key = t * this.cells + cell;
    let slot = this.slotOf(t, cell);
    for (;;) {
      const k = keys[slot];
      if (k === key) return slot;
      if (k === EMPTY_KEY) return -1;
      slot = (slot + 1) & this.mask;
    }
  }

  /** Backward-shift deletion (Knuth 6.4, Algorithm R): later entries of the cluster move up. */
  private removeSlot(slot: number): void {
    const keys = this.keys;
    const mask = this.mask;
    const cells = this.cells;
    let hole = slot;
    let j = slot;
    for (;;) {
      j = (j + 1) & mask;
      const k = keys[j];
      if (k === EMPTY_KEY) break;
      const t = Math.floor(k / cells);
      const home = this.slotOf(t, k - t * cells);
      // Move j into the hole unless its home lies cyclically in (hole, j].
      const stays = hole <= j ? hole < home && home <= j : hole < home || home <= j;
      if (stays) continue;
      keys[hole] = k;
      this.agents[hole] = this.agents[j];
      this.priorities[hole] = this.priorities[j];
      hole = j;
    }
    keys[hole] = EMPTY_KEY;
    this.size--;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldAgents = this.agents;
    const oldPriorities = this.priorities;
    const capacity = oldKeys.length * 2;
    this.keys = new Float64Array(capacity).fill(EMPTY_KEY);
    this.agents = new Int32Array(capacity);
    this.priorities = new Float64Array(capacity);
    this.mask = capacity - 1;
    const cells = this.cells;
    for (let i = 0; i < oldKeys.length; i++) {
      const k = oldKeys[i];
      if (k === EMPTY_KEY) continue;
      const t = Math.floor(k / cells);
      let slot = this.slotOf(t, k - t * cells);
      while (this.keys[slot] !== EMPTY_KEY) slot = (slot + 1) & this.mask;
      this.keys[slot] = k;
      this.agents[slot] = oldAgents[i];
      this.priorities[slot] = oldPriorities[i];
    }
  }
}
