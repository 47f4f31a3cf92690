/**
 * Flow fields (E. Emerson, "Crowd Pathfinding and Steering Using Flow Field Tiles", Game AI Pro,
 * 2013): per goal, an integration field (the cost from every cell to the goal: Dijkstra over the
 * 8-connected grid without corner cutting) and from it a flow field, each cell pointing to its
 * neighbour of least integrated cost. Every unit heading to one goal shares its field.
 * More on this in README.md, "flowField.ts".
 */
import type { Grid } from '../../grid/grid.ts';
import { DX, DY, OCTILE_NO_CUT, STEP_LENGTH } from '../../grid/movement.ts';
import { BinaryHeap } from '../../search/binaryHeap.ts';
import { type MoveMasks, moveMasksFor } from '../../search/moveMasks.ts';

/** Flow value of the goal cell. */
export const AT_GOAL = 8;
/** Flow value of a cell that cannot reach the goal, a wall, or a cell the field has not reached yet. */
export const NO_FLOW = 255;
/** How far (in cells of path) past its farthest start a field is settled. */
export const MARGIN = 4;

/** Unit direction vectors of the 8 flow directions (movement.ts's DX/DY, normalised). */
export const FLOW_X = Float64Array.from(DX, (d, i) => d / Math.hypot(DX[i], DY[i]));
export const FLOW_Y = Float64Array.from(DY, (d, i) => d / Math.hypot(DX[i], DY[i]));

export interface FlowField {
  goal: number;
  /** Per cell: a direction 0..7 (movement.ts DX/DY), AT_GOAL or NO_FLOW. */
  flow: Uint8Array;
  /** The field's Dijkstra settled every cell that can reach the goal: NO_FLOW there is final. */
  complete: boolean;
  /** The starts (and cells grown to) it was settled for, to grow it again from. */
  targets: number[];
}

/**
 * Builds fields one goal at a time in memory reused between them (costs stamped per build, so a
 * build touches only the cells it reaches).
 */
export class FlowFieldBuilder {
  private readonly distance: Float64Array;
  private readonly stamp: Int32Array;
  private readonly settled: Int32Array;
  private readonly targetMark: Int32Array;
  private readonly heap = new BinaryHeap(1024);
  /** Each cell's legal steps (a bit per direction) and the steps' cell offsets. */
  private readonly moves: MoveMasks;
  private build = 0;
  /** Cells settled by all builds (the work done). */
  expanded = 0;

  constructor(private readonly grid: Grid) {
    this.distance = new Float64Array(grid.cells);
    this.stamp = new Int32Array(grid.cells);
    this.settled = new Int32Array(grid.cells);
    this.targetMark = new Int32Array(grid.cells);
    this.moves = moveMasksFor(grid, OCTILE_NO_CUT, null);
  }

  /**
   * The field toward `goal` settled out to every one of `targets` (the starts) and MARGIN beyond,
   * and each target's integrated cost (Infinity when it cannot reach the goal).
   */
  field(goal: number, targets: readonly number[]): { field: FlowField; costs: number[] } {
    const flow = new Uint8Array(this.grid.cells).fill(NO_FLOW);
    const field: FlowField = { goal, flow, complete: false, targets: [...targets] };
    return { field, costs: this.fill(field) };
  }

  /** Grows `field` out to `cell` (a unit's cell it has not reached) and MARGIN beyond. */
  grow(field: FlowField, cell: number): void {
    field.targets.push(cell);
    this.fill(field);
  }

  private cost(cell: number): number {
    return this.stamp[cell] === this.build ? this.distance[cell] : Infinity;
  }

  /** Runs the field's Dijkstra afresh out to its targets and writes the settled cells' flow; returns the targets' costs. */
  private fill(field: FlowField): number[] {
    const { grid, distance, stamp, settled, targetMark, heap } = this;
    const { goal, targets, flow } = field;
    const { masks, offsets } = this.moves;
    const id = ++this.build;
    let waiting = 0;
    for (const t of targets) {
      if (targetMark[t] !== id && grid.isFree(t)) {
        targetMark[t] = id;
        waiting++;
      }
    }
    heap.clear();
    let count = 0;
    if (grid.isFree(goal)) {
      distance[goal] = 0;
      stamp[goal] = id;
      heap.push(goal, 0);
    }
    let bound = Infinity;
    while (heap.length > 0) {
      const priority = heap.peekPriority();
      if (priority > bound) break;
      const cell = heap.pop();
      if (priority > distance[cell]) continue; // stale entry
      settled[count++] = cell;
      if (targetMark[cell] === id && --waiting === 0) bound = priority + MARGIN;
      // As distanceTable.ts's Dijkstra: entering a cell costs its step length times its weight.
      const enter = grid.weightOf(cell);
      const legal = masks[cell];
      for (let d = 0; d < 8; d++) {
        if ((legal & (1 << d)) === 0) continue;
        const n = cell + offsets[d];
        const candidate = priority + STEP_LENGTH[d] * enter;
        if (stamp[n] !== id || candidate < distance[n]) {
          distance[n] = candidate;
          stamp[n] = id;
          heap.push(n, candidate);
        }
      }
    }
    // The heap ran dry (rather than past the bound): every cell that can reach the goal is settled.
    field.complete = heap.length === 0;
    this.expanded += count;
    // Settled cells' flow: the neighbour of least cost below the cell's own, first in direction order.
    for (let i = 0; i < count; i++) {
      const cell = settled[i];
      if (cell === goal) {
        flow[cell] = AT_GOAL;
        continue;
      }
      let best = -1;
      let bestCost = distance[cell];
      const legal = masks[cell];
      for (let d = 0; d < 8; d++) {
        if ((legal & (1 << d)) === 0) continue;
        const next = cell + offsets[d];
        const c = stamp[next] === id ? distance[next] : Infinity;
        if (c < bestCost) {
          bestCost = c;
          best = d;
        }
      }
      flow[cell] = best >= 0 ? best : NO_FLOW;
    }
    return targets.map((t) => this.cost(t));
  }
}
