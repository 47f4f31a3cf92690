/**
 * Local Repair A* (LRA*) as a turn controller: Silver 2005, "Local Repair A*";
 * Silver 2006, "The Problem with A*".
 * More on this in README.md, "localRepairAStar.ts".
 */
import type { Grid } from '../../grid/grid.ts';
import { gridDistance } from '../../grid/movement.ts';
import type { AgentTask } from '../../mapf/instance.ts';
import { type ControllerCounters, type ControllerOptions, NEVER_INTERRUPTED, type TurnController, type TurnEvent, type UnitChanges, type WorldView } from '../../contract/controller.ts';
import { Random } from '../../util/random.ts';
import { agentOrder } from './agentOrder.ts';
import type { CooperativeInstance } from './cooperativeController.ts';
import { computeClearance } from '../../grid/footprint.ts';
import { GridAStar } from './gridAStar.ts';
import { JointMoveFixer } from './jointMove.ts';
import { ParamReader, type OrderPolicy } from './params.ts';
import { checkUnits } from './units.ts';
import { DEFAULT_OBSTACLE_REPAIR, type ObstacleCounts, type ObstacleMoves, type ObstacleRepair, ObstacleRepairState } from '../../contract/obstacleRepair.ts';

export class LocalRepairController implements TurnController {
  readonly order: OrderPolicy;
  readonly agitationNoise: number;
  readonly neighbourRadius: number;
  private agents: readonly AgentTask[];
  private n: number;
  private readonly random: Random;
  private readonly seed: number;

  private grid!: Grid;
  private astar!: GridAStar;
  private fixer!: JointMoveFixer;
  private clearance: Uint16Array | null = null;
  private occupant!: Int32Array;

  // Per unit; a stream's grow as units appear (grow()).
  private size: Int32Array;
  private speed: Int32Array;
  private goal: Int32Array;
  private agitation: Int32Array;
  private readonly paths: Int32Array[];
  private pathIndex: Int32Array;
  private pathLength: Int32Array;
  private stale: Uint8Array;
  /** Slow units: the cell being moved into (-1 when not moving) and the turn the move ends. */
  private moveTarget: Int32Array;
  private moveEnd: Int32Array;
  private extra: Int32Array;
  private reverted: Uint8Array;
  /** Streams: 1 for a unit that left the map (its position is ABSENT). */
  private gone: Uint8Array;
  private rankOrder: Int32Array = new Int32Array(0);
  private repair: ObstacleRepair | null = null;
  private obstacles: ObstacleRepairState | null = null;
  /** Moves made on each unit's path since it was planned (recalc every N among obstacles). */
  private sincePlan = new Int32Array(0);

  constructor(instance: CooperativeInstance, options: ControllerOptions) {
    const params = new ParamReader('LRA*', options.params, ['order', 'agitationNoise', 'neighbourRadius']);
    this.order = params.order();
    this.agitationNoise = params.number('agitationNoise', 1, 0);
    this.neighbourRadius = params.integer('neighbourRadius', 1, 1, 64);
    checkUnits('LRA*', instance.grid, instance.agents);
    this.agents = instance.agents;
    const n = (this.n = instance.agents.length);
    this.seed = options.seed;
    this.random = new Random(options.seed);
    this.size = Int32Array.from(this.agents, (a) => a.size ?? 1);
    this.speed = Int32Array.from(this.agents, (a) => a.speed ?? 1);
    this.goal = Int32Array.from(this.agents, (a) => a.goal);
    this.agitation = new Int32Array(n);
    this.paths = Array.from({ length: n }, () => new Int32Array(0));
    this.pathIndex = new Int32Array(n);
    this.pathLength = new Int32Array(n);
    this.stale = new Uint8Array(n);
    this.moveTarget = new Int32Array(n).fill(-1);
    this.moveEnd = new Int32Array(n);
    this.extra = new Int32Array(n).fill(-1);
    this.reverted = new Uint8Array(n);
    this.gone = new Uint8Array(n);
  }

