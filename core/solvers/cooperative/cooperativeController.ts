/**
 * CA*, HCA* and WHCA* as turn controllers: seed 001_4060c03700a77bfa.txt, "Cooperative A*",
 * "Hierarchical Cooperative A*", "Windowed Hierarchical Cooperative A*"; seed
 * 000_6068e232b11d7a4e.txt, "The Game Must Go On" (fixed-depth search, replanning half-way,
 * interleaving about 2n/d searches a turn), "Resuming Backwards Search" (one RRA* per unit, aimed
 * at its original position, restarted when its work grows too large) and "Unit Priorities"
 * (override, flag, promotion when stuck).
 *
 * CA* and HCA* plan every agent to the end in `init`, in the order policy's order, and then
 * replay; an agent that arrives is parked on its goal for good. WHCA* plans a window of w turns
 * per agent, replans each agent every `replanEvery` turns on a staggered schedule (so the agent
 * replanning at turn t is the first to reserve time t + w: the pecking order rotates), and
 * agents keep planning after they arrive, so they step aside.
 *
 * Every agent's plan is in the reservation table. An agent replans when its turn comes, when a
 * higher-priority agent overrode it (flagged), when it is not where its plan said (a move the
 * simulator refused) or when a map change crossed its plan. An agent that finds no plan is
 * promoted above every unpromoted unit and searches again; if it still finds none it stays put
 * and the units it blocks replan. A final footprint check (jointMove.ts) guards the joint move.
 *
 * Why one file of ~560 lines: planning, priorities and overrides share the per-unit plan arrays
 * and are called from inside each other's loops (a replan overrides, an override triggers a
 * replan in the same pass); the reservation table's footprint operations, the one concern that
 * stands apart, live in footprintReservations.ts.
 *
 * Params (anything else is a RangeError naming the allowed ones):
 * - all: `order` ('given' | 'random' | 'priority' | 'distance', default 'given'), `maxExpansions`
 *   per space-time search (default 2,000,000 full depth, 200,000 windowed), `promotion` (default
 *   true for WHCA*, false for CA* and HCA*, which report a unit without a path instead);
 * - CA* and HCA*: `maxTime`, the latest arrival a search considers, in turns after it starts
 *   (default 4 * (width + height) + 2 * agents);
 * - WHCA*: `window` w (default 16), `replanEvery` (1..w, default w / 2), `rraRestart` (restart a
 *   unit's RRA* once its work exceeds this many times its first search, default 8), `rraBudget`
 *   (RRA* expansions per turn shared by that turn's searches, 0 = unlimited, default 8192).
 */
import type { Grid } from '../../grid/grid.ts';
import { gridDistance, type Movement } from '../../grid/movement.ts';
import type { AgentTask } from '../../mapf/instance.ts';
import { ReverseResumableAStar } from '../../search/reverseResumableAStar.ts';
import { type ControllerCounters, type ControllerOptions, NEVER_INTERRUPTED, type TurnController, type TurnEvent, type WorldView } from '../controller.ts';
import type { PlanSink } from '../planWindows.ts';
import { ActionRules } from './actionRules.ts';
import { agentOrder } from './agentOrder.ts';
import { computeClearance } from '../../grid/footprint.ts';
import { JointMoveFixer } from './jointMove.ts';
import { FootprintReservations } from './footprintReservations.ts';
import { ParamReader, type OrderPolicy } from './params.ts';
import { ReservationTable } from './reservationTable.ts';
import { SpaceTimeAStar, type SpaceTimeQuery } from './spaceTimeAStar.ts';
import { checkUnits } from './units.ts';

export interface CooperativeInstance {
  grid: Grid;
  movement: Movement;
  agents: readonly AgentTask[];
}

interface Variant {
  name: 'CA*' | 'HCA*' | 'WHCA*';
  windowed: boolean;
  /** RRA* abstract distance as heuristic (HCA*, WHCA*) instead of Manhattan / Chebyshev. */
  abstract: boolean;
}

