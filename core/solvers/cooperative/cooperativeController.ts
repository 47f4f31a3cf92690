/**
 * CA*, HCA* and WHCA* as turn controllers: Silver 2005, "Cooperative A*",
 * "Hierarchical Cooperative A*", "Windowed Hierarchical Cooperative A*";
 * Silver 2006, "The Game Must Go On" (fixed-depth search, replanning half-way,
 * interleaving about 2n/d searches a turn), "Resuming Backwards Search" (one RRA* per unit, aimed
 * at its original position, restarted when its work grows too large) and "Unit Priorities"
 * (override, flag, promotion when stuck).
 * More on this in README.md, "cooperativeController.ts".
 */
import { gridDistance } from '../../grid/movement.ts';
import { type ControllerCounters, type ControllerOptions, NEVER_INTERRUPTED, type TurnController, type TurnEvent, type UnitChanges, type WorldView } from '../../contract/controller.ts';
import type { PlanSink } from '../../contract/planWindows.ts';
import { DEFAULT_OBSTACLE_REPAIR, type ObstacleCounts, type ObstacleMoves, type ObstacleRepair, ObstacleRepairState } from '../../contract/obstacleRepair.ts';
import { CooperativeObstacles, WHY_APPEARED, WHY_DEVIATED, WHY_MAP, WHY_NEW_GOAL, WHY_SCHEDULED } from './cooperativeObstacles.ts';
import { ActionRules } from './actionRules.ts';
import { CooperativePlanning, type CooperativeInstance } from './cooperativePlanning.ts';
import { agentOrder } from './agentOrder.ts';
import { computeClearance } from '../../grid/footprint.ts';
import { JointMoveFixer } from './jointMove.ts';
import { FootprintReservations } from './footprintReservations.ts';
import { ReservationTable } from './reservationTable.ts';
import { SpaceTimeAStar } from './spaceTimeAStar.ts';
import { ProgressWatch, arrivalTurns } from '../../planning/progressWatch.ts';
import { StallRescue } from '../../planning/stallRescue.ts';
import { GoalDistances } from '../../search/goalDistances.ts';

export type { CooperativeInstance } from './cooperativePlanning.ts';

/** Turns between sweeps of past reservations out of the table. */
const DROP_EVERY = 8;

/** The largest window the deadlock rule grows to, as a multiple of the map's width + height. */
const MAX_WINDOW_SPAN = 1;