  init(world: WorldView): void {
    const grid = (this.grid = world.grid);
    this.astar = new GridAStar(grid, world.movement);
    this.fixer = new JointMoveFixer(grid.width, grid.cells);
    this.occupant = new Int32Array(grid.cells).fill(-1);
    if (this.size.some((s) => s > 1)) {
      this.clearance = computeClearance(grid);
      this.astar.clearance = this.clearance;
    }
    this.obstacles = this.repair === null ? null : new ObstacleRepairState(this.repair, grid.width, grid.height, this.n);
    this.sincePlan = new Int32Array(this.n);
    // Out of time or cancelled: stop planning (WorldView.interrupted); the run ends before turn 0.
    const interrupted = world.interrupted ?? NEVER_INTERRUPTED;
    for (let i = 0; i < this.n && !interrupted(); i++) this.plan(i, world.positions[i], false);
    this.rankOrder = agentOrder(this.order, this.agents, this.seed, (i) =>
      this.pathLength[i] > 0 || world.positions[i] === this.goal[i] ? this.pathLength[i] : gridDistance(grid, world.movement, world.positions[i], this.goal[i]),
    );
  }

  step(world: WorldView, next: Int32Array, emit: (event: TurnEvent) => void): void {
    const t = world.t;
    const positions = world.positions;
    const n = this.n;
    const w = this.grid.width;
    // Everyone's footprint now, and the squares slow units are moving into; cells claimed this
    // turn are marked as they are claimed.
    for (let i = 0; i < n; i++) {
      if (this.gone[i] === 1) continue;
      this.mark(positions[i], this.size[i], i);
      if (this.moveTarget[i] >= 0) this.mark(this.moveTarget[i], this.size[i], i);
    }
    for (let i = 0; i < n; i++) {
      next[i] = positions[i];
      this.extra[i] = -1;
      this.reverted[i] = 0;
    }
    const interrupted = world.interrupted ?? NEVER_INTERRUPTED;
    for (let r = 0; r < this.rankOrder.length; r++) {
      // Out of time or cancelled: the rest wait, and the simulator ends the run without this turn.
      if (interrupted()) break;
      const i = this.rankOrder[r];
      const pos = positions[i];
      const size = this.size[i];
      if (this.moveTarget[i] >= 0) {
        // A slow move in progress: hold both squares until it ends.
        if (t + 1 >= this.moveEnd[i]) next[i] = this.moveTarget[i];
        else this.extra[i] = this.moveTarget[i];
        this.mark(this.moveTarget[i], size, i);
        continue;
      }
      if (pos === this.goal[i]) continue;
      if (this.obstacles !== null && this.stale[i] === 0) this.checkEvery(i, t, pos, emit);
      if (this.stale[i] === 1 || this.pathIndex[i] >= this.pathLength[i]) this.plan(i, pos, false);
      if (this.pathIndex[i] >= this.pathLength[i]) continue; // no path at all: wait
      let target = this.paths[i][this.pathIndex[i]];
      if (this.obstacles !== null && !this.fits(i, target)) {
        // An obstacle holds the next cell: blocked (Patel, "Dealing with moving obstacles").
        if (!this.replanBlocked(i, t, pos, emit)) continue;
        target = this.paths[i][this.pathIndex[i]];
      }
      if (this.occupiedByOther(target, size, i)) {
        // Local repair: replan around the neighbours, more agitated each time.
        this.agitation[i]++;
        this.blockNeighbours(i, pos, positions);
        this.plan(i, pos, true);
        emit({ kind: 'replan', t, agent: i, cell: pos, detail: `blocked at (${target % w}, ${(target / w) | 0}); agitation ${this.agitation[i]}` });
        if (this.pathIndex[i] >= this.pathLength[i]) continue;
        target = this.paths[i][this.pathIndex[i]];
        if (this.occupiedByOther(target, size, i)) continue;
      }
      this.mark(target, size, i);
      if (this.speed[i] > 1) {
        this.moveTarget[i] = target;
        this.moveEnd[i] = t + this.speed[i];
        this.extra[i] = target;
      } else {
        next[i] = target;
      }
    }
    for (let i = 0; i < n; i++) {
      if (this.gone[i] === 1) continue;
      this.mark(positions[i], this.size[i], -1);
      if (next[i] !== positions[i]) this.mark(next[i], this.size[i], -1);
      if (this.extra[i] >= 0) this.mark(this.extra[i], this.size[i], -1);
    }
    this.fixer.fix(positions, next, this.extra, this.size, this.reverted);
    for (let i = 0; i < n; i++) {
      if (this.reverted[i] === 1) {
        this.moveTarget[i] = -1;
        emit({ kind: 'wait', t, agent: i, cell: positions[i], detail: 'move withheld: it would collide' });
        continue;
      }
      if (next[i] !== positions[i]) {
        this.moveTarget[i] = -1;
        this.sincePlan[i]++;
        if (this.pathIndex[i] < this.pathLength[i] && this.paths[i][this.pathIndex[i]] === next[i]) this.pathIndex[i]++;
        else this.stale[i] = 1;
      }
    }
  }

