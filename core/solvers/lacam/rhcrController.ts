/**
 * Rolling-Horizon Collision Resolution (RHCR): Li, Tinka, Kiesel, Durham, Kumar and Koenig,
 * "Lifelong Multi-Agent Path Finding in Large-Scale Warehouses", AAAI 2021. Every h turns the
 * units on the map are planned together for the next w turns with a one-shot solver, conflicts
 * resolved within that window only, and h of those turns are executed (h <= w); then the
 * planner runs again from where the units stand. Units that appear, leave or get a new goal
 * (a stream, the paper's lifelong setting) make it plan again at the next turn, since the new
 * units' cells were not in the last window's start.
 * More on this in README.md, "rhcrController.ts".
 */
import type { Grid } from '../../grid/grid.ts';
import type { Movement } from '../../grid/movement.ts';
import type { AgentTask } from '../../mapf/instance.ts';
import { ABSENT } from '../../mapf/plan.ts';
import { GoalDistances } from '../../search/goalDistances.ts';
import type { ControllerCounters, ControllerOptions, TurnController, TurnEvent, WorldView } from '../../contract/controller.ts';
import { lacamSearch } from './lacam.ts';
import { Pibt } from '../../planning/pibt.ts';
import { checkPibtUnits } from './units.ts';
import { type RhcrSettings, readRhcrSettings } from './rhcrParams.ts';
import { ProgressWatch, arrivalTurns } from '../../planning/progressWatch.ts';
import { StallRescue } from '../../planning/stallRescue.ts';

/** The largest window the deadlock rule grows to, as a multiple of the map's width + height. */
const MAX_WINDOW_SPAN = 4;

export class RhcrController implements TurnController {
  readonly settings: RhcrSettings;
  /** The window w and the turns executed h: they grow when the units stop making progress. */
  window: number;
  execute: number;
  private readonly seed: number;
  private distances: GoalDistances | null = null;
  /** The run's index of each planned unit, and the window's configurations (0: the turn planned). */
  private ids: number[] = [];
  private configs: Int32Array[] = [];
  /** LaCAM's last plan to the goals, whole (null: the window is PIBT's). */
  private full: Int32Array[] | null = null;
  private plannedAt = -1;
  private dirty = true;
  /** PIBT's priority of each unit (turns since it last stood on its goal), carried across windows. */
  private elapsed = new Map<number, number>();
  /** The PIBT priorities after each step of the last PIBT window (index s: at turn plannedAt + s). */
  private elapsedAt: Float64Array[] = [];
  private readonly watch: ProgressWatch;
  /** Times the window grew for lack of progress. */
  grown = 0;
  /** The rescue under way after a stall (null: RHCR plans), the turns the next one runs, their work. */
  private rescue: StallRescue | null = null;
  private rescueTurns = 0;
  private rescueCalls = 0;
  private work = 0;
  /** Windows planned, and those LaCAM left to PIBT. */
  windows = 0;
  fallbacks = 0;

  constructor(instance: { grid: Grid; movement: Movement; agents: readonly AgentTask[] }, options: ControllerOptions) {
    this.settings = readRhcrSettings(options.params);
    this.window = this.settings.window;
    this.execute = this.settings.execute;
    this.watch = new ProgressWatch(this.settings.stallTurns, false, arrivalTurns(instance.grid.width, instance.grid.height));
    checkPibtUnits('rhcr', instance.movement, instance.agents);
    this.seed = options.seed;
  }

  init(_world: WorldView): void {
    this.dirty = true;
  }

  unitsChanged(): void {
    this.dirty = true;
  }

  mapChanged(): void {
    this.dirty = true;
  }

