/**
 * The independent reference for the optimal solvers' tests: uniform-cost search of the whole
 * joint state space, every agent moving at once, with legality judged pairwise from coordinates.
 * Slow on purpose: strings for states, every combination of moves tried.
 *
 * Cost is the sum over agents of pathCost (core/mapf/plan.ts) under the cost model asked for.
 * 'away': every agent pays 1 per step unless it waits on its goal. 'rest': the time until the
 * agent rests on its goal for good; a state records which agents have "stopped for good" on their
 * goal; such an agent costs nothing more and never moves again. Every other agent pays 1 per
 * step, waits included, so waiting on the goal and leaving later pays for the waits.
 */
import type { MapfInstance } from '../../../../core/mapf/instance.ts';
import type { CostModel } from '../../../../core/mapf/plan.ts';

export interface BruteResult {
  /** Optimal sum of costs, or null when no plan exists. */
  cost: number | null;
  paths: number[][];
  states: number;
}

interface Option {
  to: number;
  stop: boolean;
}

export function bruteForceOptimum(instance: MapfInstance, model: CostModel, maxStates = 2_000_000): BruteResult {
  const { grid, movement, agents } = instance;
  const n = agents.length;
  const w = grid.width;
  const dirs: [number, number][] = [[0, -1], [1, 0], [0, 1], [-1, 0]];
  if (movement.connectivity === 8) dirs.push([1, -1], [1, 1], [-1, 1], [-1, -1]);
  const free = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < grid.height && grid.passable[y * w + x] === 1;

  const options = (cell: number, stopped: boolean, goal: number): Option[] => {
    if (stopped) return [{ to: cell, stop: true }];
    const x = cell % w;
    const y = Math.floor(cell / w);
    const result: Option[] = [{ to: cell, stop: false }];
    if (cell === goal && model === 'rest') result.push({ to: cell, stop: true });
    for (const [dx, dy] of dirs) {
      if (!free(x + dx, y + dy)) continue;
      if (dx !== 0 && dy !== 0 && movement.corners === 'no-cut' && (!free(x + dx, y) || !free(x, y + dy))) continue;
      result.push({ to: (y + dy) * w + x + dx, stop: false });
    }
    return result;
  };
  const compatible = (fa: number, ta: number, fb: number, tb: number): boolean => {
    if (ta === tb) return false;
    if (ta === fb && tb === fa && fa !== ta) return false;
    const [ax, ay, bx, by] = [fa % w, Math.floor(fa / w), fb % w, Math.floor(fb / w)];
    const [adx, ady, bdx, bdy] = [(ta % w) - ax, Math.floor(ta / w) - ay, (tb % w) - bx, Math.floor(tb / w) - by];
    if (adx !== 0 && ady !== 0 && bdx !== 0 && bdy !== 0) {
      // Crossing: b runs along the other diagonal of a's 2x2 block.
      if (bx === ax + adx && by === ay && bx + bdx === ax && by + bdy === ay + ady) return false;
      if (bx === ax && by === ay + ady && bx + bdx === ax + adx && by + bdy === ay) return false;
    }
    return true;
  };

  // A state is the number sum(cell_a * cells^a) * 2^n + (stopped bits): exact for tiny maps.
  const cells = grid.cells;
  const scale = 2 ** n;
  const encode = (at: number[], stopped: boolean[]) => {
    let k = 0;
    for (let a = n - 1; a >= 0; a--) k = k * cells + at[a];
    let bits = 0;
    for (let a = 0; a < n; a++) if (stopped[a]) bits |= 1 << a;
    return k * scale + bits;
  };
  const decode = (k: number): [number[], boolean[]] => {
    const bits = k % scale;
    let rest = (k - bits) / scale;
    const at: number[] = [];
    for (let a = 0; a < n; a++) {
      at.push(rest % cells);
      rest = Math.floor(rest / cells);
    }
    return [at, at.map((_, a) => ((bits >> a) & 1) === 1)];
  };
  const best = new Map<number, number>();
  const parentOf = new Map<number, number>();
  const buckets: number[][] = [];
  const push = (k: number, cost: number, parent: number) => {
    const old = best.get(k);
    if (old !== undefined && old <= cost) return;
    best.set(k, cost);
    parentOf.set(k, parent);
    (buckets[cost] ??= []).push(k);
  };
  push(encode(agents.map((a) => a.start), agents.map(() => false)), 0, -1);
  const done = new Set<number>();
  const chosen: Option[] = [];
  for (let cost = 0; cost < buckets.length; cost++) {
    const bucket = buckets[cost] ?? [];
    // Zero-cost moves append to the bucket being read, so iterate by index.
    for (let i = 0; i < bucket.length; i++) {
      const k = bucket[i];
      if (best.get(k) !== cost || done.has(k)) continue;
      done.add(k);
      if (done.size > maxStates) throw new Error(`brute force gave up after ${maxStates} states`);
      const [at, stopped] = decode(k);
      if (at.every((c, a) => c === agents[a].goal)) return { cost, paths: unwind(k), states: done.size };
      const perAgent = at.map((c, a) => options(c, stopped[a], agents[a].goal));
      const extend = (a: number, stepCost: number) => {
        if (a === n) {
          push(encode(chosen.map((o) => o.to), chosen.map((o) => o.stop)), cost + stepCost, k);
          return;
        }
        for (const option of perAgent[a]) {
          let ok = true;
          for (let b = 0; b < a && ok; b++) ok = compatible(at[a], option.to, at[b], chosen[b].to);
          if (!ok) continue;
          chosen[a] = option;
          const free = option.stop || (model === 'away' && at[a] === agents[a].goal && option.to === at[a]);
          extend(a + 1, stepCost + (free ? 0 : 1));
        }
      };
      extend(0, 0);
    }
  }
  return { cost: null, paths: [], states: done.size };

  function unwind(k: number): number[][] {
    const chain: number[][] = [];
    for (let s = k; s >= 0; s = parentOf.get(s)!) chain.push(decode(s)[0]);
    chain.reverse();
    return agents.map((_, a) => chain.map((at) => at[a]));
  }
}
