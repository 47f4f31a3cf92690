/**
 * One contender of bench:path's speed section, in a process of its own: PathFinding.js
 * as its users run it (node, a fresh grid.clone() per query, then findPath), or one of our
 * searches. Reads den520d and den520d-random-1.scen itself, then answers lines on stdin:
 * `run FROM TO` runs queries FROM..TO-1 and prints one JSON line {wallMs, cpuMs, cloneMs,
 * mismatches}; `warm N` runs the first N queries untimed; `quit` ends. Timed with this process's
 * own clock and CPU time, so the parent's heap and work never weigh on it.
 *
 * Usage: node --import tsx bench/search/speedContender.ts pathfinding|astar|jps|jpsplus
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseMap } from '../../core/formats/movingAiMap.ts';
import { parseScenario } from '../../core/formats/movingAiScenario.ts';
import { OCTILE_NO_CUT } from '../../core/grid/movement.ts';
import { solveAStar } from '../../core/search/astar.ts';
import { solveJps } from '../../core/search/jps.ts';
import { solveJpsPlus } from '../../core/search/jpsPlus.ts';
import type { PathQuery, PathResult, PathSearchOptions } from '../../core/search/pathQuery.ts';
import { SearchContext } from '../../core/search/searchContext.ts';

const BENCHMARKS = fileURLToPath(new URL('../../../shared/benchmarks/movingai/', import.meta.url));
const TOLERANCE = 1e-3;
const mode = process.argv[2];

/** The small part of PathFinding.js's API used here (the package ships no types). */
interface PfGrid {
  clone(): PfGrid;
}
interface PathFindingJs {
  Grid: new (width: number, height: number, matrix: number[][]) => PfGrid;
  AStarFinder: new (options: { diagonalMovement: number; heuristic: (dx: number, dy: number) => number }) => {
    findPath(sx: number, sy: number, gx: number, gy: number, grid: PfGrid): number[][];
  };
  DiagonalMovement: { OnlyWhenNoObstacles: number };
  Heuristic: { octile: (dx: number, dy: number) => number };
}

const grid = parseMap(readFileSync(`${BENCHMARKS}maps/den520d.map`, 'utf8'), 'den520d.map').grid;
const entries = parseScenario(readFileSync(`${BENCHMARKS}scen/den520d-random-1.scen`, 'utf8'), 'den520d-random-1.scen').entries;

/** Runs query i; returns its length and the time spent cloning (PathFinding.js only). */
let runQuery: (i: number) => { length: number; cloneMs: number };
if (mode === 'pathfinding') {
  const PF = createRequire(import.meta.url)('pathfinding') as PathFindingJs;
  const matrix: number[][] = [];
  for (let y = 0; y < grid.height; y++) {
    const row: number[] = [];
    for (let x = 0; x < grid.width; x++) row.push(grid.passable[y * grid.width + x] ? 0 : 1);
    matrix.push(row);
  }
  const pfGrid = new PF.Grid(grid.width, grid.height, matrix);
  const finder = new PF.AStarFinder({ diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles, heuristic: PF.Heuristic.octile });
  runQuery = (i) => {
    const e = entries[i];
    const t0 = performance.now();
    // PathFinding.js marks its grid's nodes during a search: each query needs a fresh clone, as its README says.
    const copy = pfGrid.clone();
    const cloneMs = performance.now() - t0;
    const path = finder.findPath(e.startX, e.startY, e.goalX, e.goalY, copy);
    let length = 0;
    for (let k = 1; k < path.length; k++) length += path[k][0] !== path[k - 1][0] && path[k][1] !== path[k - 1][1] ? Math.SQRT2 : 1;
    return { length, cloneMs };
  };
} else {
  const solvers: Record<string, (query: PathQuery, options?: PathSearchOptions) => PathResult> = { astar: solveAStar, jps: solveJps, jpsplus: solveJpsPlus };
  const solve = solvers[mode];
  if (!solve) throw new Error(`unknown contender '${mode}' (pathfinding, astar, jps, jpsplus)`);
  const context = new SearchContext();
  runQuery = (i) => {
    const e = entries[i];
    return { length: solve({ grid, movement: OCTILE_NO_CUT, start: grid.cell(e.startX, e.startY), goal: grid.cell(e.goalX, e.goalY) }, { context }).length, cloneMs: 0 };
  };
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const [command, a, b] = line.trim().split(/\s+/);
  if (command === 'quit') {
    lines.close();
    return;
  }
  if (command === 'warm') {
    for (let i = 0; i < Number(a); i++) runQuery(i);
    process.stdout.write(`${JSON.stringify({ warmed: Number(a) })}\n`);
    return;
  }
  if (command === 'run') {
    let cloneMs = 0;
    let mismatches = 0;
    const cpu = process.cpuUsage();
    const began = performance.now();
    for (let i = Number(a); i < Number(b); i++) {
      const r = runQuery(i);
      cloneMs += r.cloneMs;
      if (!(Math.abs(r.length - entries[i].optimalLength) <= TOLERANCE)) mismatches++;
    }
    const wallMs = performance.now() - began;
    const used = process.cpuUsage(cpu);
    process.stdout.write(`${JSON.stringify({ wallMs, cpuMs: (used.user + used.system) / 1000, cloneMs, mismatches })}\n`);
  }
});
