/**
 * `npm run bench:path`: the single-agent search toolbox on the Moving AI benchmarks
 * (../shared/benchmarks/movingai). Prints:
 *   1. optimality: A*, JPS, JPS+ and Dijkstra lengths against the scenario files' optimal lengths
 *      (den520d, Berlin_1_256, random-64-64-20, warehouse-10-20-10-2-1, both mazes; target 0);
 *   2. speed against PathFinding.js on den520d's 1,000 queries of den520d-random-1.scen
 *      (targets: A* >= 10x, JPS+ >= 50x faster per query);
 *   3. Theta*, Lazy Theta* and post-smoothing against A* (target: Theta* never longer);
 *   4. memory: heap growth per query over many queries on one grid (run with --expose-gc).
 * Options: --quick (first scenario file per map only, 200 PathFinding.js queries), --all (every
 * scenario file of those maps; long); section names (optimality, speed, anyangle, memory) run
 * only those sections, e.g. `npm run bench:path -- speed`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseMap } from '../../core/formats/movingAiMap.ts';
import { type MovingAiScenario, parseScenario } from '../../core/formats/movingAiScenario.ts';
import type { Grid } from '../../core/grid/grid.ts';
import { OCTILE_NO_CUT } from '../../core/grid/movement.ts';
import { solveAStar } from '../../core/search/astar.ts';
import { solveDijkstra } from '../../core/search/dijkstra.ts';
import { solveJps } from '../../core/search/jps.ts';
import { solveJpsPlus } from '../../core/search/jpsPlus.ts';
import { solveLazyThetaStar } from '../../core/search/lazyThetaStar.ts';
import type { PathQuery, PathResult, PathSearchOptions } from '../../core/search/pathQuery.ts';
import { SearchContext } from '../../core/search/searchContext.ts';
import { smoothPath } from '../../core/search/smoothing.ts';
import { solveThetaStar } from '../../core/search/thetaStar.ts';

const BENCHMARKS = fileURLToPath(new URL('../../../shared/benchmarks/movingai/', import.meta.url));
const TOLERANCE = 1e-3;
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const all = args.includes('--all');

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
const PF = createRequire(import.meta.url)('pathfinding') as PathFindingJs;

type Solve = (query: PathQuery, options?: PathSearchOptions) => PathResult;

function loadGrid(name: string): Grid {
  return parseMap(readFileSync(`${BENCHMARKS}maps/${name}.map`, 'utf8'), `${name}.map`).grid;
}

function loadScenario(file: string): MovingAiScenario {
  return parseScenario(readFileSync(`${BENCHMARKS}scen/${file}`, 'utf8'), file);
}

function queriesOf(grid: Grid, scenario: MovingAiScenario, limit = Infinity): { query: PathQuery; optimal: number }[] {
  return scenario.entries.slice(0, Math.min(limit, scenario.entries.length)).map((e) => ({
    query: { grid, movement: OCTILE_NO_CUT, start: grid.cell(e.startX, e.startY), goal: grid.cell(e.goalX, e.goalY) },
    optimal: e.optimalLength,
  }));
}

const pad = (text: string | number, width: number): string => String(text).padStart(width);
const ms = (value: number): string => value.toFixed(4);

// ---------------------------------------------------------------------------------------------
// 1. Optimality against the scenario files.
function optimality(): void {
  console.log('1. Lengths differing from the scenario optimum by more than 1e-3 (target: 0)');
  const maps = ['den520d', 'Berlin_1_256', 'random-64-64-20', 'warehouse-10-20-10-2-1', 'maze-32-32-2', 'maze-32-32-4'];
  const algorithms: [string, Solve][] = [['A*', solveAStar], ['JPS', solveJps], ['JPS+', solveJpsPlus], ['Dijkstra', solveDijkstra]];
  console.log(`   ${'map'.padEnd(24)} ${pad('files', 5)} ${pad('queries', 8)} ${algorithms.map(([n]) => pad(n, 9)).join(' ')}   ms/query (A*, JPS, JPS+, Dijkstra)`);
  const totals = algorithms.map(() => 0);
  for (const map of maps) {
    const grid = loadGrid(map);
    const files = readdirSync(`${BENCHMARKS}scen`).filter((f) => f.startsWith(`${map}-`) && f.endsWith('.scen'));
    const chosen = all ? files : quick ? [`${map}-random-1.scen`] : files.filter((f) => f === `${map}-random-1.scen` || f === `${map}-even-1.scen`);
    if (map === 'Berlin_1_256' && !quick) chosen.push('Berlin_1_256.map.scen');
    const context = new SearchContext();
    const mismatches = algorithms.map(() => 0);
    const time = algorithms.map(() => 0);
    let count = 0;
    for (const file of chosen) {
      const queries = queriesOf(grid, loadScenario(file));
      count += queries.length;
      algorithms.forEach(([, solve], a) => {
        const began = performance.now();
        for (const { query, optimal } of queries) {
          if (!(Math.abs(solve(query, { context }).length - optimal) <= TOLERANCE)) mismatches[a]++;
        }
        time[a] += performance.now() - began;
      });
    }
    mismatches.forEach((m, a) => (totals[a] += m));
    console.log(`   ${map.padEnd(24)} ${pad(chosen.length, 5)} ${pad(count, 8)} ${mismatches.map((m) => pad(m, 9)).join(' ')}   ${time.map((t) => ms(t / count)).join(', ')}`);
  }
  console.log(`   ${'total mismatches'.padEnd(39)} ${totals.map((m) => pad(m, 9)).join(' ')}`);
}

// ---------------------------------------------------------------------------------------------
// 2. Speed against PathFinding.js on den520d.
function speed(): void {
  const limit = quick ? 200 : 1000;
  const grid = loadGrid('den520d');
  const queries = queriesOf(grid, loadScenario('den520d-random-1.scen'), limit);
  console.log(`\n2. Speed on den520d, the first ${queries.length} queries of den520d-random-1.scen (mean per query; warm-up pass first)`);
  const matrix: number[][] = [];
  for (let y = 0; y < grid.height; y++) {
    const row: number[] = [];
    for (let x = 0; x < grid.width; x++) row.push(grid.passable[y * grid.width + x] ? 0 : 1);
    matrix.push(row);
  }
  const pfGrid = new PF.Grid(grid.width, grid.height, matrix);
  const finder = new PF.AStarFinder({ diagonalMovement: PF.DiagonalMovement.OnlyWhenNoObstacles, heuristic: PF.Heuristic.octile });
  const pfLength = (path: number[][]): number => {
    let length = 0;
    for (let i = 1; i < path.length; i++) length += path[i][0] !== path[i - 1][0] && path[i][1] !== path[i - 1][1] ? Math.SQRT2 : 1;
    return length;
  };
  // PathFinding.js marks its grid's nodes during a search, so every query needs a fresh clone,
  // as its README tells users; the clone is timed separately so both figures are visible.
  // The machine is shared, so the searches are interleaved query by query: a burst of load from
  // elsewhere then slows every contender alike instead of skewing one of them.
  const ours: [string, Solve, number][] = [['A*', solveAStar, 10], ['JPS', solveJps, 0], ['JPS+', solveJpsPlus, 50]];
  const contexts = ours.map(() => new SearchContext());
  const warmQueries = queries.slice(0, 100);
  for (const { query } of warmQueries) {
    const sx = query.start % grid.width;
    const gx = query.goal % grid.width;
    finder.findPath(sx, (query.start - sx) / grid.width, gx, (query.goal - gx) / grid.width, pfGrid.clone());
    ours.forEach(([, solve], a) => solve(query, { context: contexts[a] })); // JIT warm-up, JPS+ table
  }
  let pfClone = 0;
  let pfSearch = 0;
  let pfMismatches = 0;
  const time = ours.map(() => 0);
  const mismatches = ours.map(() => 0);
  for (const { query, optimal } of queries) {
    const sx = query.start % grid.width;
    const sy = (query.start - sx) / grid.width;
    const gx = query.goal % grid.width;
    const gy = (query.goal - gx) / grid.width;
    const t0 = performance.now();
    const copy = pfGrid.clone();
    const t1 = performance.now();
    const path = finder.findPath(sx, sy, gx, gy, copy);
    const t2 = performance.now();
    pfClone += t1 - t0;
    pfSearch += t2 - t1;
    if (!(Math.abs(pfLength(path) - optimal) <= TOLERANCE)) pfMismatches++;
    for (let a = 0; a < ours.length; a++) {
      const began = performance.now();
      const length = ours[a][1](query, { context: contexts[a] }).length;
      time[a] += performance.now() - began;
      if (!(Math.abs(length - optimal) <= TOLERANCE)) mismatches[a]++;
    }
  }
  const n = queries.length;
  const pfTotal = (pfClone + pfSearch) / n;
  console.log(`   ${'search'.padEnd(36)} ${pad('ms/query', 9)} ${pad('speed-up vs PF', 15)} ${pad('vs PF search only', 18)} ${pad('mismatches', 10)}`);
  console.log(`   ${'PathFinding.js A* (clone + search)'.padEnd(36)} ${pad(ms(pfTotal), 9)} ${pad('1.0x', 15)} ${pad('', 18)} ${pad(pfMismatches, 10)}`);
  console.log(`   ${'  of which grid.clone()'.padEnd(36)} ${pad(ms(pfClone / n), 9)}`);
  console.log(`   ${'  of which findPath()'.padEnd(36)} ${pad(ms(pfSearch / n), 9)} ${pad('', 15)} ${pad('1.0x', 18)}`);
  ours.forEach(([name, , target], a) => {
    const perQuery = time[a] / n;
    const ratio = pfTotal / perQuery;
    const verdict = target > 0 ? `  target >= ${target}x: ${ratio >= target ? 'met' : 'MISSED'}` : '';
    console.log(`   ${`MAPF Lab ${name}`.padEnd(36)} ${pad(ms(perQuery), 9)} ${pad(`${ratio.toFixed(1)}x`, 15)} ${pad(`${(pfSearch / n / perQuery).toFixed(1)}x`, 18)} ${pad(mismatches[a], 10)}${verdict}`);
  });
  const build = performance.now();
  const rebuilt = new SearchContext();
  solveJpsPlus(queries[0].query, { context: rebuilt });
  console.log(`   JPS+ table build for den520d (one-off, per grid version): ${(performance.now() - build).toFixed(1)} ms`);
}

// ---------------------------------------------------------------------------------------------
// 3. Any-angle paths against A*.
function anyAngle(): void {
  const grid = loadGrid('den520d');
  const queries = queriesOf(grid, loadScenario('den520d-random-1.scen'), quick ? 200 : 1000);
  console.log(`\n3. Any-angle paths on den520d (${queries.length} queries): never longer than A* (target: 0 violations)`);
  const context = new SearchContext();
  const astar = queries.map(({ query }) => solveAStar(query, { context }).length);
  const report = (name: string, lengthOf: (query: PathQuery) => number): void => {
    let violations = 0;
    let shortening = 0;
    const began = performance.now();
    queries.forEach(({ query }, i) => {
      const length = lengthOf(query);
      if (length > astar[i] + 1e-9) violations++;
      if (astar[i] > 0) shortening += (astar[i] - length) / astar[i];
    });
    const perQuery = (performance.now() - began) / queries.length;
    console.log(`   ${name.padEnd(24)} violations ${pad(violations, 4)}   mean shortening ${((100 * shortening) / queries.length).toFixed(2)}%   ${ms(perQuery)} ms/query`);
  };
  report('Theta*', (query) => solveThetaStar(query, { context }).length);
  report('Lazy Theta*', (query) => solveLazyThetaStar(query, { context }).length);
  report('A* + post-smoothing', (query) => smoothPath(grid, OCTILE_NO_CUT, solveAStar(query, { context }).path).length);
}

// ---------------------------------------------------------------------------------------------
// 4. Memory: the heap must not grow with the number of queries on one grid.
function memory(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  const grid = loadGrid('den520d');
  const queries = queriesOf(grid, loadScenario('den520d-random-1.scen'));
  const rounds = quick ? 2 : 5;
  console.log(`\n4. Heap growth over ${rounds * queries.length} queries on den520d with one context${gc ? '' : ' (no global.gc: run node with --expose-gc for exact figures)'}`);
  for (const [name, solve] of [['A*', solveAStar], ['JPS+', solveJpsPlus], ['Theta*', solveThetaStar]] as [string, Solve][]) {
    const context = new SearchContext();
    for (const { query } of queries) solve(query, { context }); // warm-up: the open list grows to its working size
    gc?.();
    const before = process.memoryUsage().heapUsed;
    let kept = 0;
    for (let r = 0; r < rounds; r++) for (const { query } of queries) kept += solve(query, { context }).expanded;
    gc?.();
    const after = process.memoryUsage().heapUsed;
    console.log(`   ${name.padEnd(8)} ${((after - before) / (rounds * queries.length)).toFixed(1).padStart(8)} bytes/query retained (heap ${(before / 1e6).toFixed(1)} -> ${(after / 1e6).toFixed(1)} MB; ${kept} expansions)`);
  }
}

const sections: [string, () => void][] = [['optimality', optimality], ['speed', speed], ['anyangle', anyAngle], ['memory', memory]];
const chosen = sections.filter(([name]) => args.includes(name));
const began = performance.now();
for (const [, run] of chosen.length > 0 ? chosen : sections) run();
console.log(`\nbench:path done in ${((performance.now() - began) / 1000).toFixed(1)} s`);