const WHY_SCHEDULED = 1;
const WHY_FLAGGED = 2;
const WHY_DEVIATED = 3;
const WHY_MAP = 4;
const WHY_TEXT = ['', 'window', 'overridden', 'off plan', 'map change'];
/** Rounds of "replan everyone flagged" per turn before stuck units just hold their cells. */
const MAX_PASSES = 8;
/** RRA* expansions any one search may spend even when the turn's budget is used up. */
const RRA_FLOOR = 256;
/** Turns between sweeps of past reservations out of the table. */
const DROP_EVERY = 8;

export class CooperativeController implements TurnController {
  readonly variant: Variant;
  readonly window: number;
  readonly replanEvery: number;
  readonly order: OrderPolicy;
  readonly maxTime: number;
  readonly maxExpansions: number;
  readonly rraRestart: number;
  readonly promotion: boolean;
  readonly rraBudget: number;
  private readonly seed: number;
  private readonly agents: readonly AgentTask[];
  private readonly n: number;

  private grid!: Grid;
  private table!: ReservationTable;
  private rules!: ActionRules;
  private sta!: SpaceTimeAStar;
  private fixer!: JointMoveFixer;
  private footprints!: FootprintReservations;
  private clearance: Uint16Array | null = null;
  private readonly query: SpaceTimeQuery;

  private readonly size: Int32Array;
  private readonly speed: Int32Array;
  private readonly goal: Int32Array;
  private readonly basePriority: Float64Array;
  private readonly boost: number;
  private readonly promoted: Uint8Array;
  private readonly why: Uint8Array;
  private readonly failed: Uint8Array;
  private readonly parkedAt: Int32Array;
  private readonly planT0: Int32Array;
  private readonly planLen: Int32Array;
  private readonly planCells: Int32Array[];
  private readonly planExtra: Int32Array[];
  private readonly nextReplan: Int32Array;
  private readonly rra: (ReverseResumableAStar | null)[];
  private readonly rraBase: Int32Array;
  private readonly rraBasePending: Uint8Array;
  private readonly nextExtra: Int32Array;
  private readonly reverted: Uint8Array;
  private agentRank: Int32Array = new Int32Array(0);
  private rankOrder: Int32Array = new Int32Array(0);
  private emitter: ((event: TurnEvent) => void) | null = null;
  private pending: TurnEvent[] = [];
  private lastDrop = 0;
  /** RRA* expansions left this turn (Infinity in init and without a budget). */
  private rraLeft = Infinity;
  /** Where adopted plans are reported when the run records its windows (null: not recorded). */
  private planSink: PlanSink | null = null;
  private interrupted: () => boolean = NEVER_INTERRUPTED;
  private readonly oneCell = new Int32Array(1);

