/**
 * The planning half of CA*, HCA* and WHCA* (cooperativeController.ts is the turn-controller half):
 * the per-unit state both share, and how units replan in a turn: in rank order (a frame budget
 * putting off the replans that can wait), each search against the reservation table with the
 * unit's RRA* heuristic, promotion when a unit finds no path, and the overrides a plan causes
 * (Silver 2006, "Unit Priorities"; Silver 2005). The two
 * halves are one class chain, so the planning loops read the fields directly.
 */
import type { Grid } from '../../grid/grid.ts';
import type { Movement } from '../../grid/movement.ts';
import type { AgentTask } from '../../mapf/instance.ts';
import { type ControllerOptions, NEVER_INTERRUPTED, type StreamExitView, type TurnEvent } from '../../contract/controller.ts';
import type { ObstacleRepair } from '../../contract/obstacleRepair.ts';
import { type CooperativeObstacles, WHY_EVERY, WHY_FLAGGED, WHY_MAP, WHY_NOTIFIED, WHY_SCHEDULED, WHY_TEXT } from './cooperativeObstacles.ts';
import type { ActionRules } from './actionRules.ts';
import type { JointMoveFixer } from './jointMove.ts';
import type { FootprintReservations } from './footprintReservations.ts';
import type { OrderPolicy } from './params.ts';
import { readCooperativeSettings, type Variant } from './cooperativeSettings.ts';
import { UnitHeuristics } from './unitHeuristics.ts';
import { UnitPlans } from './unitPlans.ts';
import type { ReservationTable } from './reservationTable.ts';
import type { SpaceTimeAStar, SpaceTimeQuery } from './spaceTimeAStar.ts';
import { checkUnits } from './units.ts';

export interface CooperativeInstance {
  grid: Grid;
  movement: Movement;
  agents: readonly AgentTask[];
}

/** Rounds of "replan everyone flagged" per turn before stuck units just hold their cells. */
const MAX_PASSES = 8;

/**
 * Priorities are (base priority + promotion) * PROGRESS_SPAN + progress: a unit's progress (see
 * `progressPriority`) orders units of one base priority and never outranks a higher one.
 */
const PROGRESS_SPAN = 1 << 20;

export abstract class CooperativePlanning {
  readonly variant: Variant;
  /** WHCA*'s window and replan period: they grow when the units stop making progress (cooperativeController.ts). */
  window: number;
  replanEvery: number;
  readonly order: OrderPolicy;
  readonly maxTime: number;
  readonly maxExpansions: number;
  readonly rraRestart: number;
  readonly promotion: boolean;
  readonly rraBudget: number;
  readonly turnBudget: number;
  readonly progressPriority: boolean | 'streams';
  readonly stallTurns: number;
  protected readonly seed: number;
  protected agents: readonly AgentTask[];
  protected n: number;

  protected grid!: Grid;
  protected table!: ReservationTable;
  protected rules!: ActionRules;
  protected sta!: SpaceTimeAStar;
  protected fixer!: JointMoveFixer;
  protected footprints!: FootprintReservations;
  protected clearance: Uint16Array | null = null;
  /** Among moving obstacles: the map without them, and its clearance, for the RRA* heuristics. */
  protected staticGrid: Grid | null = null;
  protected staticClearance: Uint16Array | null = null;
  protected repair: ObstacleRepair | null = null;
  protected obstacles: CooperativeObstacles | null = null;
  protected readonly query: SpaceTimeQuery;
  /** Search expansions this turn (turnBudget), and the turn each unit's replan was last put off. */
  protected turnWork = 0;
  protected deferredAt = new Int32Array(0);
  /** Rank the next turn's replans start from (turnBudget). */
  protected budgetStart = 0;

