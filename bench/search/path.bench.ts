/**
 * `npm run bench:path`: the single-agent search toolbox on the Moving AI benchmarks
 * (../shared/benchmarks/movingai). Prints:
 *   1. optimality: A*, JPS, JPS+ and Dijkstra lengths against the scenario files' optimal lengths
 *      (den520d, Berlin_1_256, random-64-64-20, warehouse-10-20-10-2-1, both mazes; target 0);
 *   2. speed against PathFinding.js on den520d's 1,000 queries of den520d-random-1.scen, every
 *      contender in its own process, interleaved (targets: A* >= 10x, JPS+ >= 50x faster per query);
 *   3. Theta*, Lazy Theta* and post-smoothing against A* (target: Theta* never longer);
 *   4. memory: heap growth per query over many queries on one grid (run with --expose-gc).
 * Options: --quick (first scenario file per map only, 200 PathFinding.js queries), --all (every
 * scenario file of those maps; long); section names (optimality, speed, anyangle, memory) run
 * only those sections, e.g. `npm run bench:path -- speed`.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
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
// 2. Speed against PathFinding.js on den520d. Every contender runs in a process of its own
// (speedContender.ts): PathFinding.js as its users run it (node, clone + search), so the bench's
// own heap and work never weigh on it (in this process its grid.clone() took 26 ms a query),
// and ours the same way. The machine is shared, so the contenders take turns block
// by block, in a rotating order: a burst of load from elsewhere slows every one alike.
interface BlockResult {
  wallMs: number;
  cpuMs: number;
  cloneMs: number;
  mismatches: number;
}

function contender(mode: string): { ask(line: string): Promise<BlockResult>; quit(): void } {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./speedContender.ts', import.meta.url)), mode], {
    stdio: ['pipe', 'pipe', 'inherit'],
    cwd: fileURLToPath(new URL('../..', import.meta.url)), // where --import finds tsx
  });
  const lines = createInterface({ input: child.stdout! });
  const waiting: ((result: BlockResult) => void)[] = [];
  lines.on('line', (line) => waiting.shift()?.(JSON.parse(line) as BlockResult));
  return {
    ask(line) {
      return new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin!.write(`${line}\n`);
      });
    },
    quit() {
      child.stdin!.end('quit\n');
    },
  };
}

async function speed(): Promise<void> {
  const limit = quick ? 200 : 1000;
  const count = Math.min(limit, loadScenario('den520d-random-1.scen').entries.length);
  const block = 50;
  console.log(`\n2. Speed on den520d, the first ${count} queries of den520d-random-1.scen: each contender in its own process, taking turns in blocks of ${block} (warm-up pass first)`);
  const contenders: [string, string, number][] = [['PathFinding.js A* (clone + search)', 'pathfinding', 0], ['MAPF Lab A*', 'astar', 10], ['MAPF Lab JPS', 'jps', 0], ['MAPF Lab JPS+', 'jpsplus', 50]];
  const processes = contenders.map(([, mode]) => contender(mode));
  await Promise.all(processes.map((p) => p.ask('warm 100'))); // JIT warm-up, JPS+ table
  const loadBefore = loadavg()[0];
  const totals = contenders.map(() => ({ wallMs: 0, cpuMs: 0, cloneMs: 0, mismatches: 0 }));
  for (let from = 0, round = 0; from < count; from += block, round++) {
    const to = Math.min(count, from + block);
    for (let k = 0; k < processes.length; k++) {
      const c = (k + round) % processes.length;
      const r = await processes[c].ask(`run ${from} ${to}`);
      totals[c].wallMs += r.wallMs;
      totals[c].cpuMs += r.cpuMs;
      totals[c].cloneMs += r.cloneMs;
      totals[c].mismatches += r.mismatches;
    }
  }
  for (const p of processes) p.quit();
  const load = `load ${loadBefore.toFixed(2)} -> ${loadavg()[0].toFixed(2)} on ${availableParallelism()} cores`;
  const pf = totals[0];
  console.log(`   ${'search'.padEnd(36)} ${pad('CPU ms/q', 9)} ${pad('wall ms/q', 10)} ${pad('speed-up (CPU)', 15)} ${pad('(wall)', 8)} ${pad('mismatches', 10)}`);
  contenders.forEach(([name, , target], c) => {
    const t = totals[c];
    const ratio = pf.cpuMs / t.cpuMs;
    const verdict = target > 0 ? `  target >= ${target}x: ${ratio >= target ? 'met' : 'MISSED'}` : '';
    console.log(`   ${name.padEnd(36)} ${pad(ms(t.cpuMs / count), 9)} ${pad(ms(t.wallMs / count), 10)} ${pad(`${ratio.toFixed(1)}x`, 15)} ${pad(`${(pf.wallMs / t.wallMs).toFixed(1)}x`, 8)} ${pad(t.mismatches, 10)}${verdict}`);
    if (c === 0) console.log(`   ${'  of which grid.clone() (wall)'.padEnd(36)} ${pad('', 9)} ${pad(ms(pf.cloneMs / count), 10)}`);
  });
  console.log(`   (${load}; CPU time is each process's own, process.cpuUsage)`);
  const build = performance.now();
  const grid = loadGrid('den520d');
  const [first] = queriesOf(grid, loadScenario('den520d-random-1.scen'), 1);
  solveJpsPlus(first.query, { context: new SearchContext() });
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

const sections: [string, () => void | Promise<void>][] = [['optimality', optimality], ['speed', speed], ['anyangle', anyAngle], ['memory', memory]];
const chosen = sections.filter(([name]) => args.includes(name));
const began = performance.now();
for (const [, run] of chosen.length > 0 ? chosen : sections) await run();
console.log(`\nbench:path done in ${((performance.now() - began) / 1000).toFixed(1)} s`);
