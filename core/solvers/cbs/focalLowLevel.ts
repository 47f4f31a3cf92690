/**
 * EECBS's low level: focal search (A*eps, Pearl and Kim 1982) for one unit under its constraints
 * (Li, Ruml and Koenig, "EECBS: A Bounded-Suboptimal Search for Multi-Agent Path Finding", AAAI
 * 2021, section 4; Jiaoyang-Li/EECBS SpaceTimeAStar::findSuboptimalPath). OPEN holds the frontier
 * by f = g + h; FOCAL the frontier nodes with f <= w x f_min, taken fewest conflicts with the
 * other units' paths first (then least f, then largest g). The first goal taken from FOCAL costs
 * at most w x f_min, and f_min is a lower bound on the unit's optimal cost under its constraints:
 * the search returns both.
 *
 * States, constraints and the goal test are those of lowLevel.ts (space-time A*, the `rest`
 * model, one collapsed layer after the last constraint). OPEN is kept as counts per f value (f is
 * a whole number), with the nodes not yet in FOCAL in per-f buckets moved in when f_min rises.
 */
import type { Grid } from '../../grid/grid.ts';
import { fourConnectedStep } from '../../grid/movement.ts';
import { BinaryHeap } from '../../search/binaryHeap.ts';
import { FAR, type LazyDistanceTable } from '../../search/lazyDistanceTable.ts';
import { type AgentConstraints, type ConflictCounter, type LowLevelLimits, isBarred } from './lowLevel.ts';

export interface FocalPath {
  path: Int32Array;
  /** f_min when the path was found: no path under these constraints costs less. */
  lowerBound: number;
}

export class FocalPlanner {
  private readonly grid: Grid;
  private readonly focal = new BinaryHeap(1024);
  private cell = new Int32Array(1024);
  private time = new Int32Array(1024);
  private g = new Int32Array(1024);
  private f = new Int32Array(1024);
  private conf = new Int32Array(1024);
  private parent = new Int32Array(1024);
  private count = 0;
  /** Frontier nodes per f value, and per f the nodes waiting outside FOCAL. */
  private openCount: number[] = [];
  private waiting: number[][] = [];
  private best = new Map<number, number>();
  expanded = 0;
  totalExpanded = 0;
  exhaustedBudget = false;

  constructor(grid: Grid) {
    this.grid = grid;
  }

