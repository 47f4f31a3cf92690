/**
 * The cooperative controllers' planned windows, recorded during a run so the replay player can
 * show a unit's "current window and reserved cells" (Silver 2005, "Windowed Hierarchical
 * Cooperative A*": each unit reserves the cells of its partial path for the next w turns).
 * More on this in README.md, "planWindows.ts".
 */

export const PLAN_WINDOWS_FORMAT = 'mapf-lab/plan-windows';
export const PLAN_WINDOWS_VERSION = 1;

export interface PlanWindows {
  format: typeof PLAN_WINDOWS_FORMAT;
  version: typeof PLAN_WINDOWS_VERSION;
  /** Agents of the run (agent[k] < agents). */
  agents: number;
  /** The planning window w (0 for full-depth CA* and HCA*). */
  window: number;
  /** Entry k's agent, in the order the controller adopted the plans (t0 never decreases). */
  agent: Int32Array;
  t0: Int32Array;
  /** entries + 1 offsets into cells. */
  offsets: Int32Array;
  /** Anchor cell per planned turn. */
  cells: Int32Array;
  /** Per planned turn, the second cell a slow move also reserves, or -1; null or absent when no plan has one. */
  extra?: Int32Array | null;
}

/** Where a controller reports the plans it adopts (the simulator gives one when asked to record). */
export interface PlanSink {
  /**
   * Agent `agent` now plans to stand on cells[0 .. length) at turns t0, t0 + 1, … ; `extra`, when
   * given, holds the cell a slow move also reserves at each turn (-1: none).
   */
  plan(agent: number, t0: number, cells: Int32Array, length: number, extra?: Int32Array | null): void;
}

/** Collects windows in growable typed arrays: amortised O(path length) per recorded plan. */
export class PlanWindowRecorder implements PlanSink {
  private agentOf = new Int32Array(64);
  private start = new Int32Array(64);
  private offsets = new Int32Array(65);
  private cells = new Int32Array(1024);
  /** Allocated on the first plan with a slow move (then as long as cells, -1 where none). */
  private extras: Int32Array | null = null;
  private count = 0;
  private used = 0;

  constructor(private readonly agents: number, private readonly window: number) {}

  plan(agent: number, t0: number, cells: Int32Array, length: number, extra?: Int32Array | null): void {
    const k = this.count;
    if (k + 1 >= this.agentOf.length) {
      this.agentOf = grow(this.agentOf, k + 2);
      this.start = grow(this.start, k + 2);
      this.offsets = grow(this.offsets, k + 3);
    }
    if (this.used + length > this.cells.length) {
      this.cells = grow(this.cells, this.used + length);
      if (this.extras !== null) this.extras = grow(this.extras, this.cells.length, -1);
    }
    if (extra && this.extras === null && hasExtra(extra, length)) this.extras = new Int32Array(this.cells.length).fill(-1);
    if (this.extras !== null) {
      if (extra) this.extras.set(extra.subarray(0, length), this.used);
      else this.extras.fill(-1, this.used, this.used + length);
    }
    this.agentOf[k] = agent;
    this.start[k] = t0;
    this.offsets[k] = this.used;
    this.cells.set(cells.subarray(0, length), this.used);
    this.used += length;
    this.count = k + 1;
    this.offsets[k + 1] = this.used;
  }

  get entries(): number {
    return this.count;
  }

  finish(): PlanWindows {
    return {
      format: PLAN_WINDOWS_FORMAT,
      version: PLAN_WINDOWS_VERSION,
      agents: this.agents,
      window: this.window,
      agent: this.agentOf.slice(0, this.count),
      t0: this.start.slice(0, this.count),
      offsets: this.offsets.slice(0, this.count + 1),
      cells: this.cells.slice(0, this.used),
      extra: this.extras === null ? null : this.extras.slice(0, this.used),
    };
  }
}

function hasExtra(extra: Int32Array, length: number): boolean {
  for (let k = 0; k < length; k++) if (extra[k] >= 0) return true;
  return false;
}

function grow(array: Int32Array, needed: number, fill = 0): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(Math.max(needed, array.length * 2));
  grown.set(array);
  if (fill !== 0) grown.fill(fill, array.length);
  return grown;
}

/** Throws a TypeError naming what is wrong when `windows` is not a version-1 record this code can read. */
export function checkPlanWindows(windows: PlanWindows, cellCount?: number): void {
  if (windows.format !== PLAN_WINDOWS_FORMAT) throw new TypeError(`not plan windows: format is ${String(windows.format)}, expected ${PLAN_WINDOWS_FORMAT}`);
  if (windows.version !== PLAN_WINDOWS_VERSION) throw new TypeError(`plan windows version ${String(windows.version)} is not supported (expected ${PLAN_WINDOWS_VERSION})`);
  const problem = planWindowsProblem(windows, cellCount);
  if (problem !== null) throw new TypeError(`plan windows: ${problem}`);
}

