/**
 * A robot's distance to its goal counting the turns it must make first: the distance of its cell
 * (the goal's breadth-first table, or the guide-path cost: epibtPlanner.ts), plus one turn when no
 * neighbour closer to the goal lies straight ahead but one lies to a side, or two when the only
 * closer neighbours are behind. The winner's planner keeps an exact table per goal over the 4
 * headings of every cell (heuristic_matrix.cpp); that is four times the memory of ours, and at
 * 5,000 robots the tables are what bounds the cache (distanceTables.ts). Counting the first turn
 * exactly is what tells EPIBT's operations apart: they end a few cells from the start, so each one
 * pays its own turns and this charges only the turn the end state still owes.
 */
import { FAR, type MapGraph } from '../mapGraph.ts';

/** A robot's distance from a cell to its goal; FAR or more when unreachable. */
export type CellDistance = (cell: number) => number;

/** The cell ahead of `cell` facing `heading`, or -1 off the map or into a wall. */
export function aheadOf(graph: MapGraph, cell: number, heading: number): number {
  const w = graph.width;
  const x = cell % w;
  let next: number;
  if (heading === 0) next = x === w - 1 ? -1 : cell + 1;
  else if (heading === 1) next = cell + w;
  else if (heading === 2) next = x === 0 ? -1 : cell - 1;
  else next = cell - w;
  if (next < 0 || next >= graph.cells || graph.passable[next] === 0) return -1;
  return next;
}

/** Turns and moves from (`cell`, `heading`) to the goal of `distance`, the turns after the first ignored; FAR when unreachable. */
export function headingDistance(graph: MapGraph, distance: CellDistance, cell: number, heading: number): number {
  const d = distance(cell);
  if (d === 0) return 0;
  if (d >= FAR) return FAR;
  const ahead = aheadOf(graph, cell, heading);
  if (ahead !== -1 && distance(ahead) < d) return d;
  const right = aheadOf(graph, cell, (heading + 1) & 3);
  if (right !== -1 && distance(right) < d) return d + 1;
  const left = aheadOf(graph, cell, (heading + 3) & 3);
  if (left !== -1 && distance(left) < d) return d + 1;
  return d + 2;
}