  /**
   * Streams: units that appeared or got a new goal plan on their next move (the new ones ranked
   * last, as they came); units that left are forgotten.
   */
  unitsChanged(world: WorldView, changes: UnitChanges): void {
    this.grow(world.agents);
    for (const a of changes.left) {
      this.gone[a] = 1;
      this.moveTarget[a] = -1;
      this.pathLength[a] = 0;
    }
    for (const a of [...changes.appeared, ...changes.newGoal]) {
      if (this.gone[a] === 1) continue;
      this.goal[a] = world.agents[a].goal;
      this.agitation[a] = 0;
      this.stale[a] = 1;
      this.pathLength[a] = 0;
    }
    if (changes.appeared.length === 0 && changes.left.length === 0) return;
    const order = new Int32Array(this.rankOrder.length + changes.appeared.length);
    let k = 0;
    for (const i of this.rankOrder) if (this.gone[i] === 0) order[k++] = i;
    for (const a of changes.appeared) order[k++] = a;
    this.rankOrder = order.subarray(0, k);
  }

  /** Room for every unit of world.agents (a stream's grow); new units start with no path. */
  private grow(agents: readonly AgentTask[]): void {
    this.agents = agents;
    const n = agents.length;
    if (n <= this.n) return;
    const old = this.n;
    const capacity = Math.max(n, this.size.length * 2);
    const grown = <T extends Int32Array | Uint8Array>(a: T, fill = 0): T => {
      if (a.length >= n) return a;
      const b = new (a.constructor as new (length: number) => T)(capacity);
      b.fill(fill);
      b.set(a);
      return b;
    };
    this.size = grown(this.size);
    this.speed = grown(this.speed);
    this.goal = grown(this.goal);
    this.agitation = grown(this.agitation);
    this.pathIndex = grown(this.pathIndex);
    this.pathLength = grown(this.pathLength);
    this.stale = grown(this.stale);
    this.moveTarget = grown(this.moveTarget, -1);
    this.moveEnd = grown(this.moveEnd);
    this.extra = grown(this.extra, -1);
    this.reverted = grown(this.reverted);
    this.gone = grown(this.gone);
    this.sincePlan = grown(this.sincePlan);
    for (let a = old; a < n; a++) {
      this.size[a] = agents[a].size ?? 1;
      this.speed[a] = agents[a].speed ?? 1;
      this.goal[a] = agents[a].goal;
      this.paths.push(new Int32Array(0));
    }
    this.n = n;
  }

  mapChanged(_world: WorldView, _cells: readonly number[]): void {
    if (this.clearance) computeClearance(this.grid, this.clearance);
    // Paths may cross new walls or miss new openings: replan each on its next move.
    this.stale.fill(1);
    for (let i = 0; i < this.n; i++) {
      const target = this.moveTarget[i];
      if (target >= 0 && (this.size[i] === 1 ? this.grid.passable[target] === 0 : this.clearance![target] < this.size[i])) this.moveTarget[i] = -1;
    }
  }

  setObstacleRepair(repair: ObstacleRepair): void {
    this.repair = repair;
  }

  obstacleCounts(): ObstacleCounts {
    return (this.obstacles ?? new ObstacleRepairState(DEFAULT_OBSTACLE_REPAIR, 1, 1, this.n)).counts;
  }

  /** Obstacles stepped: paths a closed cell lies on (recalc whenChanged) or crossing a changed region (watch) are planned again. */
  obstaclesMoved(world: WorldView, moves: ObstacleMoves): void {
    const state = this.obstacles;
    if (state === null) return;
    if (this.clearance) computeClearance(this.grid, this.clearance);
    const repair = state.repair;
    state.noteMoves(moves);
    const notify = state.delivers(world.t);
    const horizon = repair.kind === 'watch' ? repair.horizon : Infinity;
    const whenChanged = repair.kind === 'recalc' && repair.whenChanged && moves.closed.length > 0;
    for (let i = 0; i < this.n; i++) {
      if (this.stale[i] === 1 || this.pathLength[i] === 0) continue;
      const path = this.paths[i];
      const end = Math.min(this.pathLength[i], this.pathIndex[i] + horizon);
      for (let k = this.pathIndex[i]; k < end; k++) {
        const cell = path[k];
        if (whenChanged && !this.fits(i, cell)) {
          this.stale[i] = 1;
          break;
        }
        if (notify && state.isChanged(cell)) {
          this.stale[i] = 1;
          state.counts.notifications[i]++;
          break;
        }
      }
    }
    if (notify) state.delivered();
  }

