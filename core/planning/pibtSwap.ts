/**
 * The swap operation's two tests (Okumura, "Improving LaCAM for Scalable Eventually Optimal
 * Multi-Agent Pathfinding", IJCAI 2023, section 4, after Push and Swap, Luna and Bekris 2011;
 * the tests as in Kei18/lacam3 pibt.cpp, is_swap_required and is_swap_possible).
 *
 * Two units face each other in a corridor. PIBT alone pushes the one behind back and forth and
 * never lets them pass. The tests walk the corridor one cell at a time, counting at each cell the
 * neighbours a unit could be pulled into (not the cell just left, not a dead end where a unit
 * already rests on its goal):
 * - swap required: walking from the puller's cell toward the pusher's goal, the corridor never
 *   opens (fewer than two exits) while the pusher still gets nearer its goal, and at its end the
 *   two units want opposite directions;
 * - swap possible: walking from the pusher's cell away from the puller, the corridor opens (two
 *   exits or more) before it loops back: there is room for the two to change places.
 */
import type { Grid } from '../grid/grid.ts';

const NONE = -1;
/** onlyWayOn's answer when the corridor opens (cells are >= 0, NONE is -1). */
const MANY = -2;

export class SwapTests {
  private readonly grid: Grid;
  private readonly goals: Int32Array;
  private readonly occupiedNow: Int32Array;
  private readonly distance: (unit: number, cell: number) => number;
  /** Open neighbours of each cell (4-connected), computed once: the map does not change in a search. */
  private readonly degree: Uint8Array;
  // Neighbour buffers: one for partner's loop, one for the corridor walks it calls.
  private readonly around = new Int32Array(4);
  private readonly aroundPartner = new Int32Array(4);

  constructor(grid: Grid, goals: Int32Array, occupiedNow: Int32Array, distance: (unit: number, cell: number) => number) {
    this.grid = grid;
    this.goals = goals;
    this.occupiedNow = occupiedNow;
    this.distance = distance;
    this.degree = new Uint8Array(grid.cells);
    for (let c = 0; c < grid.cells; c++) if (grid.passable[c] === 1) this.degree[c] = this.neighbours(c, this.around);
  }

  /**
   * The unit unit i should swap with, given its best cell `best` (candidates nearest the goal
   * first), or -1. `from`/`to` are every unit's cell now and the next cells decided so far.
   */
  partner(i: number, best: number, from: Int32Array, to: Int32Array): number {
    const here = from[i];
    // The usual case: the unit on the cell i wants, undecided, in a corridor with no room.
    const j = this.occupiedNow[best];
    if (j !== NONE && j !== i && to[j] === NONE && this.required(i, j, here, from[j]) && this.possible(from[j], here)) return j;
    // The clearing case: i moves on, and a unit behind it would have to follow it through.
    if (best !== here) {
      const around = this.aroundPartner;
      const count = this.neighbours(here, around);
      for (let a = 0; a < count; a++) {
        const k = this.occupiedNow[around[a]];
        if (k !== NONE && best !== from[k] && this.required(k, i, here, best) && this.possible(best, here)) return k;
      }
    }
    return NONE;
  }

  /** Whether `pusher` (at pusherCell) and `puller` (at pullerCell) must change places to progress. */
  required(pusher: number, puller: number, pusherCell: number, pullerCell: number): boolean {
    const d = this.distance;
    let vPusher = pusherCell;
    let vPuller = pullerCell;
    while (d(pusher, vPuller) < d(pusher, vPusher)) {
      const next = this.onlyWayOn(vPuller, vPusher);
      if (next === MANY) return false; // room to pass each other here
      if (next === NONE) break;
      vPusher = vPuller;
      vPuller = next;
    }
    return d(puller, vPusher) < d(puller, vPuller) && (d(pusher, vPusher) === 0 || d(pusher, vPuller) < d(pusher, vPusher));
  }

  /** Whether the corridor from pullerCell, leaving pusherCell behind, opens before it loops back. */
  possible(pusherCell: number, pullerCell: number): boolean {
    let vPusher = pusherCell;
    let vPuller = pullerCell;
    while (vPuller !== pusherCell) {
      const next = this.onlyWayOn(vPuller, vPusher);
      if (next === MANY) return true;
      if (next === NONE) return false;
      vPusher = vPuller;
      vPuller = next;
    }
    return false;
  }

  /**
   * From `cell`, arrived at from `previous`: the one neighbour a unit could move on to, NONE if
   * there is none, MANY if two or more (neither `previous` nor a dead end holding a unit on its goal).
   */
  private onlyWayOn(cell: number, previous: number): number {
    const around = this.around;
    const count = this.neighbours(cell, around);
    let open = 0;
    let way = NONE;
    for (let a = 0; a < count; a++) {
      const u = around[a];
      const k = this.occupiedNow[u];
      if (u === previous || (this.degree[u] === 1 && k !== NONE && this.goals[k] === u)) continue;
      open++;
      way = u;
    }
    return open >= 2 ? MANY : open === 0 ? NONE : way;
  }

  /** The open 4-connected neighbours of `cell`, written into `out`; returns how many. */
  private neighbours(cell: number, out: Int32Array): number {
    const grid = this.grid;
    const w = grid.width;
    const passable = grid.passable;
    const x = cell % w;
    let count = 0;
    if (cell >= w && passable[cell - w] === 1) out[count++] = cell - w;
    if (x + 1 < w && passable[cell + 1] === 1) out[count++] = cell + 1;
    if (cell + w < grid.cells && passable[cell + w] === 1) out[count++] = cell + w;
    if (x > 0 && passable[cell - 1] === 1) out[count++] = cell - 1;
    return count;
  }
}

