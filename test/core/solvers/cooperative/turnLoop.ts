/**
 * A tiny local turn loop for driving controllers in tests (the real simulator lives in
 * core/simulation): init, then step until every agent stands on its goal or the turn limit,
 * applying `next` as the new positions. It refuses nothing, so any conflict a controller writes
 * shows up in the validator; map events are applied at the start of their turn.
 */
import type { Grid } from '../../../../core/grid/grid.ts';
import type { MapfInstance } from '../../../../core/mapf/instance.ts';
import type { TurnController, TurnEvent, WorldView } from '../../../../core/contract/controller.ts';
import { Random } from '../../../../core/util/random.ts';
import { buildDistanceTable } from '../../../../core/search/distanceTable.ts';

export interface LoopResult {
  paths: number[][];
  events: TurnEvent[];
  /** Every agent on its goal at the end. */
  solved: boolean;
  turns: number;
  /** Per turn, the walls as they were during that turn (after the map events of that turn). */
  wallsAt: Uint8Array[];
  initMs: number;
  maxStepMs: number;
}

export interface LoopEvent {
  t: number;
  cells: number[];
  passable: boolean;
}

export function runTurns(instance: MapfInstance, controller: TurnController, maxTurns: number, mapEvents: LoopEvent[] = []): LoopResult {
  const { grid, movement, agents } = instance;
  const n = agents.length;
  const positions = Int32Array.from(agents, (a) => a.start);
  const next = new Int32Array(n);
  const paths = agents.map((a) => [a.start]);
  const events: TurnEvent[] = [];
  const world: { t: number; grid: Grid; movement: typeof movement; agents: typeof agents; positions: Int32Array } = { t: 0, grid, movement, agents, positions };
  const wallsAt: Uint8Array[] = [];
  let started = performance.now();
  controller.init(world as WorldView);
  const initMs = performance.now() - started;
  let maxStepMs = 0;
  const allHome = () => agents.every((a, i) => positions[i] === a.goal);
  let t = 0;
  for (; t < maxTurns && !allHome(); t++) {
    world.t = t;
    const due = mapEvents.filter((e) => e.t === t);
    if (due.length > 0) {
      const changed: number[] = [];
      for (const e of due) for (const c of e.cells) {
        grid.setPassable(c, e.passable);
        changed.push(c);
      }
      controller.mapChanged?.(world as WorldView, changed);
    }
    wallsAt.push(grid.passable.slice());
    started = performance.now();
    controller.step(world as WorldView, next, (e) => events.push(e));
    maxStepMs = Math.max(maxStepMs, performance.now() - started);
    for (let i = 0; i < n; i++) {
      positions[i] = next[i];
      paths[i].push(next[i]);
    }
  }
  return { paths, events, solved: allHome(), turns: t, wallsAt, initMs, maxStepMs };
}

/** A random w x h map with walls at `density`, disconnected pockets filled (Silver 2005, Experimental Results). */
export function randomMap(random: Random, grid: Grid, density: number): void {
  for (let c = 0; c < grid.cells; c++) grid.passable[c] = random.next() < density ? 0 : 1;
  let best = -1;
  let bestSize = 0;
  const label = new Int32Array(grid.cells).fill(-1);
  for (let c = 0; c < grid.cells; c++) {
    if (grid.passable[c] === 0 || label[c] >= 0) continue;
    const stack = [c];
    label[c] = c;
    let size = 0;
    while (stack.length > 0) {
      const x = stack.pop()!;
      size++;
      for (const n of [x - grid.width, x + grid.width, x % grid.width > 0 ? x - 1 : -1, x % grid.width < grid.width - 1 ? x + 1 : -1]) {
        if (n >= 0 && n < grid.cells && grid.passable[n] === 1 && label[n] < 0) {
          label[n] = c;
          stack.push(n);
        }
      }
    }
    if (size > bestSize) {
      bestSize = size;
      best = c;
    }
  }
  for (let c = 0; c < grid.cells; c++) if (label[c] !== best) grid.passable[c] = 0;
  grid.version++;
}

/** n agents with distinct random starts and goals on free cells. */
export function randomAgents(random: Random, grid: Grid, n: number): { start: number; goal: number }[] {
  const free: number[] = [];
  for (let c = 0; c < grid.cells; c++) if (grid.passable[c] === 1) free.push(c);
  const starts = random.shuffle(free.slice()).slice(0, n);
  const goals = random.shuffle(free.slice()).slice(0, n);
  return starts.map((start, i) => ({ start, goal: goals[i] }));
}

/** Shortest distance in turns (4-connected: the core table; 8-connected: every move one turn). */
export function turnDistance(instance: MapfInstance, agent: number): number {
  const { grid, movement, agents } = instance;
  if (movement.connectivity === 4) return buildDistanceTable(grid, movement, agents[agent].goal).distance[agents[agent].start];
  // Chebyshev-style BFS for unit diagonals.
  const dist = new Float64Array(grid.cells).fill(Infinity);
  const goal = agents[agent].goal;
  dist[goal] = 0;
  const queue = [goal];
  const w = grid.width;
  for (let h = 0; h < queue.length; h++) {
    const c = queue[h];
    const x = c % w;
    const y = (c - x) / w;
    for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      const nx = x + dx;
      const ny = y + dy;
      if (!grid.inBounds(nx, ny) || !grid.isFreeXY(nx, ny)) continue;
      if (dx !== 0 && dy !== 0 && movement.corners === 'no-cut' && (!grid.isFreeXY(nx, y) || !grid.isFreeXY(x, ny))) continue;
      const n = ny * w + nx;
      if (dist[n] === Infinity) {
        dist[n] = dist[c] + 1;
        queue.push(n);
      }
    }
  }
  return dist[agents[agent].start];
}

/**
 * Footprint check the validator cannot do: k x k squares never overlap and always stand on free
 * cells; a unit of speed s changes cell at most once every s turns.
 */
export function footprintViolations(instance: MapfInstance, paths: number[][], wallsAt?: Uint8Array[]): string[] {
  const { grid, agents } = instance;
  const w = grid.width;
  const out: string[] = [];
  const horizon = Math.max(...paths.map((p) => p.length));
  const cellsOf = (anchor: number, size: number) => {
    const cells: number[] = [];
    for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) cells.push(anchor + j * w + i);
    return cells;
  };
  for (let t = 0; t < horizon; t++) {
    const owner = new Map<number, number>();
    const walls = wallsAt?.[Math.max(0, t - 1)] ?? grid.passable;
    agents.forEach((a, i) => {
      const anchor = paths[i][Math.min(t, paths[i].length - 1)];
      const size = a.size ?? 1;
      const ax = anchor % w;
      if (ax + size > w || Math.floor(anchor / w) + size > grid.height) out.push(`t=${t}: agent ${i} sticks out of the map`);
      for (const c of cellsOf(anchor, size)) {
        if (walls[c] === 0 && t > 0) out.push(`t=${t}: agent ${i} covers wall cell ${c}`);
        const o = owner.get(c);
        if (o !== undefined) out.push(`t=${t}: agents ${o} and ${i} both cover cell ${c}`);
        owner.set(c, i);
      }
    });
  }
  agents.forEach((a, i) => {
    const speed = a.speed ?? 1;
    let last = 0;
    for (let t = 1; t < paths[i].length; t++) {
      if (paths[i][t] === paths[i][t - 1]) continue;
      if (t - last < speed) out.push(`agent ${i} (speed ${speed}) moved at t=${t} only ${t - last} turns after its last move`);
      last = t;
    }
  });
  return out;
}