  constructor(instance: CooperativeInstance, options: ControllerOptions, variant: Variant) {
    this.variant = variant;
    const allowed = variant.windowed
      ? ['window', 'replanEvery', 'order', 'maxExpansions', 'rraRestart', 'rraBudget', 'promotion']
      : ['order', 'maxTime', 'maxExpansions', 'promotion'];
    const params = new ParamReader(variant.name, options.params, allowed);
    this.window = variant.windowed ? params.integer('window', 16, 1, 1 << 16) : 0;
    this.replanEvery = variant.windowed ? params.integer('replanEvery', Math.max(1, this.window >> 1), 1, this.window) : 0;
    this.order = params.order();
    const { grid, agents } = instance;
    this.maxTime = variant.windowed ? 0 : params.integer('maxTime', 4 * (grid.width + grid.height) + 2 * agents.length, 1);
    this.maxExpansions = params.integer('maxExpansions', variant.windowed ? 200_000 : 2_000_000, 1);
    this.rraRestart = variant.windowed ? params.number('rraRestart', 8, 1) : 8;
    // RRA* work per turn, shared by the turn's searches (0 = no limit). The default is about a
    // millisecond or two of backwards search; a 32x32 map never needs as much.
    this.rraBudget = variant.windowed ? params.integer('rraBudget', 8192, 0) : 0;
    // Promotion belongs to the ongoing system of seed 000; CA* and HCA* as seed 001 defines them
    // plan each unit once, so by default they report a unit without a path instead.
    this.promotion = params.boolean('promotion', variant.windowed);
    this.seed = options.seed;
    this.agents = agents;
    const n = (this.n = agents.length);
    checkUnits(variant.name, grid, agents);

    this.size = Int32Array.from(agents, (a) => a.size ?? 1);
    this.speed = Int32Array.from(agents, (a) => a.speed ?? 1);
    this.goal = Int32Array.from(agents, (a) => a.goal);
    this.basePriority = Float64Array.from(agents, (a) => a.priority ?? 0);
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < n; i++) {
      lo = Math.min(lo, this.basePriority[i]);
      hi = Math.max(hi, this.basePriority[i]);
    }
    this.boost = hi - lo + 1;
    this.promoted = new Uint8Array(n);
    this.why = new Uint8Array(n);
    this.failed = new Uint8Array(n);
    this.parkedAt = new Int32Array(n).fill(-1);
    this.planT0 = new Int32Array(n);
    this.planLen = new Int32Array(n);
    this.planCells = Array.from({ length: n }, () => new Int32Array(variant.windowed ? this.window + 8 : 64));
    this.planExtra = Array.from({ length: n }, () => new Int32Array(variant.windowed ? this.window + 8 : 64));
    this.nextReplan = new Int32Array(n);
    this.rra = new Array<ReverseResumableAStar | null>(n).fill(null);
    this.rraBase = new Int32Array(n);
    this.rraBasePending = new Uint8Array(n);
    this.nextExtra = new Int32Array(n).fill(-1);
    this.reverted = new Uint8Array(n);
    this.query = { agent: 0, priority: 0, start: 0, t0: 0, goal: 0, size: 1, speed: 1, window: this.window, maxDepth: this.maxTime, maxExpansions: this.maxExpansions, rra: null, rraBudget: Infinity };
  }

  init(world: WorldView): void {
    const grid = (this.grid = world.grid);
    const n = this.n;
    this.table = new ReservationTable(grid.cells, Math.max(1024, n * (this.window + 2) * 2));
    this.rules = new ActionRules(this.table, grid, world.movement, n);
    this.sta = new SpaceTimeAStar(grid, world.movement, this.table, this.rules);
    this.fixer = new JointMoveFixer(grid.width, grid.cells);
    this.footprints = new FootprintReservations(this.table, this.rules, grid.width, this.size);
    let large = false;
    for (let i = 0; i < n; i++) if (this.size[i] > 1) large = true;
    if (large) {
      this.clearance = computeClearance(grid);
      this.sta.clearance = this.clearance;
    }
    this.emitter = null;
    this.interrupted = world.interrupted ?? NEVER_INTERRUPTED;
    const t = world.t;
    // HCA*'s abstract distance is a reverse search per agent: the time limit bounds it too (an
    // interrupted run's order does not matter, it ends before turn 0).
    const distance = (i: number) => this.interrupted() ? 0 :
      this.variant.abstract ? this.rraFor(i, this.agents[i].start).distance(this.agents[i].start) : gridDistance(grid, world.movement, this.agents[i].start, this.goal[i]);
    this.rankOrder = agentOrder(this.order, this.agents, this.seed, distance);
    this.agentRank = new Int32Array(n);
    for (let r = 0; r < n; r++) this.agentRank[this.rankOrder[r]] = r;
    for (let i = 0; i < n; i++) this.why[i] = WHY_SCHEDULED;
    this.replanAll(t, world.positions);
    // Staggered windows: about n / replanEvery = 2n / w agents replan each turn (seed 000,
    // "Interleaving Searches"), so the first to reserve each new time step rotates.
    // Ranks spread evenly over the replanEvery turns, so even two agents are half a cycle apart.
    if (this.variant.windowed) for (let i = 0; i < n; i++) this.nextReplan[i] = t + 1 + Math.floor((this.agentRank[i] * this.replanEvery) / n);
  }

  step(world: WorldView, next: Int32Array, emit: (event: TurnEvent) => void): void {
    this.emitter = emit;
    this.interrupted = world.interrupted ?? NEVER_INTERRUPTED;
    for (const event of this.pending) emit(event);
    this.pending = [];
    const t = world.t;
    const positions = world.positions;
    const n = this.n;
    this.rraLeft = this.rraBudget > 0 ? this.rraBudget : Infinity;
    // Forget the past every few turns: one scan of the table each time, memory stays bounded.
    if (t - this.lastDrop >= DROP_EVERY) {
      this.table.dropBefore(t);
      this.lastDrop = t;
    }
    for (let i = 0; i < n; i++) {
      if (this.planLen[i] > 0 && this.plannedAt(i, t) !== positions[i]) {
        this.releasePlan(i, t);
        this.why[i] = WHY_DEVIATED;
      } else if (this.planLen[i] === 0 && this.failed[i] === 0 && this.why[i] === 0) {
        this.why[i] = WHY_DEVIATED;
      }
      if (this.variant.windowed && this.why[i] === 0 && (t >= this.nextReplan[i] || this.plannedAt(i, t + 1) < 0)) {
        this.why[i] = WHY_SCHEDULED;
      }
    }
    this.replanAll(t, positions);

    const extra = this.nextExtra;
    for (let i = 0; i < n; i++) {
      const cell = this.plannedAt(i, t + 1);
      next[i] = cell < 0 ? positions[i] : cell;
      extra[i] = cell < 0 ? -1 : this.extraAt(i, t + 1);
      this.reverted[i] = 0;
    }
    if (this.fixer.fix(positions, next, extra, this.size, this.reverted) > 0) {
      for (let i = 0; i < n; i++) {
        if (this.reverted[i] === 0) continue;
        this.releasePlan(i, t + 1);
        this.failed[i] = 0;
        this.why[i] = WHY_DEVIATED;
        // Its reservations from t + 1 on are gone: the window shrinks to the cell it stands on.
        if (this.planSink !== null) {
          this.oneCell[0] = positions[i];
          this.planSink.plan(i, t, this.oneCell, 1);
        }
        emit({ kind: 'wait', t, agent: i, cell: positions[i], detail: 'move withheld: it would collide' });
      }
    }
    this.emitter = null;
  }

  mapChanged(world: WorldView, _cells: readonly number[]): void {
    if (this.clearance) computeClearance(this.grid, this.clearance);
    const t = world.t;
    for (let i = 0; i < this.n; i++) {
      if (this.failed[i] === 1) {
        // The change may open a way for an agent that had none.
        this.failed[i] = 0;
        this.releasePlan(i, t);
        this.why[i] = WHY_MAP;
        continue;
      }
      if (this.planLen[i] > 0 && !this.planStandable(i, t)) {
        this.releasePlan(i, t);
        this.why[i] = WHY_MAP;
      }
    }
  }

  recordPlans(sink: PlanSink | null): void {
    this.planSink = sink;
  }

  counters(): ControllerCounters {
    let expanded = this.sta ? this.sta.totalExpanded : 0;
    for (let i = 0; i < this.n; i++) {
      const r = this.rra[i];
      if (r !== null) expanded += r.totalExpanded;
    }
    return { expanded, reservations: this.table ? this.table.size : 0 };
  }

  /** Agents that CA* or HCA* found no path for (they hold their cells), in instance order. */
  unplannedAgents(): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.n; i++) if (this.failed[i] === 1) out.push(i);
    return out;
  }

  /** The agent's planned cell at time t, or -1 when its plan does not reach that far. */
  plannedAt(i: number, t: number): number {
    const len = this.planLen[i];
    if (len === 0) return -1;
    const k = t - this.planT0[i];
    if (k < 0) return -1;
    if (k < len) return this.planCells[i][k];
    return this.parkedAt[i] >= 0 ? this.parkedAt[i] : -1;
  }

  private extraAt(i: number, t: number): number {
    const k = t - this.planT0[i];
    return k >= 0 && k < this.planLen[i] ? this.planExtra[i][k] : -1;
  }

  private effectivePriority(i: number): number {
    return this.basePriority[i] + this.promoted[i] * this.boost;
  }

  /** Replans every agent with a reason, in rank order, until none is left or the rounds run out. */
  private replanAll(t: number, positions: Int32Array): void {
    const n = this.n;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      let any = false;
      for (let r = 0; r < n; r++) {
        const i = this.rankOrder[r];
        const why = this.why[i];
        if (why === 0) continue;
        // Out of time or cancelled: the rest keep their reasons and wait; the run ends (WorldView.interrupted).
        if (this.interrupted()) return;
        this.why[i] = 0;
        any = true;
        this.replan(i, t, positions[i], why);
      }
      if (!any) return;
    }
    // Still flagged after every round: hold the cell for a turn and try again next turn.
    for (let i = 0; i < n; i++) {
      if (this.why[i] === 0) continue;
      this.why[i] = 0;
      this.hold(i, t, positions[i]);
    }
  }

  private replan(i: number, t: number, pos: number, why: number): void {
    this.releasePlan(i, t);
    if (why === WHY_SCHEDULED && this.promoted[i] === 1) this.promoted[i] = 0;
    let outcome = this.search(i, t, pos);
    if (outcome !== 'found' && outcome !== 'unreachable' && this.promotion && this.promoted[i] === 0) {
      // Seed 000, "Unit Priorities": a unit with no legal path is promoted and tries again.
      this.promoted[i] = 1;
      this.event({ kind: 'promotion', t, agent: i, cell: pos, detail: `no ${this.variant.name} path (${outcome})` });
      outcome = this.search(i, t, pos);
    }
    if (this.variant.windowed && why === WHY_SCHEDULED) this.nextReplan[i] = t + this.replanEvery;
    if (outcome === 'found') {
      this.adoptPath(i, t);
      this.event({ kind: 'replan', t, agent: i, cell: pos, detail: WHY_TEXT[why] });
      return;
    }
    if (this.variant.windowed) {
      this.hold(i, t, pos);
      this.event({ kind: 'wait', t, agent: i, cell: pos, detail: `no ${this.variant.name} path (${outcome}): holding` });
    } else {
      // CA*/HCA*: reported as unplanned; the agent stays where it is for good.
      this.failed[i] = 1;
      this.planT0[i] = t;
      this.planCells[i][0] = pos;
      this.planExtra[i][0] = -1;
      this.planLen[i] = 1;
      this.parkedAt[i] = pos;
      if (this.planSink !== null) this.planSink.plan(i, t, this.planCells[i], 1);
      this.rules.overriddenCount = 0;
      this.footprints.reserve(i, t, pos, this.effectivePriority(i));
      this.footprints.park(i, t, pos, this.effectivePriority(i));
      this.flagOverridden(i, t);
      this.event({ kind: 'wait', t, agent: i, cell: pos, detail: `no ${this.variant.name} path (${outcome}): stays` });
    }
  }

  private search(i: number, t: number, pos: number): string {
    const q = this.query;
    q.agent = i;
    q.priority = this.effectivePriority(i);
    q.start = pos;
    q.t0 = t;
    q.goal = this.goal[i];
    q.size = this.size[i];
    q.speed = this.speed[i];
    q.rra = this.variant.abstract ? this.rraFor(i, pos) : null;
    // Every search gets a floor, so the last agents of a busy turn still look ahead a little.
    q.rraBudget = this.rraLeft === Infinity ? Infinity : Math.max(RRA_FLOOR, this.rraLeft);
    const outcome = this.sta.search(q);
    if (this.rraLeft !== Infinity) this.rraLeft = Math.max(0, this.rraLeft - this.sta.rraUsed);
    return outcome;
  }

  /**
   * The agent's RRA*, created or restarted as needed: aimed at its original position while its
   * work stays within `rraRestart` times the first search's, else restarted from `pos` (seed
   * 000, "Resuming Backwards Search"); restarted too after the map changed.
   */
  private rraFor(i: number, pos: number): ReverseResumableAStar {
    let r = this.rra[i];
    if (r === null) {
      r = new ReverseResumableAStar(this.grid, this.sta.movement, { size: this.size[i], clearance: this.clearance });
      this.rra[i] = r;
      r.reset(this.agents[i].start, this.goal[i]);
      this.rraBase[i] = Math.max(64, r.expanded);
    } else if (r.gridVersion !== this.grid.version) {
      this.restartRra(i, pos, 64);
    } else if (this.rraBasePending[i] === 1) {
      // A deferred restart: its first search (the last replan) sets the work bound.
      this.rraBasePending[i] = 0;
      this.rraBase[i] = Math.max(this.rraBase[i], r.expanded);
    } else if (r.expanded > this.rraRestart * this.rraBase[i]) {
      // The bound at least doubles with each restart: on open ground every cell of the rectangle
      // between goal and origin ties on f, so a restart may not help, and doubling keeps the total
      // within a constant factor of the work a never-restarted search would do.
      this.restartRra(i, pos, 2 * this.rraBase[i]);
    } else if (r.isClosed(pos) && r.isClosed(r.origin) && 2 * r.distance(pos) < r.distance(r.origin)) {
      // Past half-way: the contours around the original route now mostly cover ground the unit
      // has left behind, and a detour would resume them all; a search aimed at where the unit
      // is costs at most what is left of the route. Restarts halve the route, so they add up to
      // about one initial search.
      this.restartRra(i, pos, 64);
    }
    return r;
  }

  /**
   * Restarts agent i's RRA* aimed at `pos`. Inside a turn with a budget the first expansions
   * wait for the search's own queries (so the budget covers them); the new work bound is set
   * from `base` and, once known, what the restart itself cost is not counted against it.
   */
  private restartRra(i: number, pos: number, base: number): void {
    const r = this.rra[i]!;
    const deferred = this.rraLeft !== Infinity;
    r.reset(pos, this.goal[i], !deferred);
    this.rraBase[i] = Math.max(base, deferred ? 0 : r.expanded);
    this.rraBasePending[i] = deferred ? 1 : 0;
  }

  /** Copies the search result into the agent's plan and reserves it. */
  private adoptPath(i: number, t: number): void {
    const sta = this.sta;
    const len = sta.pathLength;
    if (this.planCells[i].length < len) {
      this.planCells[i] = new Int32Array(len * 2);
      this.planExtra[i] = new Int32Array(len * 2);
    }
    this.planCells[i].set(sta.pathCells.subarray(0, len));
    this.planExtra[i].set(sta.pathExtra.subarray(0, len));
    this.planT0[i] = t;
    this.planLen[i] = len;
    this.failed[i] = 0;
    if (this.planSink !== null) this.planSink.plan(i, t, this.planCells[i], len, this.planExtra[i]);

    const rules = this.rules;
    const cells = this.planCells[i];
    const extra = this.planExtra[i];
    const priority = this.effectivePriority(i);
    const size = this.size[i];
    rules.overriddenCount = 0;
    for (let k = 0; k + 1 < len; k++) {
      rules.check(i, priority, size, t + k, cells[k], cells[k + 1], 1, true);
      if (extra[k + 1] >= 0) rules.check(i, priority, size, t + k, extra[k + 1], extra[k + 1], 1, true);
    }
    for (let k = 0; k < len; k++) {
      this.footprints.reserve(i, t + k, cells[k], priority);
      if (extra[k] >= 0) this.footprints.reserve(i, t + k, extra[k], priority);
    }
    if (!this.variant.windowed) {
      const arrival = t + len - 1;
      this.parkedAt[i] = cells[len - 1];
      this.footprints.collectGoalHolders(i, arrival, cells[len - 1]);
      this.footprints.park(i, arrival, cells[len - 1], priority);
    }
    this.flagOverridden(i, t);
  }

  /** Holds the current cell for one turn, overriding whoever reserved it (they replan). */
  private hold(i: number, t: number, pos: number): void {
    this.releasePlan(i, t);
    this.planT0[i] = t;
    this.planCells[i][0] = pos;
    this.planCells[i][1] = pos;
    this.planExtra[i][0] = -1;
    this.planExtra[i][1] = -1;
    this.planLen[i] = 2;
    if (this.planSink !== null) this.planSink.plan(i, t, this.planCells[i], 2);
    this.rules.overriddenCount = 0;
    this.footprints.reserve(i, t, pos, this.effectivePriority(i));
    this.footprints.reserve(i, t + 1, pos, this.effectivePriority(i));
    this.flagOverridden(i, t);
  }

  /** The overridden units drop their plans and replan (seed 000: they are flagged). */
  private flagOverridden(i: number, t: number): void {
    const rules = this.rules;
    const count = rules.overriddenCount;
    rules.overriddenCount = 0;
    for (let k = 0; k < count; k++) {
      const x = rules.overridden[k];
      if (x === i) continue;
      this.releasePlan(x, t);
      this.failed[x] = 0;
      this.why[x] = WHY_FLAGGED;
      this.event({ kind: 'priority-override', t, agent: i, others: [x] });
    }
  }

  /** Releases the agent's reservations from time `from` on, and its parking. */
  private releasePlan(i: number, from: number): void {
    const len = this.planLen[i];
    if (len === 0) return;
    const t0 = this.planT0[i];
    const cells = this.planCells[i];
    const extra = this.planExtra[i];
    for (let k = Math.max(0, from - t0); k < len; k++) {
      this.footprints.release(i, t0 + k, cells[k]);
      if (extra[k] >= 0) this.footprints.release(i, t0 + k, extra[k]);
    }
    const parked = this.parkedAt[i];
    if (parked >= 0) {
      this.footprints.unpark(i, parked);
      this.parkedAt[i] = -1;
    }
    this.planLen[i] = 0;
  }

  /** Are all the plan's squares from time t on still standable after a map change? */
  private planStandable(i: number, t: number): boolean {
    const size = this.size[i];
    const stand: Uint8Array | Uint16Array = size === 1 ? this.grid.passable : this.clearance!;
    const t0 = this.planT0[i];
    const cells = this.planCells[i];
    const extra = this.planExtra[i];
    for (let k = Math.max(0, t - t0); k < this.planLen[i]; k++) {
      if (stand[cells[k]] < size) return false;
      if (extra[k] >= 0 && stand[extra[k]] < size) return false;
    }
    return true;
  }

  private event(event: TurnEvent): void {
    if (this.emitter !== null) this.emitter(event);
    else if (this.pending.length < 10_000) this.pending.push(event);
  }
}

/** CA*: full-depth space-time A* with the Manhattan (4) / Chebyshev (8) heuristic. */
export function createCaController(instance: CooperativeInstance, options: ControllerOptions): CooperativeController {
  return new CooperativeController(instance, options, { name: 'CA*', windowed: false, abstract: false });
}

/** HCA*: full-depth space-time A* with the RRA* true-distance heuristic. */
export function createHcaController(instance: CooperativeInstance, options: ControllerOptions): CooperativeController {
  return new CooperativeController(instance, options, { name: 'HCA*', windowed: false, abstract: true });
}

/** WHCA*(w): windowed, staggered, cooperating after arrival. */
export function createWhcaController(instance: CooperativeInstance, options: ControllerOptions): CooperativeController {
  return new CooperativeController(instance, options, { name: 'WHCA*', windowed: true, abstract: true });
}
