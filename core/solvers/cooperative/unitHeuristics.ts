/**
 * HCA*'s and WHCA*'s heuristic: one Reverse Resumable A* per unit (Silver 2005, "Hierarchical
 * Cooperative A*"), aimed at the unit's original position and restarted when its work grows too
 * large or the unit is past half-way (Silver 2006, "Resuming Backwards Search"), with a budget of
 * expansions per turn shared by that turn's searches. A restart re-aims the search at the unit's
 * cell and keeps what it closed (ReverseResumableAStar.retarget: closed distances do not depend
 * on where the search was aimed), and every resumption aims at the unit's current cell. A unit
 * heading for a stream's exit reads the exit's shared table instead (exitDistances.ts).
 */
import type { Grid } from '../../grid/grid.ts';
import type { Movement } from '../../grid/movement.ts';
import type { AgentTask } from '../../mapf/instance.ts';
import { ReverseResumableAStar } from '../../search/reverseResumableAStar.ts';
import type { StreamExitView } from '../../contract/controller.ts';
import { ExitDistances } from './exitDistances.ts';
import type { AbstractDistance } from './spaceTimeAStar.ts';

/** RRA* expansions any one search may spend even when the turn's budget is used up. */
const RRA_FLOOR = 256;
/**
 * Table size (slots) up to which a restart keeps the closed nodes and only re-aims the search
 * (ReverseResumableAStar.retarget); a larger table is dropped, giving its memory back.
 */
const RETARGET_CAPACITY = 16 * 1024;

export class UnitHeuristics {
  private readonly rra: (ReverseResumableAStar | null)[];
  private base: Int32Array;
  private basePending: Uint8Array;
  /** RRA* expansions left this turn (Infinity in init and without a budget). */
  private left = Infinity;
  /** Expansions of RRA*s dropped (units gone or with a new goal). */
  private dropped = 0;
  private grid!: Grid;
  private movement!: Movement;
  private clearance: Uint16Array | null = null;
  /** A stream's exits (null: none), and their shared tables. */
  private exits: StreamExitView | null = null;
  private exitDistances: ExitDistances | null = null;

  /** `restartFactor`: restart once a unit's work exceeds this many times its first search's. */
  constructor(
    private agents: readonly AgentTask[],
    private size: Int32Array,
    private readonly restartFactor: number,
    private readonly budget: number,
  ) {
    const n = agents.length;
    this.rra = new Array<ReverseResumableAStar | null>(n).fill(null);
    this.base = new Int32Array(n);
    this.basePending = new Uint8Array(n);
  }

  /** Streams: room for `n` units (world.agents grew to `agents`); `size` is the grown size array. */
  grow(agents: readonly AgentTask[], n: number, size: Int32Array): void {
    this.agents = agents;
    this.size = size;
    if (n <= this.base.length) return;
    const base = new Int32Array(n);
    base.set(this.base);
    this.base = base;
    const pending = new Uint8Array(n);
    pending.set(this.basePending);
    this.basePending = pending;
    while (this.rra.length < n) this.rra.push(null);
  }

  /**
   * Forgets unit i's RRA* (it left the map, or its goal changed: the next search starts a new one
   * from where it stands); its work so far still counts in totalExpanded.
   */
  drop(i: number): void {
    const r = this.rra[i];
    if (r !== null) this.dropped += r.totalExpanded;
    this.rra[i] = null;
  }

  attach(grid: Grid, movement: Movement, clearance: Uint16Array | null): void {
    this.grid = grid;
    this.movement = movement;
    this.clearance = clearance;
  }

  /** A stream's exits (WorldView.exits; null: none): units heading for one read its table. */
  useExits(exits: StreamExitView | null): void {
    if (exits === this.exits) return;
    this.exits = exits;
    if (this.exitDistances !== null) this.dropped += this.exitDistances.totalExpanded();
    this.exitDistances = exits === null ? null : new ExitDistances(this.grid, this.movement, exits);
  }

