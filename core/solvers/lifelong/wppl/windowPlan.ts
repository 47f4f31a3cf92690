/**
 * The windowed plan WPPL improves: every robot's states (cell, heading) at t = 0..W, and a
 * reservation table of who stands on which cell at which t, so a replanned robot avoids everyone
 * else's windowed path (WPPL, Jiang et al., SoCS 2024; DiligentPanda/MAPF-LRR2023, MIT,
 * src/LNS/PathTable.cpp keeps the same table for its window). The table is dense, (W + 1) × cells
 * of four bytes (warehouse_large: 3 MB at W = 10), written and cleared one path at a time.
 *
 * A path's cost, as WPPL's getEstimatedPathLength counts it with unit action costs, is the steps
 * to the window's end plus the robot's distance to its goal there, or, once the path has reached
 * the goal, no more than that: here the step it first reaches the goal, so that of two paths that
 * both arrive the earlier one is cheaper (WPPL counts both as W).
 */
import type { MapGraph } from '../mapGraph.ts';
import { type CellDistance, headingDistance } from '../epibt/headingDistance.ts';

const NONE = -1;

export class WindowPlan {
  readonly window: number;
  readonly robots: number;
  private readonly cells: number;
  /** cell[r * (W + 1) + t], heading[r * (W + 1) + t]: robot r's state at t. */
  readonly cell: Int32Array;
  readonly heading: Uint8Array;
  /** Each robot's path cost (see the file's header) and the lower bound it cannot beat. */
  readonly cost: Float64Array;
  readonly lowerBound: Float64Array;
  /** occupant[t * cells + c]: the robot on cell c at t, or -1. */
  readonly occupant: Int32Array;

  constructor(graph: MapGraph, robots: number, window: number) {
    this.window = window;
    this.robots = robots;
    this.cells = graph.cells;
    this.cell = new Int32Array(robots * (window + 1));
    this.heading = new Uint8Array(robots * (window + 1));
    this.cost = new Float64Array(robots);
    this.lowerBound = new Float64Array(robots);
    this.occupant = new Int32Array((window + 1) * graph.cells).fill(NONE);
  }

  /** Writes robot r's path into the reservation table. */
  reserve(r: number): void {
    const { window, cells, cell, occupant } = this;
    const base = r * (window + 1);
    for (let t = 0; t <= window; t++) occupant[t * cells + cell[base + t]] = r;
  }

  /** Clears robot r's path from the reservation table (only where it is still r's). */
  release(r: number): void {
    const { window, cells, cell, occupant } = this;
    const base = r * (window + 1);
    for (let t = 0; t <= window; t++) {
      const at = t * cells + cell[base + t];
      if (occupant[at] === r) occupant[at] = NONE;
    }
  }

  /** Clears the whole table (a new window). */
  clearReservations(): void {
    this.occupant.fill(NONE);
  }

  /** Sum of every robot's cost. */
  totalCost(): number {
    let sum = 0;
    for (let r = 0; r < this.robots; r++) sum += this.cost[r];
    return sum;
  }
}

/**
 * The cost of a path of states (cells, headings) at t = 0..W toward `goal` (-1: no task, cost 0):
 * the first t on the goal, else W plus the heading-aware distance from the last state.
 */
export function pathCost(graph: MapGraph, distance: CellDistance, goal: number, cells: Int32Array, headings: Uint8Array, offset: number, window: number): number {
  if (goal < 0) return 0;
  for (let t = 0; t <= window; t++) if (cells[offset + t] === goal) return t;
  return window + headingDistance(graph, distance, cells[offset + window], headings[offset + window]);
}