  step(world: WorldView, next: Int32Array, emit: (event: TurnEvent) => void): void {
    const distances = (this.distances ??= new GoalDistances(world.grid));
    // True distances, from the tables PIBT and LaCAM share (a unit bound for an exit: the exit's).
    const exits = world.exits;
    const distance = (a: number, cell: number): number => {
      const e = exits ? exits.of(a) : -1;
      return (e < 0 ? distances.table(world.agents[a].goal) : distances.areaTable(e, exits!.cells[e])).get(cell);
    };
    if (this.watch.observe(world.t, world.positions, (a) => world.agents[a].goal, distance)) this.grow(world, emit);
    if (this.rescue !== null) {
      this.rescue.step(world.t, world.positions, world.agents, next);
      if (this.rescue.turnsLeft <= 0) {
        this.rescueCalls += this.rescue.calls;
        this.rescue = null;
        this.dirty = true;
        this.plannedAt = -1;
      }
      return;
    }
    const k = world.t - this.plannedAt;
    // A grown window is executed whole: units that come or go meanwhile wait for its end, unless a
    // unit that appeared stands on the cell the window moves a unit to next (the move would collide).
    const committed = this.grown > 0 && k < this.execute && !this.newcomerInTheWay(world, k);
    if ((this.dirty && !committed) || k >= this.execute || !this.onPlan(world, k)) this.plan(world, emit);
    const at = world.t - this.plannedAt;
    const ids = this.ids;
    const config = this.configs[Math.min(at + 1, this.configs.length - 1)];
    for (let j = 0; j < ids.length; j++) if (world.positions[ids[j]] !== ABSENT) next[ids[j]] = config[j];
  }

  /** No unit came nearer its goal for stallTurns turns: the window doubles and is executed whole. */
  private grow(world: WorldView, emit: (event: TurnEvent) => void): void {
    const cap = MAX_WINDOW_SPAN * (world.grid.width + world.grid.height);
    const stalled = this.watch.since(world.t);
    this.watch.restart(world.t);
    this.window = Math.min(cap, this.window * 2);
    this.execute = this.window;
    this.grown++;
    this.dirty = true;
    this.plannedAt = -1;
    this.rescueTurns = Math.max(this.settings.stallTurns, 2 * this.rescueTurns);
    if (this.rescue !== null) this.rescueCalls += this.rescue.calls;
    // The lane's traffic rule only where queues build at both ends (a stream): in a batch, inheritance alone untangles the lines.
    this.rescue = new StallRescue(world.grid, this.seed, this.rescueTurns, world.exits !== undefined ? undefined : null);
    emit({ kind: 'replan', t: world.t, agent: this.ids[0] ?? 0, detail: `RHCR: no unit came nearer its goal in ${stalled} turns; the units move by priority inheritance (PIBT) for ${this.rescueTurns} turns, then the window grows to ${this.window} turns, executed whole` });
  }

  counters(): ControllerCounters {
    return { expanded: this.work + this.rescueCalls + (this.rescue?.calls ?? 0), reservations: 0 };
  }

  /** Whether every planned unit stands where the window put it (a refused move sends it off). */
  private onPlan(world: WorldView, k: number): boolean {
    if (this.configs.length === 0) return false;
    const config = this.configs[Math.min(k, this.configs.length - 1)];
    for (let j = 0; j < this.ids.length; j++) {
      const cell = world.positions[this.ids[j]];
      if (cell !== ABSENT && cell !== config[j]) return false;
    }
    return true;
  }

  /** Whether a unit the window did not plan (it appeared since) stands on a cell the window moves a unit to next. */
  private newcomerInTheWay(world: WorldView, k: number): boolean {
    if (this.configs.length === 0) return false;
    const planned = new Set(this.ids);
    const held = new Set<number>();
    for (let a = 0; a < world.positions.length; a++) if (world.positions[a] !== ABSENT && !planned.has(a)) held.add(world.positions[a]);
    if (held.size === 0) return false;
    const next = this.configs[Math.min(k + 1, this.configs.length - 1)];
    for (let j = 0; j < this.ids.length; j++) if (world.positions[this.ids[j]] !== ABSENT && held.has(next[j])) return true;
    return false;
  }

