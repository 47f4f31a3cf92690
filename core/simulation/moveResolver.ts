/**
 * Executes one turn's proposed moves the way a game engine would: a move that breaks a rule is
 * refused (the agent stays where it is) and recorded as a collision naming the rule.
 *
 * The rules are the validator's (core/mapf/validator.ts): vertex, swap (head to head, Silver 2006),
 * diagonal crossing (8-connected, Standley 2010), following when disabled; plus moves into walls and
 * moves that are not one legal step. Refusing a move can make another one illegal (an agent that
 * stays blocks the one that was about to follow it), so resolution repeats until stable; every
 * pass refuses at least one mover, so it ends after at most n passes. A stream's unit that is
 * not on the map (its cell is ABSENT, -1) has no move and is in nobody's way.
 */
import type { Grid } from '../grid/grid.ts';
import type { Movement } from '../grid/movement.ts';
import type { ConflictRules, ViolationRule } from '../mapf/validator.ts';

export type CollisionRule = Extract<ViolationRule, 'vertex' | 'swap' | 'diagonal-crossing' | 'following' | 'wall' | 'illegal-move' | 'off-map' | 'obstacle'>;

export interface Collision {
  rule: CollisionRule;
  /** Agents involved; for wall and illegal moves just the mover. */
  agents: number[];
  /** The turn whose step was refused (positions at t stay). */
  t: number;
  /** The cell the refused move aimed at. */
  cell: number;
}

export class MoveResolver {
  private readonly occupantNow: Int32Array;
  private readonly occupantNext: Int32Array;
  /** Cells written into occupantNext in this pass, to undo them without clearing the grid. */
  private touched = new Int32Array(0);

  constructor(cells: number) {
    this.occupantNow = new Int32Array(cells).fill(-1);
    this.occupantNext = new Int32Array(cells).fill(-1);
  }

  /**
   * Rewrites `next` so that every move in it is legal, refusing the others; reports each
   * refused conflict once. `current` holds pairwise distinct cells (the simulator keeps it so).
   */
  resolve(grid: Grid, movement: Movement, rules: ConflictRules, t: number, current: Int32Array, next: Int32Array, report: (collision: Collision) => void): void {
    const n = current.length;
    const occupantNow = this.occupantNow;
    const occupantNext = this.occupantNext;
    if (this.touched.length < n) this.touched = new Int32Array(n);
    const touched = this.touched;
    for (let a = 0; a < n; a++) {
      const from = current[a];
      if (from < 0) {
        // A stream's unit not on the map (not yet, or gone): it has no move.
        next[a] = from;
        continue;
      }
      occupantNow[from] = a;
      const to = next[a];
      if (to === from) continue;
      if (!Number.isInteger(to) || to < 0 || to >= grid.cells) {
        report({ rule: 'off-map', agents: [a], t, cell: to });
        next[a] = from;
      } else if (grid.passable[to] === 0) {
        report({ rule: 'wall', agents: [a], t, cell: to });
        next[a] = from;
      } else if (!isStep(grid, movement, from, to)) {
        report({ rule: 'illegal-move', agents: [a], t, cell: to });
        next[a] = from;
      }
    }

    for (let pass = 0; pass <= n; pass++) {
      let refused = false;
      let touchedCount = 0;
      // Vertex: two agents in one cell at t + 1. Refuse every mover; one that stays keeps its cell.
      for (let a = 0; a < n; a++) {
        const cell = next[a];
        if (cell < 0) continue;
        const b = occupantNext[cell];
        if (b < 0) {
          occupantNext[cell] = a;
          touched[touchedCount++] = cell;
          continue;
        }
        report({ rule: 'vertex', agents: [b, a], t, cell });
        if (next[a] !== current[a]) next[a] = current[a];
        if (next[b] !== current[b]) next[b] = current[b];
        refused = true;
      }
      for (let i = 0; i < touchedCount; i++) occupantNext[touched[i]] = -1;
      if (refused) continue;

      for (let a = 0; a < n; a++) {
        const from = current[a];
        const to = next[a];
        if (to === from) continue;
        const b = occupantNow[to];
        if (b >= 0 && b !== a) {
          if (next[b] === from) {
            if (a < b) {
              report({ rule: 'swap', agents: [a, b], t, cell: to });
              next[a] = from;
              next[b] = current[b];
              refused = true;
            }
            continue;
          }
          if (!rules.following && next[b] !== to) {
            report({ rule: 'following', agents: [a, b], t, cell: to });
            next[a] = from;
            refused = true;
            continue;
          }
        }
        if (movement.connectivity === 8) {
          const w = grid.width;
          const fx = from % w;
          const fy = (from - fx) / w;
          const dx = (to % w) - fx;
          const dy = ((to - (to % w)) / w) - fy;
          if (dx !== 0 && dy !== 0) {
            // The crossing diagonal of the same 2x2 block runs between (fx+dx, fy) and (fx, fy+dy).
            const c1 = fy * w + fx + dx;
            const c2 = (fy + dy) * w + fx;
            const b1 = occupantNow[c1];
            if (b1 >= 0 && b1 !== a && next[b1] === c2) {
              if (a < b1) report({ rule: 'diagonal-crossing', agents: [a, b1], t, cell: to });
              next[a] = from;
              next[b1] = c1;
              refused = true;
              continue;
            }
            const b2 = occupantNow[c2];
            if (b2 >= 0 && b2 !== a && next[b2] === c1) {
              if (a < b2) report({ rule: 'diagonal-crossing', agents: [a, b2], t, cell: to });
              next[a] = from;
              next[b2] = c2;
              refused = true;
            }
          }
        }
      }
      if (!refused) break;
    }
    for (let a = 0; a < n; a++) if (current[a] >= 0) occupantNow[current[a]] = -1;
  }
}

/** Is from -> to one step under the movement rules (geometry and corner rule)? */
function isStep(grid: Grid, movement: Movement, from: number, to: number): boolean {
  const w = grid.width;
  const fx = from % w;
  const fy = (from - fx) / w;
  const tx = to % w;
  const ty = (to - tx) / w;
  const dx = tx - fx;
  const dy = ty - fy;
  if (dx < -1 || dx > 1 || dy < -1 || dy > 1) return false;
  if (dx === 0 || dy === 0) return true;
  if (movement.connectivity === 4) return false;
  return movement.corners === 'cut' || (grid.passable[fy * w + tx] === 1 && grid.passable[ty * w + fx] === 1);
}