/** The first inconsistency of the arrays, or null (shared by checkPlanWindows and the protocol schema). */
export function planWindowsProblem(windows: Pick<PlanWindows, 'agents' | 'agent' | 't0' | 'offsets' | 'cells'> & { extra?: Int32Array | null }, cellCount?: number): string | null {
  const { agent, t0, offsets, cells } = windows;
  const extra = windows.extra ?? null;
  if (extra !== null && extra.length !== cells.length) return `extra has ${extra.length} entries, expected one per cell (${cells.length})`;
  const n = agent.length;
  if (t0.length !== n) return `t0 has ${t0.length} entries, agent has ${n}`;
  if (offsets.length !== n + 1) return `offsets has ${offsets.length} entries, expected entries + 1 = ${n + 1}`;
  if (offsets[0] !== 0 || offsets[n] !== cells.length) return `offsets must run from 0 to the ${cells.length} cells`;
  for (let k = 0; k < n; k++) {
    if (agent[k] < 0 || agent[k] >= windows.agents) return `entry ${k}: agent ${agent[k]} is not one of the ${windows.agents} agents`;
    if (t0[k] < 0 || (k > 0 && t0[k] < t0[k - 1])) return `entry ${k}: t0 ${t0[k]} is negative or earlier than the entry before`;
    if (offsets[k + 1] < offsets[k]) return `entry ${k}: offsets out of order`;
  }
  if (cellCount !== undefined) {
    for (let i = 0; i < cells.length; i++) if (cells[i] < 0 || cells[i] >= cellCount) return `cell ${cells[i]} is outside the map`;
    if (extra !== null) for (let i = 0; i < extra.length; i++) if (extra[i] < -1 || extra[i] >= cellCount) return `extra cell ${extra[i]} is outside the map`;
  }
  return null;
}

/** Per agent, its entries in recorded order (CSR: entriesOf[start[a] .. start[a + 1])). Built once per result. */
export interface PlanWindowIndex {
  start: Int32Array;
  entriesOf: Int32Array;
}

export function indexPlanWindows(windows: PlanWindows): PlanWindowIndex {
  const n = windows.agent.length;
  const start = new Int32Array(windows.agents + 1);
  for (let k = 0; k < n; k++) start[windows.agent[k] + 1]++;
  for (let a = 0; a < windows.agents; a++) start[a + 1] += start[a];
  const fill = start.slice(0, windows.agents);
  const entriesOf = new Int32Array(n);
  for (let k = 0; k < n; k++) entriesOf[fill[windows.agent[k]]++] = k;
  return { start, entriesOf };
}

/** The window in force for agent a at turn t: its last entry with t0 <= t, or -1 (binary search). */
export function windowEntryAt(windows: PlanWindows, index: PlanWindowIndex, agent: number, t: number): number {
  if (agent < 0 || agent >= windows.agents) return -1;
  let lo = index.start[agent];
  let hi = index.start[agent + 1];
  // First entry with t0 > t; the one before it is in force (the last of equal t0s wins).
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (windows.t0[index.entriesOf[mid]] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo > index.start[agent] ? index.entriesOf[lo - 1] : -1;
}

export interface ReservedCells {
  /** The turn the window was planned at. */
  plannedAt: number;
  /** The time cells[0] is reserved for: cells[i] is reserved at firstTime + i (>= t). */
  firstTime: number;
  /** Reserved cells in time order (views into the recording); the last is the window's end. */
  cells: Int32Array;
  /** The cell a slow move also reserves at firstTime + i (-1: none), or null when the run has none. */
  extra: Int32Array | null;
}

/** The turn the window's last reserved cell is held at. */
export function windowEnd(reserved: ReservedCells): number {
  return reserved.firstTime + reserved.cells.length - 1;
}

/** Agent a's reserved cells at turn t (its current window from time t on), or null when it has none. */
export function reservedCellsAt(windows: PlanWindows, index: PlanWindowIndex, agent: number, t: number): ReservedCells | null {
  const k = windowEntryAt(windows, index, agent, t);
  if (k < 0) return null;
  const t0 = windows.t0[k];
  const from = windows.offsets[k] + Math.max(0, t - t0);
  const to = windows.offsets[k + 1];
  if (from >= to) return null;
  const cells = windows.cells.subarray(from, to);
  return { plannedAt: t0, firstTime: t0 + (from - windows.offsets[k]), cells, extra: windows.extra ? windows.extra.subarray(from, to) : null };
}