export class CooperativeController extends CooperativePlanning implements TurnController {
  private watch: ProgressWatch | null = null;
  /** Times the window grew for lack of progress. */
  grown = 0;
  /** The PIBT rescue under way after a stall (null: WHCA* plans). */
  private rescue: StallRescue | null = null;
  private watchDistances: GoalDistances | null = null;
  private watchGrid: unknown = null;
  /** Turns the next rescue runs: doubles with each stall. */
  private rescueTurns = 0;
  private rescueCalls = 0;
  private readonly twoCells = new Int32Array(2);
  init(world: WorldView): void {
    const grid = (this.grid = world.grid);
    const n = this.n;
    this.exits = world.exits ?? null;
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
    this.heuristics.useExits(this.exits);
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
    this.ranked = n;
    this.agentRank = new Int32Array(n);
    for (let r = 0; r < n; r++) this.agentRank[this.rankOrder[r]] = r;
    for (let i = 0; i < n; i++) this.why[i] = WHY_SCHEDULED;
    this.replanAll(t, world.positions);
    // Staggered windows: about n / replanEvery = 2n / w agents replan each turn (Silver 2006,
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
    if (this.variant.windowed) this.watchProgress(world, emit);
    if (this.rescue !== null) {
      this.rescue.step(t, positions, world.agents, next);
      // The replay's window overlay shows each unit's one PIBT step: it holds no reservation beyond it.
      if (this.plans.sink !== null) {
        for (let i = 0; i < n; i++) {
          if (this.gone[i] === 1 || positions[i] < 0) continue;
          this.twoCells[0] = positions[i];
          this.twoCells[1] = next[i];
          this.plans.sink.plan(i, t, this.twoCells, 2);
        }
      }
      if (this.rescue.turnsLeft <= 0) this.endRescue(t);
      this.emitter = null;
      return;
    }
    for (let i = 0; i < n; i++) {
      if (this.gone[i] === 1) continue;
      if (this.plans.has(i) && this.plans.at(i, t) !== positions[i]) {
        this.releasePlan(i, t);
        this.why[i] = WHY_DEVIATED;
      } else if (!this.plans.has(i) && this.failed[i] === 0 && this.why[i] === 0) {
        this.why[i] = WHY_DEVIATED;
      }
      // In a stream a unit whose plan waits where it stands (not on its goal) plans again every
      // turn instead of every replanEvery turns: on a one-cell bridge crossed both ways, units held
      // back for the other way's traffic otherwise kept waiting out their window after the lane had
      // cleared (WHCA*(16) delivered 4.8 units per 10 turns at saturation, RHCR 6.3, over 2,000 turns).
      if (this.variant.windowed && this.why[i] === 0 && (t >= this.nextReplan[i] || this.plans.at(i, t + 1) < 0 || (this.streaming && this.waitsNext(i, t, positions[i])))) {
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
      if (this.gone[i] === 1) continue;
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

  /**
   * Streams: a unit that appears plans at once, in its own slot, against the reservations of the
   * others (it ranks last, so it yields to the units already moving); a unit that left frees its
   * reservations; a unit with a new goal (an errand) replans. Nobody else replans for the change,
   * unless a new plan overrides theirs (Silver 2006, "Unit Priorities"), so a turn costs the new units'
   * searches, not a plan of every unit again. The new units' next window replans are spread over
   * replanEvery turns, as init staggers the first units'.
   */
  unitsChanged(world: WorldView, changes: UnitChanges): void {
    const t = world.t;
    this.streaming = true;
    this.exits = world.exits ?? null;
    this.heuristics.useExits(this.exits);
    this.growUnits(world.agents);
    for (const a of changes.left) {
      this.releasePlan(a, t);
      this.gone[a] = 1;
      this.why[a] = 0;
      this.failed[a] = 0;
      this.promoted[a] = 0;
      this.heuristics.drop(a);
    }
    for (const a of changes.newGoal) {
      if (this.gone[a] === 1) continue;
      this.goal[a] = world.agents[a].goal;
      this.releasePlan(a, t);
      this.failed[a] = 0;
      this.heuristics.drop(a);
      this.why[a] = WHY_NEW_GOAL;
    }
    if (changes.appeared.length > 0 || changes.left.length > 0) this.rerank(changes.appeared);
    // CA* and HCA* units that found no path stand for good; a unit that left may have opened one.
    if (changes.left.length > 0) {
      for (let r = 0; r < this.ranked; r++) {
        const i = this.rankOrder[r];
        if (this.failed[i] === 0) continue;
        this.failed[i] = 0;
        this.releasePlan(i, t);
        this.why[i] = WHY_SCHEDULED;
      }
    }
    for (const a of changes.appeared) this.why[a] = WHY_APPEARED;
    // The new units plan in the next step (before anyone moves), in rank order with any others due.
    if (this.variant.windowed) {
      for (const a of [...changes.appeared, ...changes.newGoal]) this.nextReplan[a] = t + 1 + (this.stagger++ % this.replanEvery);
    }
  }

  /** No unit came nearer its goal for stallTurns turns: the window doubles and every unit replans. */
  private watchProgress(world: WorldView, emit: (event: TurnEvent) => void): void {
    const grid = this.staticGrid ?? this.grid;
    this.watch ??= new ProgressWatch(this.stallTurns, false, arrivalTurns(grid.width, grid.height));
    if (this.watchDistances === null || this.watchGrid !== grid) {
      this.watchDistances = new GoalDistances(grid);
      this.watchGrid = grid;
    }
    // True distances (a unit bound for an exit: the exit's table), so a detour is not a stall.
    const distances = this.watchDistances;
    const exits = world.exits;
    const distance = (a: number, cell: number): number => {
      const e = exits ? exits.of(a) : -1;
      return (e < 0 ? distances.table(this.goal[a]) : distances.areaTable(e, exits!.cells[e])).get(cell);
    };
    const t = world.t;
    if (!this.watch.observe(t, world.positions, (a) => this.goal[a], distance)) return;
    const stalled = this.watch.since(t);
    this.watch.restart(t);
    const cap = MAX_WINDOW_SPAN * (grid.width + grid.height);
    if (this.window < cap) {
      this.window = Math.min(cap, this.window * 2);
      this.replanEvery = Math.max(1, this.window >> 1);
      this.query.window = this.window;
    }
    this.grown++;
    let rescuable = world.movement.connectivity === 4;
    for (let i = 0; i < this.n; i++) if (this.gone[i] === 0 && (this.size[i] !== 1 || this.speed[i] !== 1)) rescuable = false;
    if (rescuable) {
      this.rescueTurns = Math.max(this.stallTurns, 2 * this.rescueTurns);
      // The lane's traffic rule only where queues build at both ends (a stream): in a batch, inheritance alone untangles the lines.
      this.rescue = new StallRescue(this.grid, this.seed, this.rescueTurns, this.streaming ? undefined : null);
      for (let i = 0; i < this.n; i++) if (this.gone[i] === 0) this.releasePlan(i, t);
    } else {
      this.endRescue(t);
    }
    emit({ kind: 'replan', t, agent: this.rankOrder[0] ?? 0, detail: `WHCA*: no unit came nearer its goal in ${stalled} turns; the window grows to ${this.window} turns${rescuable ? `, the units move by priority inheritance (PIBT) for ${this.rescueTurns} turns,` : ''} and every unit replans` });
  }

  /** Back to WHCA*: every unit on the map plans a new window. */
  private endRescue(t: number): void {
    if (this.rescue !== null) this.rescueCalls += this.rescue.calls;
    this.rescue = null;
    for (let i = 0; i < this.n; i++) {
      if (this.gone[i] === 1) continue;
      this.releasePlan(i, t);
      this.failed[i] = 0;
      this.why[i] = WHY_SCHEDULED;
    }
  }

  /** Whether unit i's plan keeps it where it stands at t + 1, away from its goal. */
  private waitsNext(i: number, t: number, pos: number): boolean {
    return pos !== this.goal[i] && this.plans.at(i, t + 1) === pos;
  }

  /** The rank order without the units gone, the new ones appended (lowest rank, as they came). */
  private rerank(appeared: readonly number[]): void {
    const order = new Int32Array(this.ranked + appeared.length);
    let k = 0;
    for (let r = 0; r < this.ranked; r++) {
      const i = this.rankOrder[r];
      if (this.gone[i] === 0) order[k++] = i;
    }
    for (const a of appeared) order[k++] = a;
    this.rankOrder = order.subarray(0, k);
    this.ranked = k;
    for (let r = 0; r < k; r++) this.agentRank[this.rankOrder[r]] = r;
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
    const expanded = (this.sta ? this.sta.totalExpanded : 0) + this.heuristics.totalExpanded() + this.rescueCalls + (this.rescue?.calls ?? 0);
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