  /** A new turn: the budget is full again (0: no budget). */
  beginTurn(): void {
    this.left = this.budget > 0 ? this.budget : Infinity;
  }

  /** What the next search may spend: every search gets a floor, so the last agents of a busy turn still look ahead a little. */
  searchBudget(): number {
    return this.left === Infinity ? Infinity : Math.max(RRA_FLOOR, this.left);
  }

  spend(used: number): void {
    if (this.left !== Infinity) this.left = Math.max(0, this.left - used);
  }

  /** Expansions of every unit's RRA*, over the run. */
  totalExpanded(): number {
    let expanded = this.dropped + (this.exitDistances?.totalExpanded() ?? 0);
    for (const r of this.rra) if (r !== null) expanded += r.totalExpanded;
    return expanded;
  }

  /**
   * The unit's RRA*, created or restarted as needed: aimed at its original position while its
   * work stays within `restartFactor` times the first search's, else restarted from `pos`;
   * restarted too after the map changed (then from scratch: its distances are stale).
   */
  forUnit(i: number, pos: number): AbstractDistance {
    if (this.exitDistances !== null) {
      const shared = this.exitDistances.forExit(this.exits!.of(i), this.size[i]);
      if (shared !== null) return shared;
    }
    let r = this.rra[i];
    const goal = this.agents[i].goal;
    if (r === null) {
      r = new ReverseResumableAStar(this.grid, this.movement, { size: this.size[i], clearance: this.clearance });
      this.rra[i] = r;
      // Aimed at where the unit stands when it first plans: its start, or in a stream where it got this goal.
      r.reset(pos, goal);
      this.base[i] = Math.max(64, r.expanded);
    } else if (r.gridVersion !== this.grid.version) {
      this.restart(i, pos, 64);
    } else if (this.basePending[i] === 1) {
      // A deferred restart: its first search (the last replan) sets the work bound.
      this.basePending[i] = 0;
      this.base[i] = Math.max(this.base[i], r.expanded);
    } else if (r.expanded > this.restartFactor * this.base[i]) {
      // The bound at least doubles with each restart: on open ground every cell of the rectangle
      // between goal and origin ties on f, so a restart may not help, and doubling keeps the total
      // within a constant factor of the work a never-restarted search would do.
      this.restart(i, pos, 2 * this.base[i]);
    } else if (r.isClosed(pos) && r.isClosed(r.origin) && 2 * r.distance(pos) < r.distance(r.origin)) {
      // Past half-way: the contours around the original route now mostly cover ground the unit
      // has left behind, and a detour would resume them all; a search aimed at where the unit
      // is costs at most what is left of the route, and re-aimed it costs one pass over its table.
      this.restart(i, pos, 64);
    }
    // Whatever resumes next aims at where the unit is: the searches ask about cells around it,
    // and contours aimed anywhere else also cover ground it has left behind or never goes to
    // (the obstacles benchmark, 1,000 units on Berlin_1_256 among 100 patrols: RRA* expansions per turn
    // fell from about 7,700 to 3,200, and from 10,000 before restarts kept their closed nodes).
    if (r.gridVersion === this.grid.version) r.aim(pos);
    return r;
  }

  /**
   * Restarts unit i's RRA* aimed at `pos`: re-aimed, keeping its closed nodes, unless the map
   * changed or its table grew past RETARGET_CAPACITY. Inside a turn with a budget the first
   * expansions wait for the search's own queries (so the budget covers them); the new work bound
   * is set from `base` and, once known, what the restart itself cost is not counted against it.
   */
  private restart(i: number, pos: number, base: number): void {
    const r = this.rra[i]!;
    const deferred = this.left !== Infinity;
    if (r.gridVersion === this.grid.version && r.capacity <= RETARGET_CAPACITY) r.retarget(pos, !deferred);
    else r.reset(pos, this.agents[i].goal, !deferred);
    this.base[i] = Math.max(base, deferred ? 0 : r.expanded);
    this.basePending[i] = deferred ? 1 : 0;
  }
}
