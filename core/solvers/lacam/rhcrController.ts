/**
 * Rolling-Horizon Collision Resolution (RHCR): Li, Tinka, Kiesel, Durham, Kumar and Koenig,
 * "Lifelong Multi-Agent Path Finding in Large-Scale Warehouses", AAAI 2021. Every h turns the
 * units on the map are planned together for the next w turns with a one-shot solver, conflicts
 * resolved within that window only, and h of those turns are executed (h <= w); then the
 * planner runs again from where the units stand. Units that appear, leave or get a new goal
 * (a stream, the paper's lifelong setting) make it plan again at the next turn, since the new
 * units' cells were not in the last window's start.
 *
 * The inner solver (param `solver`):
 * - 'pibt' (Okumura et al. 2019): w steps of PIBT from the current cells, its priorities carried
 *   from window to window; a window is conflict-free by construction.
 * - 'lacam' (Okumura 2023): LaCAM's search to the goals, within a work limit (`lacamWork`, PIBT
 *   calls; deterministic, not the clock), its first w configurations; when it finds no plan in
 *   the limit, or two units share a goal (LaCAM needs distinct goals), the window is PIBT's.
 *
 * Params: `window` w (default 10), `execute` h (1..w, default 5), `solver` ('pibt' | 'lacam',
 * default 'lacam'), `lacamWork` (default 100,000).
 */
import type { Grid } from '../../grid/grid.ts';
import type { Movement } from '../../grid/movement.ts';
import type { AgentTask } from '../../mapf/instance.ts';
import { ABSENT } from '../../mapf/plan.ts';
import { GoalDistances } from '../../search/goalDistances.ts';
import type { ControllerCounters, ControllerOptions, TurnController, TurnEvent, WorldView } from '../controller.ts';
import { lacamSearch } from './lacam.ts';
import { Pibt } from './pibt.ts';
import { checkPibtUnits } from './units.ts';
import { type RhcrSettings, readRhcrSettings } from './rhcrParams.ts';

export class RhcrController implements TurnController {
  readonly settings: RhcrSettings;
  readonly window: number;
  private readonly seed: number;
  private distances: GoalDistances | null = null;
  /** The run's index of each planned unit, and the window's configurations (0: the turn planned). */
  private ids: number[] = [];
  private configs: Int32Array[] = [];
  private plannedAt = -1;
  private dirty = true;
  /** PIBT's priority of each unit (turns since it last stood on its goal), carried across windows. */
  private elapsed = new Map<number, number>();
  private work = 0;
  /** Windows planned, and those LaCAM left to PIBT. */
  windows = 0;
  fallbacks = 0;

  constructor(instance: { grid: Grid; movement: Movement; agents: readonly AgentTask[] }, options: ControllerOptions) {
    this.settings = readRhcrSettings(options.params);
    this.window = this.settings.window;
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
    const k = world.t - this.plannedAt;
    if (this.dirty || k >= this.settings.execute || !this.onPlan(world, k)) this.plan(world, emit);
    const at = world.t - this.plannedAt;
    const ids = this.ids;
    const config = this.configs[Math.min(at + 1, this.configs.length - 1)];
    for (let j = 0; j < ids.length; j++) next[ids[j]] = config[j];
  }

  counters(): ControllerCounters {
    return { expanded: this.work, reservations: 0 };
  }

  /** Whether every planned unit stands where the window put it (a refused move sends it off). */
  private onPlan(world: WorldView, k: number): boolean {
    const config = this.configs[Math.min(k, this.configs.length - 1)];
    for (let j = 0; j < this.ids.length; j++) if (world.positions[this.ids[j]] !== config[j]) return false;
    return true;
  }

  /** Plans the next w turns of every unit on the map. */
  private plan(world: WorldView, emit: (event: TurnEvent) => void): void {
    this.dirty = false;
    this.plannedAt = world.t;
    this.windows++;
    const ids: number[] = [];
    for (let a = 0; a < world.positions.length; a++) if (world.positions[a] !== ABSENT) ids.push(a);
    this.ids = ids;
    const starts = Int32Array.from(ids, (a) => world.positions[a]);
    const goals = Int32Array.from(ids, (a) => world.agents[a].goal);
    this.distances ??= new GoalDistances(world.grid);
    const w = this.settings.window;
    let configs: Int32Array[] | null = null;
    if (ids.length > 0 && this.settings.solver === 'lacam' && distinct(goals)) {
      const result = lacamSearch(world.grid, starts, goals, {
        seed: this.seed + world.t, anytime: false, shouldStop: () => (world.interrupted?.() ? 'timeout' : null),
        workLimit: this.settings.lacamWork, distances: this.distances,
        // Its configurations in memory: about 256 MB at most, as lacamSolver's default budget.
        maxNodes: Math.max(16, Math.floor((256 * 1024 * 1024) / (12 * ids.length + 160))),
      });
      this.work += result.work;
      if (result.status === 'solved') configs = result.configs.slice(0, w + 1);
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

  /** w steps of PIBT from `starts`, priorities carried over from the last window. */
  private pibtWindow(world: WorldView, ids: number[], starts: Int32Array, goals: Int32Array, w: number): Int32Array[] {
    const pibt = new Pibt(world.grid, starts, goals, this.seed + world.t, this.distances!);
    ids.forEach((a, j) => (pibt.elapsed[j] = this.elapsed.get(a) ?? 0));
    const configs = [starts];
    let from = starts;
    for (let s = 0; s < w; s++) {
      const to = new Int32Array(ids.length);
      pibt.step(from, to);
      configs.push(to);
      from = to;
    }
    this.work += pibt.calls;
    // The priorities after the steps the window will execute (at most h of them).
    this.elapsed.clear();
    ids.forEach((a, j) => this.elapsed.set(a, pibt.elapsed[j]));
    return configs;
  }
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