  /** Plans the next w turns of every unit on the map. */
  private plan(world: WorldView, emit: (event: TurnEvent) => void): void {
    this.carryPriorities(world.t);
    const incumbent = this.incumbentFrom(world);
    this.dirty = false;
    this.plannedAt = world.t;
    this.windows++;
    const ids: number[] = [];
    for (let a = 0; a < world.positions.length; a++) if (world.positions[a] !== ABSENT) ids.push(a);
    this.ids = ids;
    this.full = null;
    const starts = Int32Array.from(ids, (a) => world.positions[a]);
    const goals = Int32Array.from(ids, (a) => world.agents[a].goal);
    const w = this.window;
    let configs: Int32Array[] | null = null;
    if (ids.length > 0 && this.settings.solver === 'lacam' && distinct(goals)) {
      const result = lacamSearch(world.grid, starts, goals, {
        seed: this.seed + world.t, anytime: false, shouldStop: () => (world.interrupted?.() ? 'timeout' : null),
        workLimit: this.settings.lacamWork, distances: this.distances ?? undefined,
        // Its configurations in memory: about 256 MB at most, as lacamSolver's default budget.
        maxNodes: Math.max(16, Math.floor((256 * 1024 * 1024) / (12 * ids.length + 160))),
      });
      this.work += result.work;
      if (result.status === 'solved') {
        // The plan being executed is kept unless the new one reaches every goal sooner: the
        // turns left to the last arrival then only fall, and the units cannot be sent back and
        // forth by plans that each look as good from where they stand.
        this.full = incumbent !== null && incumbent.length <= result.configs.length ? incumbent : result.configs;
        configs = this.full.slice(0, w + 1);
      }
    }
    if (configs === null) {
      if (this.settings.solver === 'lacam' && ids.length > 0) {
        this.fallbacks++;
        emit({ kind: 'replan', t: world.t, agent: ids[0], detail: 'RHCR: LaCAM found no plan within its work limit or goals are shared; PIBT plans this window' });
      }
      configs = this.pibtWindow(world, ids, starts, goals, w);
    }
    this.configs = configs;
  }

  /**
   * w steps of PIBT from `starts`, priorities carried over from the last window: a unit new to
   * the window starts at its fixed tie-breaker (PIBT's epsilon), so no two units ever tie and
   * the order does not change from one window to the next.
   */
  private pibtWindow(world: WorldView, ids: number[], starts: Int32Array, goals: Int32Array, w: number): Int32Array[] {
    const pibt = new Pibt(world.grid, starts, goals, this.seed + world.t, this.distances!);
    ids.forEach((a, j) => (pibt.elapsed[j] = this.elapsed.get(a) ?? tieBreaker(this.seed, a)));
    const configs = [starts];
    this.elapsedAt = [Float64Array.from(pibt.elapsed)];
    let from = starts;
    for (let s = 0; s < w; s++) {
      const to = new Int32Array(ids.length);
      pibt.step(from, to);
      configs.push(to);
      this.elapsedAt.push(Float64Array.from(pibt.elapsed));
      from = to;
    }
    this.work += pibt.calls;
    return configs;
  }

  /**
   * The rest of LaCAM's last plan, from where the units stand now, when the same units are
   * planned again and they are where it put them; null otherwise.
   */
  private incumbentFrom(world: WorldView): Int32Array[] | null {
    const full = this.full;
    if (full === null || this.dirty) return null;
    const k = world.t - this.plannedAt;
    if (k < 0 || k >= full.length) return null;
    let count = 0;
    for (let a = 0; a < world.positions.length; a++) if (world.positions[a] !== ABSENT) count++;
    if (count !== this.ids.length) return null;
    const here = full[k];
    for (let j = 0; j < this.ids.length; j++) if (world.positions[this.ids[j]] !== here[j]) return null;
    return full.slice(k);
  }

  /** Keeps the PIBT priorities of the turn the next window starts at (h or fewer steps in). */
  private carryPriorities(t: number): void {
    if (this.elapsedAt.length === 0) return;
    const at = this.elapsedAt[Math.max(0, Math.min(t - this.plannedAt, this.elapsedAt.length - 1))];
    this.elapsed.clear();
    this.ids.forEach((a, j) => this.elapsed.set(a, at[j]));
    this.elapsedAt = [];
  }
}

/** A unit's fixed PIBT tie-breaker in [0, 1), from the seed and its index (mulberry32's mix). */
function tieBreaker(seed: number, a: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(a + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 15), h | 1);
  h ^= h + Math.imul(h ^ (h >>> 7), h | 61);
  return ((h ^ (h >>> 14)) >>> 0) / 4294967296;
}

function distinct(goals: Int32Array): boolean {
  const seen = new Set<number>();
  for (const g of goals) {
    if (seen.has(g)) return false;
    seen.add(g);
  }
  return true;
}

export function createRhcrController(instance: { grid: Grid; movement: Movement; agents: readonly AgentTask[] }, options: ControllerOptions): RhcrController {
  return new RhcrController(instance, options);
}
