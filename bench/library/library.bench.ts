/**
 * bench:library — @mapf-lab/core as a game ships and runs it.
 * 1. The browser bundle a game makes of the packed package (dist/, as the tarball holds it):
 *    esbuild, minified, gzip level 9; PIBT's per-frame planner alone (target <= 40 kB gzipped)
 *    and every export.
 * 2. One step() of the per-frame planner (PIBT) for 1,000 units on Berlin_1_256 (the first 1,000
 *    of its random-1 scenario), on this thread's CPU time (target mean <= 5 ms, max <= 16 ms),
 *    beside the lab's own figure for the same run (the turn simulator's turn times, same clock).
 * 3. The baseline a JS game programmer has today: PathFinding.js's A* for each of the 1,000 units
 *    alone, its CPU time, and the units its paths leave colliding (the plan validator's vertex
 *    and swap conflicts).
 * With the machine's load and, as the yardstick of this machine, the authors' C++ LaCAM on the
 * same 1,000 units (its own process, process CPU).
 *
 * Usage: tsx bench/library/library.bench.ts [--steps 200] [--repeat 2]
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { FOUR_CONNECTED } from '../../core/grid/movement.ts';
import { validatePlan } from '../../core/mapf/validator.ts';
import { runController } from '../../core/simulation/simulator.ts';
import { createCpuClock } from '../../cli/solverWorker/threadCpuClock.ts';
import { GridMap } from '../../packages/mapf/src/cells.ts';
import { createPlanner } from '../../packages/mapf/src/planner.ts';
import { pibt } from '../../packages/mapf/src/plannerKinds.ts';
import { loadInstance } from '../peers/instances.ts';
import { peerAvailable, runPeer } from '../peers/peerRuns.ts';

const args = process.argv.slice(2);
const STEPS = args.includes('--steps') ? Number(args[args.indexOf('--steps') + 1]) : 200;
const REPEAT = args.includes('--repeat') ? Number(args[args.indexOf('--repeat') + 1]) : 2;
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const KEY = { map: 'Berlin_1_256', scen: 1, k: 1000 };
const load = (): string => loadavg()[0].toFixed(1);
const stats = (xs: number[]) => ({ mean: xs.reduce((a, b) => a + b, 0) / xs.length, max: Math.max(...xs) });
const verdict = (ok: boolean): string => (ok ? 'meets' : 'MISSES');

async function bundleSizes(): Promise<void> {
  execFileSync(process.execPath, [`${REPO}scripts/build-library.mjs`], { stdio: 'pipe' });
  // A game's project: the package under node_modules (a link to the built package folder, whose
  // package.json exports and sideEffects the bundler reads, as it would the tarball's).
  const game = mkdtempSync(join(tmpdir(), 'mapf-bench-library-'));
  mkdirSync(join(game, 'node_modules/@mapf-lab'), { recursive: true });
  symlinkSync(`${REPO}packages/mapf`, join(game, 'node_modules/@mapf-lab/core'));
  const entries = {
    'PIBT per-frame planner alone': "import { createPlanner, gridFromRows, pibt } from '@mapf-lab/core';\nconst p = createPlanner(gridFromRows(['...']), { kind: pibt });\np.addUnit({ x: 0, y: 0 }, { x: 2, y: 0 });\nconsole.log(p.step());",
    'every export': "import * as all from '@mapf-lab/core';\nconsole.log(all);",
  };
  console.log(`1. The browser bundle of the packed package (esbuild ${(await import('esbuild')).version}, minified, gzip -9), load ${load()}`);
  for (const [name, contents] of Object.entries(entries)) {
    const result = await build({
      stdin: { contents, resolveDir: game, loader: 'js' },
      bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, logLevel: 'error', outdir: `${REPO}out/bench-library`,
      // Detour's WebAssembly (every export only) is loaded by the bundle, not inlined.
      loader: { '.wasm': 'file' },
    });
    const code = result.outputFiles.filter((f) => f.path.endsWith('.js')).map((f) => f.contents);
    const bytes = code.reduce((sum, c) => sum + c.length, 0);
    const gz = code.reduce((sum, c) => sum + gzipSync(c, { level: 9 }).length, 0);
    const target = name.startsWith('PIBT') ? `   target <= 40 kB gzipped: ${verdict(gz <= 40 * 1024)}` : '';
    console.log(`   ${name.padEnd(30)} ${(bytes / 1024).toFixed(1).padStart(7)} kB minified, ${(gz / 1024).toFixed(1).padStart(6)} kB gzipped${target}`);
  }
  rmSync(game, { recursive: true, force: true });
}

function stepTimes(): void {
  const instance = loadInstance(KEY);
  const { grid } = instance;
  const { clock, source } = createCpuClock();
  console.log(`\n2. One step() for ${KEY.k} units on ${KEY.map} (random-${KEY.scen}), PIBT, ${STEPS} steps at most, on this ${source}'s CPU time`);
  for (let r = 0; r < REPEAT; r++) {
    // The library: every unit added, then one step() a turn.
    const planner = createPlanner(new GridMap(grid), { kind: pibt, seed: 0 });
    for (const a of instance.agents) planner.addUnit({ x: grid.x(a.start), y: grid.y(a.start) }, { x: grid.x(a.goal), y: grid.y(a.goal) });
    const library: number[] = [];
    let home = 0;
    for (let t = 0; t < STEPS && home < KEY.k; t++) {
      const t0 = clock();
      const result = planner.step();
      library.push(clock() - t0);
      home = result.moves.filter((m) => m.atGoal).length;
    }
    const libLoad = load();
    // The lab: the same units through the turn simulator, its turn times on the same clock.
    const lab = runController(instance, pibt.factory, { seed: 0, params: {} }, { turnLimit: library.length, clock, validate: false });
    const ours = stats(library);
    const rest = stats(library.slice(1));
    const theirs = stats(Array.from(lab.turnMs));
    const libraryTotal = library.reduce((a, b) => a + b, 0);
    const labTotal = lab.run.initMs + Array.from(lab.turnMs).reduce((a, b) => a + b, 0);
    console.log(`   run ${r + 1}: library step() mean ${ours.mean.toFixed(2)} ms, max ${ours.max.toFixed(2)} ms (first step ${library[0].toFixed(2)} ms: the distance tables begin; after it mean ${rest.mean.toFixed(2)}, max ${rest.max.toFixed(2)}) over ${library.length} steps, ${home} of ${KEY.k} home; load ${libLoad}`);
    console.log(`          lab simulator (a batch: every table built in init, before turn 0) init ${lab.run.initMs.toFixed(0)} ms, then turn mean ${theirs.mean.toFixed(2)} ms, max ${theirs.max.toFixed(2)} ms over ${lab.turnMs.length} turns; load ${load()}`);
    console.log(`          in all: library ${libraryTotal.toFixed(0)} ms, lab ${labTotal.toFixed(0)} ms (the library, as the lab's streams, fills the distance tables within a per-turn budget of discoveries, so no step waits for all 1,000)`);
    console.log(`          targets mean <= 5 ms: ${verdict(ours.mean <= 5)}; max <= 16 ms: ${verdict(ours.max <= 16)}`);
  }
}

interface PathFindingJs {
  Grid: new (width: number, height: number, matrix: number[][]) => { clone(): unknown };
  AStarFinder: new (options?: { diagonalMovement?: number }) => { findPath(sx: number, sy: number, gx: number, gy: number, grid: unknown): number[][] };
  DiagonalMovement: { Never: number };
}

function pathFindingBaseline(): void {
  const PF = createRequire(import.meta.url)('pathfinding') as PathFindingJs;
  const pfVersion = (JSON.parse(readFileSync(`${REPO}node_modules/pathfinding/package.json`, 'utf8')) as { version: string }).version;
  const instance = loadInstance(KEY);
  const { grid } = instance;
  const matrix = Array.from({ length: grid.height }, (_, y) => Array.from({ length: grid.width }, (_, x) => (grid.isFree(grid.cell(x, y)) ? 0 : 1)));
  const pfGrid = new PF.Grid(grid.width, grid.height, matrix);
  const finder = new PF.AStarFinder({ diagonalMovement: PF.DiagonalMovement.Never });
  const { clock } = createCpuClock();
  const t0 = clock();
  const paths = instance.agents.map((a) => finder.findPath(grid.x(a.start), grid.y(a.start), grid.x(a.goal), grid.y(a.goal), pfGrid.clone()).map(([x, y]) => grid.cell(x, y)));
  const cpu = clock() - t0;
  const check = validatePlan({ grid, movement: FOUR_CONNECTED, agents: instance.agents }, paths, { maxViolations: 1e9 });
  const colliding = new Set(check.violations.filter((v) => v.rule === 'vertex' || v.rule === 'swap').flatMap((v) => v.agents));
  const conflicts = check.violations.filter((v) => v.rule === 'vertex' || v.rule === 'swap').length;
  console.log(`\n3. The baseline: PathFinding.js ${pfVersion} A* (4-connected), each of the ${KEY.k} units alone on ${KEY.map}: ${cpu.toFixed(0)} ms CPU in all, ${(cpu / KEY.k).toFixed(2)} ms a unit; its paths leave ${colliding.size} of ${KEY.k} units colliding (${conflicts} vertex and swap conflicts), which the game must then resolve; load ${load()}`);
}

function yardstick(): void {
  if (!peerAvailable('lacam')) {
    console.log('\nThe C++ yardstick: ../shared/peers/bin/lacam is absent here; no machine figure.');
    return;
  }
  const peer = runPeer('lacam', KEY, loadInstance(KEY), 60);
  console.log(`\nThis machine's yardstick: the authors' C++ LaCAM (Kei18/lacam, its own process) on the same ${KEY.k} units: ${peer.processCpuS?.toFixed(2) ?? '?'} s process CPU, ${peer.wallS.toFixed(2)} s wall, status ${peer.status}; load ${load()}`);
}

await bundleSizes();
stepTimes();
pathFindingBaseline();
yardstick();
