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
 * Among moving obstacles (issue 12) the live map holds them as walls, the heuristics read the map
 * without them, and cooperativeObstacles.ts says whose plans the repair rule drops.
 *
 * Planning, priorities and overrides stay here together: they share the per-unit plan arrays and
 * call each other inside one pass (a replan overrides, an override triggers a replan). What stands
 * apart lives beside it: the parameters (cooperativeSettings.ts), each unit's RRA* heuristic
 * (unitHeuristics.ts) and the reservation table's footprint operations (footprintReservations.ts).
 *
 * Params (anything else is a RangeError naming the allowed ones):
 * - all: `order` ('given' | 'random' | 'priority' | 'distance', default 'given'), `maxExpansions`
 *   per space-time search (default 2,000,000 full depth, 200,000 windowed), `promotion` (default
 *   true for WHCA*, false for CA* and HCA*, which report a unit without a path instead);
 * - CA* and HCA*: `maxTime`, the latest arrival a search considers, in turns after it starts
 *   (default 4 * (width + height) + 2 * agents);
 * - WHCA*: `window` w (default 16), `replanEvery` (1..w, default w / 2), `rraRestart` (restart a
 *   unit's RRA* once its work exceeds this many times its first search, default 8), `turnBudget`
 *   (search expansions per turn past which replans that can wait, a window replan or a notice of
 *   a change, wait for the next turn while the plan still covers it; 0 = none, the default), `rraBudget`
 *   (RRA* expansions per turn shared by that turn's searches, 0 = unlimited, default 8192).
 */
import type { Grid } from '../../grid/grid.ts';
import { gridDistance, type Movement } from '../../grid/movement.ts';
import type { AgentTask } from '../../mapf/instance.ts';
import { type ControllerCounters, type ControllerOptions, NEVER_INTERRUPTED, type TurnController, type TurnEvent, type WorldView } from '../controller.ts';
import type { PlanSink } from '../planWindows.ts';
import { DEFAULT_OBSTACLE_REPAIR, type ObstacleCounts, type ObstacleMoves, type ObstacleRepair, ObstacleRepairState } from '../obstacleRepair.ts';
import { CooperativeObstacles, WHY_DEVIATED, WHY_EVERY, WHY_FLAGGED, WHY_MAP, WHY_NOTIFIED, WHY_SCHEDULED, WHY_TEXT } from './cooperativeObstacles.ts';
import { ActionRules } from './actionRules.ts';
import { agentOrder } from './agentOrder.ts';
import { computeClearance } from '../../grid/footprint.ts';
import { JointMoveFixer } from './jointMove.ts';
import { FootprintReservations } from './footprintReservations.ts';
import type { OrderPolicy } from './params.ts';
import { readCooperativeSettings, type Variant } from './cooperativeSettings.ts';
import { UnitHeuristics } from './unitHeuristics.ts';
import { UnitPlans } from './unitPlans.ts';
import { ReservationTable } from './reservationTable.ts';
import { SpaceTimeAStar, type SpaceTimeQuery } from './spaceTimeAStar.ts';
import { checkUnits } from './units.ts';

export interface CooperativeInstance {
  grid: Grid;
  movement: Movement;
  agents: readonly AgentTask[];
}

/** Rounds of "replan everyone flagged" per turn before stuck units just hold their cells. */
const MAX_PASSES = 8;
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
  readonly turnBudget: number;
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
  /** Among moving obstacles: the map without them, and its clearance, for the RRA* heuristics. */
  private staticGrid: Grid | null = null;
  private staticClearance: Uint16Array | null = null;
  private repair: ObstacleRepair | null = null;
  private obstacles: CooperativeObstacles | null = null;
  private readonly query: SpaceTimeQuery;
  /** Search expansions this turn (turnBudget), and the turn each unit's replan was last put off. */
  private turnWork = 0;
  private deferredAt = new Int32Array(0);
  /** Rank the next turn's replans start from (turnBudget). */
  private budgetStart = 0;

  private readonly size: Int32Array;
  private readonly speed: Int32Array;
  private readonly goal: Int32Array;
  private readonly basePriority: Float64Array;
  private readonly boost: number;
  private readonly promoted: Uint8Array;
  private readonly why: Uint8Array;
  private readonly failed: Uint8Array;
  private readonly plans: UnitPlans;
  private readonly nextReplan: Int32Array;
  private readonly heuristics: UnitHeuristics;
  private readonly nextExtra: Int32Array;
  private readonly reverted: Uint8Array;
  private agentRank: Int32Array = new Int32Array(0);
  private rankOrder: Int32Array = new Int32Array(0);
  private emitter: ((event: TurnEvent) => void) | null = null;
  private pending: TurnEvent[] = [];
  private lastDrop = 0;
  private interrupted: () => boolean = NEVER_INTERRUPTED;
  private readonly oneCell = new Int32Array(1);

  constructor(instance: CooperativeInstance, options: ControllerOptions, variant: Variant) {
    this.variant = variant;
    const { grid, agents } = instance;
    const settings = readCooperativeSettings(variant, options.params, grid, agents.length);
    this.window = settings.window;
    this.replanEvery = settings.replanEvery;
    this.order = settings.order;
    this.maxTime = settings.maxTime;
    this.maxExpansions = settings.maxExpansions;
    this.rraRestart = settings.rraRestart;
    this.rraBudget = settings.rraBudget;
    this.turnBudget = settings.turnBudget;
    this.promotion = settings.promotion;
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
    this.plans = new UnitPlans(n, variant.windowed ? this.window + 8 : 64, this.size);
    this.nextReplan = new Int32Array(n);
    this.heuristics = new UnitHeuristics(agents, this.size, this.rraRestart, this.rraBudget);
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
    this.plans.attach(this.rules, this.footprints);
    let large = false;
    for (let i = 0; i < n; i++) if (this.size[i] > 1) large = true;
    if (large) {
      this.clearance = computeClearance(grid);
      this.sta.clearance = this.clearance;
    }
    // Among obstacles the heuristics search the map without them: admissible, and not restarted
    // each time an obstacle steps (RRA* restarts when its grid's version changes).
    this.staticGrid = world.staticGrid && world.staticGrid !== grid ? world.staticGrid : null;
    this.staticClearance = this.staticGrid !== null && large ? computeClearance(this.staticGrid) : this.clearance;
    this.heuristics.attach(this.staticGrid ?? grid, world.movement, this.staticClearance);
    this.deferredAt = new Int32Array(n).fill(-1);
    this.obstacles = this.repair === null ? null : new CooperativeObstacles(this.repair, {
      plans: this.plans, why: this.why, failed: this.failed, size: this.size,
      release: (i, from) => this.releasePlan(i, from),
      hold: (i, from, pos) => this.hold(i, from, pos),
    }, grid.width, grid.height);
    this.emitter = null;
    this.interrupted = world.interrupted ?? NEVER_INTERRUPTED;
    const t = world.t;
    // HCA*'s abstract distance is a reverse search per agent: the time limit bounds it too (an
    // interrupted run's order does not matter, it ends before turn 0).
    const distance = (i: number) => this.interrupted() ? 0 :
      this.variant.abstract ? this.heuristics.forUnit(i, this.agents[i].start).distance(this.agents[i].start) : gridDistance(grid, world.movement, this.agents[i].start, this.goal[i]);
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
    this.heuristics.beginTurn();
    this.turnWork = 0;
    // Forget the past every few turns: one scan of the table each time, memory stays bounded.
    if (t - this.lastDrop >= DROP_EVERY) {
      this.table.dropBefore(t);
      this.lastDrop = t;
    }
    for (let i = 0; i < n; i++) {
      if (this.plans.has(i) && this.plans.at(i, t) !== positions[i]) {
        this.releasePlan(i, t);
        this.why[i] = WHY_DEVIATED;
      } else if (!this.plans.has(i) && this.failed[i] === 0 && this.why[i] === 0) {
        this.why[i] = WHY_DEVIATED;
      }
      if (this.variant.windowed && this.why[i] === 0 && (t >= this.nextReplan[i] || this.plans.at(i, t + 1) < 0)) {
        this.why[i] = WHY_SCHEDULED;
      }
    }
    if (this.obstacles !== null) this.obstacles.check(t, positions, this.grid, this.clearance);
    this.replanAll(t, positions);

    const extra = this.nextExtra;
    for (let i = 0; i < n; i++) {
      const cell = this.plans.at(i, t + 1);
      next[i] = cell < 0 ? positions[i] : cell;
      extra[i] = cell < 0 ? -1 : this.plans.extraAt(i, t + 1);
      this.reverted[i] = 0;
    }
    if (this.fixer.fix(positions, next, extra, this.size, this.reverted) > 0) {
      for (let i = 0; i < n; i++) {
        if (this.reverted[i] === 0) continue;
        this.releasePlan(i, t + 1);
        this.failed[i] = 0;
        this.why[i] = WHY_DEVIATED;
        // Its reservations from t + 1 on are gone: the window shrinks to the cell it stands on.
        if (this.plans.sink !== null) {
          this.oneCell[0] = positions[i];
          this.plans.sink.plan(i, t, this.oneCell, 1);
        }
        emit({ kind: 'wait', t, agent: i, cell: positions[i], detail: 'move withheld: it would collide' });
      }
    }
    this.emitter = null;
  }

  mapChanged(world: WorldView, _cells: readonly number[]): void {
    if (this.clearance) computeClearance(this.grid, this.clearance);
    if (this.staticGrid !== null && this.staticClearance !== null && this.staticClearance !== this.clearance) computeClearance(this.staticGrid, this.staticClearance);
    const t = world.t;
    for (let i = 0; i < this.n; i++) {
      if (this.failed[i] === 1) {
        // The change may open a way for an agent that had none.
        this.failed[i] = 0;
        this.releasePlan(i, t);
        this.why[i] = WHY_MAP;
        continue;
      }
      if (this.plans.has(i) && !this.plans.standable(i, t, this.grid, this.clearance)) {
        this.releasePlan(i, t);
        this.why[i] = WHY_MAP;
      }
    }
  }

  setObstacleRepair(repair: ObstacleRepair): void {
    this.repair = repair;
  }

  obstacleCounts(): ObstacleCounts {
    return this.obstacles?.state.counts ?? new ObstacleRepairState(DEFAULT_OBSTACLE_REPAIR, 1, 1, this.n).counts;
  }

  obstaclesMoved(world: WorldView, moves: ObstacleMoves): void {
    if (this.obstacles === null) return;
    if (this.clearance) computeClearance(this.grid, this.clearance);
    this.obstacles.moved(world.t, moves, this.grid, this.clearance);
  }

  recordPlans(sink: PlanSink | null): void {
    this.plans.sink = sink;
  }

  counters(): ControllerCounters {
    const expanded = (this.sta ? this.sta.totalExpanded : 0) + this.heuristics.totalExpanded();
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
    return this.plans.at(i, t);
  }

  private effectivePriority(i: number): number {
    return this.basePriority[i] + this.promoted[i] * this.boost;
  }

  /** Replans every agent with a reason, in rank order, until none is left or the rounds run out. */
  private replanAll(t: number, positions: Int32Array): void {
    const n = this.n;
    // Under a turn budget the scan starts where the last turn's ran out, so the replans put off
    // go first and the backlog does not pile up on the same units until their plans all end.
    const start = this.budgetStart;
    this.budgetStart = 0;
    let startSet = false;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      let any = false;
      for (let k = 0; k < n; k++) {
        const r = k + start < n ? k + start : k + start - n;
        const i = this.rankOrder[r];
        const why = this.why[i];
        if (why === 0) continue;
        // Out of time or cancelled: the rest keep their reasons and wait; the run ends (WorldView.interrupted).
        if (this.interrupted()) return;
        if (this.turnBudget > 0 && this.turnWork > this.turnBudget && this.canWait(i, t, why)) {
          this.deferredAt[i] = t;
          if (!startSet) {
            this.budgetStart = r;
            startSet = true;
          }
          continue;
        }
        this.why[i] = 0;
        any = true;
        this.replan(i, t, positions[i], why);
      }
      if (!any) break;
    }
    if (!this.anyLeft(t)) return;
    // Still flagged after every round: hold the cell for a turn and try again next turn.
    for (let i = 0; i < n; i++) {
      if (this.why[i] === 0 || this.deferredAt[i] === t) continue;
      this.why[i] = 0;
      this.hold(i, t, positions[i]);
    }
  }

  /** Whether a unit still has a reason to replan that was not put off this turn. */
  private anyLeft(t: number): boolean {
    for (let i = 0; i < this.n; i++) if (this.why[i] !== 0 && this.deferredAt[i] !== t) return true;
    return false;
  }

  /**
   * Whether unit i's replan may wait for the next turn (turnBudget): a window replan, a notice of
   * a change or a plan grown old, while its plan covers the next two turns and its next cell is free.
   */
  private canWait(i: number, t: number, why: number): boolean {
    if (why !== WHY_SCHEDULED && why !== WHY_NOTIFIED && why !== WHY_MAP && why !== WHY_EVERY) return false;
    const next = this.plans.at(i, t + 1);
    if (next < 0 || this.plans.at(i, t + 2) < 0) return false;
    return this.obstacles === null || this.obstacles.fits(i, next, this.grid, this.clearance);
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
      this.event({ kind: 'replan', t, agent: i, cell: pos, detail: this.obstacles !== null ? this.obstacles.reasonText(why) : WHY_TEXT[why] });
      return;
    }
    if (this.variant.windowed) {
      this.hold(i, t, pos);
      this.event({ kind: 'wait', t, agent: i, cell: pos, detail: `no ${this.variant.name} path (${outcome}): holding` });
    } else {
      // CA*/HCA*: reported as unplanned; the agent stays where it is for good.
      this.failed[i] = 1;
      this.plans.stand(i, t, pos, 1, this.effectivePriority(i), true);
      this.flagOverridden(i, t);
      this.event({ kind: 'wait', t, agent: i, cell: pos, detail: `no ${this.variant.name} path (${outcome}): stays` });
    }
  }

  private search(i: number, t: number, pos: number): string {
    // A full-depth search to a goal an obstacle holds would search every time to maxTime in vain.
    if (this.obstacles !== null && !this.variant.windowed && !this.obstacles.fits(i, this.goal[i], this.grid, this.clearance)) return 'goal held by an obstacle';
    const q = this.query;
    q.agent = i;
    q.priority = this.effectivePriority(i);
    q.start = pos;
    q.t0 = t;
    q.goal = this.goal[i];
    q.size = this.size[i];
    q.speed = this.speed[i];
    q.rra = this.variant.abstract ? this.heuristics.forUnit(i, pos) : null;
    q.rraBudget = this.heuristics.searchBudget();
    this.obstacles?.beforeSearch(i, t, this.table);
    const outcome = this.sta.search(q);
    this.obstacles?.afterSearch(i, this.table);
    this.turnWork += this.sta.expanded + this.sta.rraUsed;
    this.heuristics.spend(this.sta.rraUsed);
    return outcome;
  }

  /** Adopts the search result as the agent's plan; the units it overrode replan. */
  private adoptPath(i: number, t: number): void {
    const sta = this.sta;
    this.plans.adopt(i, t, sta.pathCells, sta.pathExtra, sta.pathLength, this.effectivePriority(i), !this.variant.windowed);
    this.obstacles?.planned(i, t, sta.pathLength);
    this.failed[i] = 0;
    this.flagOverridden(i, t);
  }

  /** Holds the current cell for one turn, overriding whoever reserved it (they replan). */
  private hold(i: number, t: number, pos: number): void {
    this.releasePlan(i, t);
    this.plans.stand(i, t, pos, 2, this.effectivePriority(i), false);
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

  private releasePlan(i: number, from: number): void {
    this.plans.release(i, from);
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
