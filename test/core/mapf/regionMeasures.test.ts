import { describe, expect, it } from 'vitest';
import { measureRegion, measureRegions } from '../../../core/mapf/regionMeasures.ts';

describe('measureRegion', () => {
  // One row of six cells; the region is the single cell x = 2.
  const region = { name: 'bridge', from: [2, 0] as const, to: [2, 0] as const };

  it('counts passages, entries, waits next to the region and the queue, turn by turn', () => {
    const plan = {
      width: 6,
      // A crosses at once; B waits far away (t = 1, not counted), then next to the bridge (t = 3), then crosses.
      paths: [[1, 2, 3, 4], [0, 0, 1, 1, 2, 3]],
      goals: [4, 3],
    };
    const m = measureRegion(plan, region);
    expect(m).toEqual({
      name: 'bridge', units: 2, firstEntry: 1, lastExit: 4, throughput: 5, peakThroughput: 2,
      entries: 2, crossings: 2, turnBacks: 0, crossingRate: 5, peakCrossings: 2,
      totalWait: 1, meanWait: 0.5, maxWait: 1, queue: [0, 0, 0, 1, 0, 0], maxQueue: 1,
    });
  });

  it('a unit that steps onto the bridge and back out the same side is an entry and a turn-back, not a crossing', () => {
    // Cells 0..5 in a row, the bridge is x = 2..3: unit 1 steps on twice from the west, backs off once, then crosses.
    const m = measureRegion({ width: 6, paths: [[1, 2, 1, 2, 3, 4, 5]], goals: [5] }, { name: 'b', from: [2, 0], to: [3, 0] });
    expect(m).toMatchObject({ entries: 2, crossings: 1, turnBacks: 1, peakThroughput: 2, peakCrossings: 1 });
  });

  it('sides: north to south across a row is a crossing, off a corner and out by an adjacent side too; a visit the plan starts or ends in is neither', () => {
    // 5x3 map; the region is the middle row's cells x = 1..3 (y = 1).
    const region = { name: 'row', from: [1, 1] as const, to: [3, 1] as const };
    const c = (x: number, y: number) => y * 5 + x;
    const across = measureRegion({ width: 5, paths: [[c(2, 0), c(2, 1), c(2, 2)]], goals: [c(2, 2)] }, region);
    expect(across).toMatchObject({ entries: 1, crossings: 1, turnBacks: 0 });
    // In off the north-west corner (8-connected), out to the south: a crossing; out to the north: a turn-back.
    expect(measureRegion({ width: 5, paths: [[c(0, 0), c(1, 1), c(1, 2)]], goals: [c(1, 2)] }, region)).toMatchObject({ crossings: 1, turnBacks: 0 });
    expect(measureRegion({ width: 5, paths: [[c(0, 0), c(1, 1), c(1, 0)]], goals: [c(1, 0)] }, region)).toMatchObject({ crossings: 0, turnBacks: 1 });
    // Starting in it, or ending in it: an entry, neither crossing nor turn-back.
    expect(measureRegion({ width: 5, paths: [[c(2, 1), c(2, 2)], [c(2, 0), c(2, 1)]], goals: [c(2, 2), c(2, 1)] }, region)).toMatchObject({ entries: 2, crossings: 0, turnBacks: 0 });
  });

  it('a 2x2 unit crossing a one-cell region: its footprint beyond the west side before, beyond the east side after', () => {
    // 6x2 map, region (2, 0)..(2, 1); the unit's anchor moves 0 -> 1 -> 2 -> 3.
    const m = measureRegion({ width: 6, paths: [[0, 1, 2, 3]], goals: [3], sizes: [2] }, { name: 'r', from: [2, 0], to: [2, 1] });
    expect(m).toMatchObject({ entries: 1, crossings: 1, turnBacks: 0 });
  });

  it('a unit waiting on its goal next to the region is not queued; a unit that never enters but waits next to it counts in the waits', () => {
    const plan = { width: 6, paths: [[3, 3, 3], [0, 1, 1]], goals: [3, 4] };
    const m = measureRegion(plan, region);
    expect(m.units).toBe(0);
    expect(m.firstEntry).toBeNull();
    expect(m.throughput).toBe(0);
    expect(m.queue).toEqual([0, 0, 1]);
    expect(m.totalWait).toBe(1);
    expect(m.meanWait).toBe(1);
  });

  it('a large unit stands in the region when any cell of its footprint does; corners may come in either order', () => {
    // 4x4 map; a 2x2 unit anchored at (0, 0) covers (1, 1), the region's cell.
    const plan = { width: 4, paths: [[0, 4]], goals: [4], sizes: [2] };
    const m = measureRegion(plan, { name: 'r', from: [1, 1], to: [1, 1] });
    expect(m.units).toBe(1);
    expect(m.firstEntry).toBe(0);
    expect(m.lastExit).toBe(1);
    const swapped = measureRegion(plan, { name: 'r', from: [3, 3], to: [1, 1] });
    expect(swapped.units).toBe(1);
  });

  it('agrees with a cell-by-cell count on random plans', () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
    for (let trial = 0; trial < 200; trial++) {
      const width = 3 + rand(5);
      const height = 3 + rand(5);
      const n = 1 + rand(4);
      const paths: number[][] = [];
      const goals: number[] = [];
      for (let a = 0; a < n; a++) {
        const length = 1 + rand(8);
        const path: number[] = [];
        let cell = rand(width * height);
        for (let t = 0; t < length; t++) {
          if (rand(3) > 0) cell = rand(width * height);
          path.push(cell);
        }
        paths.push(path);
        goals.push(rand(2) === 0 ? path[path.length - 1] : rand(width * height));
      }
      const from = [rand(width), rand(height)] as const;
      const to = [rand(width), rand(height)] as const;
      const got = measureRegions({ width, paths, goals }, [{ name: 'x', from, to }])[0];
      // The reference: the region's cells and the ring as sets.
      const inRegion = new Set<number>();
      const near = new Set<number>();
      const [xa, xb] = [Math.min(from[0], to[0]), Math.max(from[0], to[0])];
      const [ya, yb] = [Math.min(from[1], to[1]), Math.max(from[1], to[1])];
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
        const c = y * width + x;
        if (x >= xa && x <= xb && y >= ya && y <= yb) inRegion.add(c);
        else if (x >= xa - 1 && x <= xb + 1 && y >= ya - 1 && y <= yb + 1) near.add(c);
      }
      const turns = Math.max(...paths.map((p) => p.length));
      const at = (p: number[], t: number) => p[Math.min(t, p.length - 1)];
      let units = 0;
      let waitsTotal = 0;
      let counted = 0;
      const queue = new Array(turns).fill(0);
      for (let a = 0; a < n; a++) {
        let stood = false;
        let waits = 0;
        for (let t = 0; t < turns; t++) {
          const c = at(paths[a], t);
          if (inRegion.has(c)) stood = true;
          if (t > 0 && c === at(paths[a], t - 1) && c !== goals[a] && (inRegion.has(c) || near.has(c))) {
            waits++;
            if (near.has(c)) queue[t]++;
          }
        }
        if (stood) units++;
        if (stood || waits > 0) { counted++; waitsTotal += waits; }
      }
      expect(got.units).toBe(units);
      expect(got.totalWait).toBe(waitsTotal);
      expect(got.queue).toEqual(queue);
      expect(got.meanWait).toBeCloseTo(counted > 0 ? waitsTotal / counted : 0);
    }
  });
});