  /** recalc every N: a path N moves old is planned again. */
  private checkEvery(i: number, t: number, pos: number, emit: (event: TurnEvent) => void): void {
    const repair = this.obstacles!.repair;
    if (repair.kind !== 'recalc' || this.sincePlan[i] < repair.every || pos === this.goal[i]) return;
    this.stale[i] = 1;
    emit({ kind: 'replan', t, agent: i, cell: pos, detail: `every ${repair.every} moves` });
  }

  /** Blocked by an obstacle: replans (false when it still has no free next cell) or, recalc without whenBlocked, waits. */
  private replanBlocked(i: number, t: number, pos: number, emit: (event: TurnEvent) => void): boolean {
    const state = this.obstacles!;
    state.counts.blocks[i]++;
    if (state.repair.kind === 'recalc' && !state.repair.whenBlocked) return false;
    this.plan(i, pos, false);
    emit({ kind: 'replan', t, agent: i, cell: pos, detail: 'blocked by an obstacle' });
    return this.pathIndex[i] < this.pathLength[i] && this.fits(i, this.paths[i][this.pathIndex[i]]);
  }

  /** Whether unit i's footprint fits with its anchor on `cell` in the live map. */
  private fits(i: number, cell: number): boolean {
    return this.size[i] === 1 ? this.grid.passable[cell] === 1 : this.clearance![cell] >= this.size[i];
  }

  counters(): ControllerCounters {
    return { expanded: this.astar ? this.astar.expanded : 0, reservations: 0 };
  }

  private plan(i: number, pos: number, noisy: boolean): void {
    if (!noisy) this.astar.clearBlocked();
    const noise = noisy ? this.agitation[i] * this.agitationNoise : 0;
    // A goal an obstacle holds: no search (it would cover the whole map in vain); wait and try again.
    const found = (this.obstacles === null || this.fits(i, this.goal[i])) && this.astar.search(pos, this.goal[i], this.size[i], noise, this.random);
    this.stale[i] = 0;
    this.pathIndex[i] = 0;
    if (this.obstacles !== null) {
      this.sincePlan[i] = 0;
      if (found) this.obstacles.counts.pathSteps[i] += this.astar.pathLength;
    }
    if (!found) {
      this.pathLength[i] = 0;
      return;
    }
    const len = this.astar.pathLength;
    if (this.paths[i].length < len) this.paths[i] = new Int32Array(len * 2);
    this.paths[i].set(this.astar.path.subarray(0, len));
    this.pathLength[i] = len;
  }

  /** Marks the other agents' footprints within `neighbourRadius` of agent i as walls. */
  private blockNeighbours(i: number, pos: number, positions: Int32Array): void {
    const astar = this.astar;
    astar.clearBlocked();
    const w = this.grid.width;
    const px = pos % w;
    const py = (pos - px) / w;
    const reach = this.neighbourRadius + this.size[i];
    for (let j = 0; j < this.n; j++) {
      if (j === i || this.gone[j] === 1) continue;
      const q = positions[j];
      const qx = q % w;
      const qy = (q - qx) / w;
      const s = this.size[j];
      if (qx + s - 1 < px - reach || qx > px + reach || qy + s - 1 < py - reach || qy > py + reach) continue;
      for (let dy = 0; dy < s; dy++) for (let dx = 0; dx < s; dx++) astar.block(q + dy * w + dx);
      if (this.moveTarget[j] >= 0) for (let dy = 0; dy < s; dy++) for (let dx = 0; dx < s; dx++) astar.block(this.moveTarget[j] + dy * w + dx);
    }
  }

  private occupiedByOther(anchor: number, size: number, i: number): boolean {
    const w = this.grid.width;
    for (let dy = 0; dy < size; dy++) {
      for (let dx = 0; dx < size; dx++) {
        const o = this.occupant[anchor + dy * w + dx];
        if (o >= 0 && o !== i) return true;
      }
    }
    return false;
  }

  private mark(anchor: number, size: number, value: number): void {
    const w = this.grid.width;
    for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) this.occupant[anchor + dy * w + dx] = value;
  }
}

/** LRA*: A* with local repair and agitation noise (Silver 2005). */
export function createLraController(instance: CooperativeInstance, options: ControllerOptions): LocalRepairController {
  return new LocalRepairController(instance, options);
}
