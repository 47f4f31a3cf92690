/**
 * A guidance of lanes for a map, computed once before a run: each row's moves prefer one way and
 * the next row's the other, and so do columns, as the lanes of a highway (Cohen, Uras and Koenig,
 * "Feasibility Study: Using Highways for Bounded-Suboptimal Multi-Agent Path Finding", SoCS 2015;
 * the LoRR 2024 winner's graph_guidance.cpp `set_grid`, which weighs a move against its row's or
 * column's way ten times one with it). A move against the way costs `penalty` more in the guide-path
 * search (guidePaths.ts), so robots going opposite ways keep to different rows and columns where
 * the map has them, and still take a single lane either way where it has not.
 */
import type { MapGraph } from './mapGraph.ts';

/** Per cell and direction (0 east, 1 south, 2 west, 3 north), the extra cost of moving that way. */
export function highwayLanes(graph: MapGraph, penalty: number): Uint16Array {
  const { width, height } = graph;
  const cost = new Uint16Array(graph.cells * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      // Even rows run east, odd rows west; even columns run south, odd columns north.
      cost[at + ((y & 1) === 0 ? 2 : 0)] = penalty;
      cost[at + ((x & 1) === 0 ? 3 : 1)] = penalty;
    }
  }
  return cost;
}