  /**
   * A path from `start` to resting on `goal` costing at most w x (its lower bound), or null when
   * there is none (or the budget ran out: see exhaustedBudget). `floor` is a lower bound known
   * before (the unit's bound in the parent node: constraints only add).
   */
  plan(start: number, goal: number, distances: LazyDistanceTable, c: AgentConstraints, cat: ConflictCounter | null, w: number, floor: number, limits: LowLevelLimits): FocalPath | null {
    const grid = this.grid;
    const cells = grid.cells;
    const width = grid.width;
    const passable = grid.passable;
    const focal = this.focal;
    focal.clear();
    this.count = 0;
    this.expanded = 0;
    this.exhaustedBudget = false;
    this.openCount = [];
    this.waiting = [];
    this.best.clear();
    const layers = c.maxT + 2;
    const h0 = distances.get(start);
    if (h0 >= FAR || c.vertex.has(start) || isBarred(c, start, 0)) return null;
    let fMin = h0;
    let threshold = Math.floor(w * Math.max(fMin, floor));
    this.add(start, 0, 0, h0, 0, -1, threshold);
    this.best.set(start, 0);
    for (;;) {
      if (focal.length === 0) {
        // Every node within the threshold is gone: f_min rises to the next frontier node's f.
        const next = this.minF(fMin);
        if (next < 0) return null;
        fMin = next;
        threshold = Math.floor(w * Math.max(fMin, floor));
        this.admit(threshold);
        continue;
      }
      const id = focal.pop();
      const cell = this.cell[id];
      const t = this.time[id];
      const g = this.g[id];
      this.openCount[this.f[id]]--;
      const layer = t < layers - 1 ? t : layers - 1;
      if (this.best.get(layer * cells + cell)! >= g) {
        if (cell === goal && t > c.goalT) return { path: this.extract(id), lowerBound: Math.max(floor, fMin) };
        if (++this.expanded > limits.maxExpansions) {
          this.exhaustedBudget = true;
          return null;
        }
        this.totalExpanded++;
        const nt = t + 1;
        const nextLayer = nt < layers - 1 ? nt : layers - 1;
        for (let d = 0; d < 5; d++) {
          const n = fourConnectedStep(cell, d, width, cells);
          if (n < 0 || passable[n] !== 1) continue;
          if (nt <= c.maxT) {
            if (c.vertex.has(nt * cells + n)) continue;
            if (n !== cell && c.edge.has((nt * cells + cell) * cells + n)) continue;
          }
          if (isBarred(c, n, nt)) continue;
          const h = distances.get(n);
          if (h >= FAR) continue;
          const key = nextLayer * cells + n;
          const ng = g + 1;
          const seen = this.best.get(key);
          if (seen !== undefined && seen <= ng) continue;
          this.best.set(key, ng);
          this.add(n, nt, ng, ng + h, this.conf[id] + (cat === null ? 0 : cat.conflicts(n, nt, cell)), id, threshold);
        }
      }
      // With this node gone f_min may rise: FOCAL widens to the new threshold.
      if (this.openCount[fMin] === 0) {
        const next = this.minF(fMin);
        if (next >= 0) {
          fMin = next;
          const widened = Math.floor(w * Math.max(fMin, floor));
          if (widened > threshold) {
            threshold = widened;
            this.admit(threshold);
          }
        }
      }
    }
  }

  /** The least f with frontier nodes, from `from` on (-1 when none is left). */
  private minF(from: number): number {
    for (let f = from; f < this.openCount.length; f++) if (this.openCount[f] > 0) return f;
    return -1;
  }

  /** Moves the waiting nodes with f <= threshold into FOCAL. */
  private admit(threshold: number): void {
    const last = Math.min(threshold, this.waiting.length - 1);
    for (let f = 0; f <= last; f++) {
      const bucket = this.waiting[f];
      if (bucket === undefined || bucket.length === 0) continue;
      for (const id of bucket) this.pushFocal(id);
      bucket.length = 0;
    }
  }

  private add(cell: number, t: number, g: number, f: number, conflicts: number, parent: number, threshold: number): void {
    if (this.count === this.cell.length) this.grow();
    const id = this.count++;
    this.cell[id] = cell;
    this.time[id] = t;
    this.g[id] = g;
    this.f[id] = f;
    this.conf[id] = conflicts;
    this.parent[id] = parent;
    while (this.openCount.length <= f) this.openCount.push(0);
    this.openCount[f]++;
    if (f <= threshold) this.pushFocal(id);
    else {
      while (this.waiting.length <= f) this.waiting.push([]);
      this.waiting[f].push(id);
    }
  }

  private pushFocal(id: number): void {
    // Fewest conflicts, then least f, then largest g.
    this.focal.push(id, (Math.min(this.conf[id], 16383) * 16384 + Math.min(this.f[id], 16383)) * 16384 + (16383 - Math.min(this.g[id], 16383)));
  }

  private extract(id: number): Int32Array {
    const path = new Int32Array(this.time[id] + 1);
    for (let n = id; n >= 0; n = this.parent[n]) path[this.time[n]] = this.cell[n];
    return path;
  }

  private grow(): void {
    const size = this.cell.length * 2;
    const grow = (a: Int32Array): Int32Array<ArrayBuffer> => {
      const b = new Int32Array(size);
      b.set(a);
      return b;
    };
    this.cell = grow(this.cell);
    this.time = grow(this.time);
    this.g = grow(this.g);
    this.f = grow(this.f);
    this.conf = grow(this.conf);
    this.parent = grow(this.parent);
  }
}