  protected size: Int32Array;
  protected speed: Int32Array;
  protected goal: Int32Array;
  protected basePriority: Float64Array;
  protected boost: number;
  protected promoted: Uint8Array;
  /**
   * Per unit, the progress its current plan was reserved at (0, or PROGRESS_SPAN - 1 - its
   * distance to go when it searched again by progress: `progressPriority`).
   */
  protected progress: Float64Array;
  /** Set once units come and go (unitsChanged): the stream rules apply. */
  protected streaming = false;
  protected why: Uint8Array;
  protected failed: Uint8Array;
  protected readonly plans: UnitPlans;
  /** Units that left the map (a stream's exit): they neither plan nor hold reservations. */
  protected gone: Uint8Array;
  /**
   * A stream's exits (WorldView.exits), null without a stream: a unit heading for an exit leaves
   * the map on the turn it arrives, so its plan ends there and reserves nothing after it.
   */
  protected exits: StreamExitView | null = null;
  protected nextReplan: Int32Array;
  protected readonly heuristics: UnitHeuristics;
  protected nextExtra: Int32Array;
  protected reverted: Uint8Array;
  protected agentRank: Int32Array = new Int32Array(0);
  protected rankOrder: Int32Array = new Int32Array(0);
  /** Units in rankOrder: every unit in a batch; in a stream those on the map. */
  protected ranked = 0;
  /** Streams: counts new units, to spread their window replans over replanEvery turns. */
  protected stagger = 0;
  protected emitter: ((event: TurnEvent) => void) | null = null;
  protected pending: TurnEvent[] = [];
  protected lastDrop = 0;
  protected interrupted: () => boolean = NEVER_INTERRUPTED;
  protected readonly oneCell = new Int32Array(1);

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
    this.progressPriority = settings.progressPriority;
    this.stallTurns = settings.stallTurns;
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
    this.progress = new Float64Array(n);
    this.why = new Uint8Array(n);
    this.failed = new Uint8Array(n);
    this.plans = new UnitPlans(n, variant.windowed ? this.window + 8 : 64, this.size);
    this.nextReplan = new Int32Array(n);
    this.heuristics = new UnitHeuristics(agents, this.size, this.rraRestart, this.rraBudget);
    this.nextExtra = new Int32Array(n).fill(-1);
    this.reverted = new Uint8Array(n);
    this.gone = new Uint8Array(n);
    this.query = { agent: 0, priority: 0, start: 0, t0: 0, goal: 0, size: 1, speed: 1, window: this.window, maxDepth: this.maxTime, maxExpansions: this.maxExpansions, rra: null, rraBudget: Infinity, leavesAtGoal: false };
  }

  /**
   * Streams: room for units up to index n - 1 (world.agents grew); the new units' settings are
   * read from `agents`. Arrays grow by copying, at least doubling, so a long stream copies each
   * unit's state a constant number of times on average.
   */
  protected growUnits(agents: readonly AgentTask[]): void {
    const n = agents.length;
    const old = this.n;
    this.agents = agents;
    if (n <= old) return;
    const cap = Math.max(n, this.size.length * 2);
    const grown = <T extends Int32Array | Uint8Array | Float64Array>(a: T, fill = 0): T => {
      if (a.length >= n) return a;
      const b = new (a.constructor as new (k: number) => T)(cap);
      if (fill !== 0) b.fill(fill);
      b.set(a);
      return b;
    };
    this.size = grown(this.size);
    this.speed = grown(this.speed);
    this.goal = grown(this.goal);
    this.basePriority = grown(this.basePriority);
    this.promoted = grown(this.promoted);
    this.progress = grown(this.progress);
    this.why = grown(this.why);
    this.failed = grown(this.failed);
    this.nextReplan = grown(this.nextReplan);
    this.nextExtra = grown(this.nextExtra, -1);
    this.reverted = grown(this.reverted);
    this.gone = grown(this.gone);
    this.deferredAt = grown(this.deferredAt, -1);
    this.agentRank = grown(this.agentRank);
    for (let i = old; i < n; i++) {
      const a = agents[i];
      this.size[i] = a.size ?? 1;
      this.speed[i] = a.speed ?? 1;
      this.goal[i] = a.goal;
      this.basePriority[i] = a.priority ?? 0;
      // The promotion boost stays above every base priority, the new units' included.
      this.boost = Math.max(this.boost, Math.abs(this.basePriority[i]) * 2 + 1);
    }
    this.plans.grow(cap, this.size);
    this.heuristics.grow(agents, cap, this.size);
    if (this.footprints) this.footprints.size = this.size;
    this.rules?.growOverridden(cap);
    this.n = n;
  }

  protected effectivePriority(i: number): number {
    return (this.basePriority[i] + this.promoted[i] * this.boost) * PROGRESS_SPAN + this.progress[i];
  }

  /** Replans every agent with a reason, in rank order, until none is left or the rounds run out. */
  protected replanAll(t: number, positions: Int32Array): void {
    const n = this.n;
    // Under a turn budget the scan starts where the last turn's ran out, so the replans put off
    // go first and the backlog does not pile up on the same units until their plans all end.
    const start = this.budgetStart < this.ranked ? this.budgetStart : 0;
    this.budgetStart = 0;
    let startSet = false;
    const ranked = this.ranked;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      let any = false;
      for (let k = 0; k < ranked; k++) {
        const r = k + start < ranked ? k + start : k + start - ranked;
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
  protected anyLeft(t: number): boolean {
    for (let i = 0; i < this.n; i++) if (this.why[i] !== 0 && this.deferredAt[i] !== t) return true;
    return false;
  }

  /**
   * Whether unit i's replan may wait for the next turn (turnBudget): a window replan, a notice of
   * a change or a plan grown old, while its plan covers the next two turns and its next cell is free.
   */
  protected canWait(i: number, t: number, why: number): boolean {
    if (why !== WHY_SCHEDULED && why !== WHY_NOTIFIED && why !== WHY_MAP && why !== WHY_EVERY) return false;
    const next = this.plans.at(i, t + 1);
    if (next < 0 || this.plans.at(i, t + 2) < 0) return false;
    return this.obstacles === null || this.obstacles.fits(i, next, this.grid, this.clearance);
  }

  protected replan(i: number, t: number, pos: number, why: number): void {
    this.releasePlan(i, t);
    if (why === WHY_SCHEDULED && this.promoted[i] === 1) this.promoted[i] = 0;
    this.progress[i] = 0;
    let outcome = this.search(i, t, pos);
    if (outcome === 'found' && this.blockedByProgress(i, pos)) {
      // Held where it stands at its rank: it searches again ranked by progress, overriding the
      // units of its priority further from their goals (they replan: Silver 2006, "Unit Priorities").
      this.progress[i] = PROGRESS_SPAN - 1 - Math.min(PROGRESS_SPAN - 1, this.query.rra!.distance(pos));
      outcome = this.search(i, t, pos);
    }
    if (outcome !== 'found' && outcome !== 'unreachable' && this.promotion && this.promoted[i] === 0) {
      // Silver 2006, "Unit Priorities": a unit with no legal path is promoted and tries again.
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

  /**
   * Whether unit i, whose plan just found starts by waiting where it stands away from its goal,
   * is to search again ranked by progress (`progressPriority`: WHCA*, in a stream by default).
   * On a one-cell bridge crossed both ways, a unit coming off it and one waiting at its mouth to
   * go on it each held the other until their rank order rotated: the unit nearer its goal now
   * goes first, the waiting one steps aside (bench:streams' bridge, 5,000 turns: WHCA*(16)
   * delivered 5.3 units per 10 turns at saturation, against RHCR's 6.6 and PIBT's 6.1). Higher
   * priority only lifts reservations from the search, so the new plan costs no more than the first.
   */
  private blockedByProgress(i: number, pos: number): boolean {
    if (!this.variant.windowed || !this.variant.abstract) return false;
    if (this.progressPriority === false || (this.progressPriority === 'streams' && !this.streaming)) return false;
    const sta = this.sta;
    return pos !== this.goal[i] && sta.pathLength > 1 && sta.pathCells[1] === pos;
  }

  protected search(i: number, t: number, pos: number): string {
    // A full-depth search to a goal an obstacle holds would search every time to maxTime in vain.
    if (this.obstacles !== null && !this.variant.windowed && !this.obstacles.fits(i, this.goal[i], this.grid, this.clearance)) return 'goal held by an obstacle';
    const q = this.query;
    q.agent = i;
    q.priority = this.effectivePriority(i);
    q.start = pos;
    q.t0 = t;
    q.goal = this.goal[i];
    q.leavesAtGoal = this.leavesAtGoal(i);
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

  /** Whether unit i leaves the map on reaching its goal (its goal is a cell of a stream's exit). */
  protected leavesAtGoal(i: number): boolean {
    return this.exits !== null && this.exits.of(i) >= 0;
  }

  /** Adopts the search result as the agent's plan; the units it overrode replan. */
  protected adoptPath(i: number, t: number): void {
    const sta = this.sta;
    // A unit that leaves by an exit is not parked there: parking held the exit cell against the
    // unit behind it for a turn after the first had gone (CA*, HCA*).
    this.plans.adopt(i, t, sta.pathCells, sta.pathExtra, sta.pathLength, this.effectivePriority(i), !this.variant.windowed && !this.leavesAtGoal(i));
    this.obstacles?.planned(i, t, sta.pathLength);
    this.failed[i] = 0;
    this.flagOverridden(i, t);
  }

  /** Holds the current cell for one turn, overriding whoever reserved it (they replan). */
  protected hold(i: number, t: number, pos: number): void {
    this.releasePlan(i, t);
    this.plans.stand(i, t, pos, 2, this.effectivePriority(i), false);
    this.flagOverridden(i, t);
  }

  /** The overridden units drop their plans and replan (Silver 2006: they are flagged). */
  protected flagOverridden(i: number, t: number): void {
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

  protected releasePlan(i: number, from: number): void {
    this.plans.release(i, from);
  }

  protected event(event: TurnEvent): void {
    if (this.emitter !== null) this.emitter(event);
    else if (this.pending.length < 10_000) this.pending.push(event);
  }
}
