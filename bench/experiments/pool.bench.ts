/**
 * `npm run bench:pool`: pool scaling (issue 7 target: a CPU-bound sweep on 2 workers finishes at
 * least 1.8x faster than on 1, on this 2-core machine).
 *
 * The sweep is experiments/silver2005.json (seed 001) from 60 to 100 agents, all six solver
 * settings, with P random placements per map and count: each run is ~15 ms of pure CPU with no
 * I/O, and there are enough of them (600 by default) that start-up and the last run's tail
 * hardly matter. The same sweep runs on 1 worker and on 2, alternately, PASSES times; the figure
 * is best-of against best-of, since the other engineers' builds on the same machine only ever
 * make a pass slower.
 *
 * Wall time is what the target is about, but on a shared machine it measures the neighbours
 * too, so the bench also prints each pass's CPU time over wall time ("cores used": near 2 means
 * the pool had both cores), and the load average before and after. Worker start-up (a thread
 * loading the cached esbuild bundle of the worker, tens of ms) is inside the timed pass, as a user
 * would see it. It also prints
 * the ceiling the CPU figures allow: a 1-worker pass already keeps the second core partly busy
 * with V8's GC and compiler threads (about 1.2 cores used on an idle machine), and 2 workers
 * need some 10-15% more CPU in all, so on 2 cores the wall-time ratio tops out near 1.5-1.7x.
 *
 * Usage: npm run bench:pool [-- --maps N (1-10, default 10)] [-- --placements P (default 2)] [-- --passes K (default 2)]
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { runPool } from '../../core/experiments/pool.ts';
import { planRuns } from '../../core/experiments/runPlan.ts';
import { isFailure } from '../../core/experiments/runner.ts';
import { parseExperiment } from '../../core/experiments/schema.ts';
import { spawnNodeSolverWorker } from '../../cli/solverWorker/spawnNodeSolverWorker.ts';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} needs a whole number >= 1`);
  return value;
}

const MAPS = option('--maps', 10);
const PLACEMENTS = option('--placements', 2);
const PASSES = option('--passes', 2);
const file = fileURLToPath(new URL('../../experiments/silver2005.json', import.meta.url));
const silver = parseExperiment(JSON.parse(readFileSync(file, 'utf8')));
const first = silver.maps[0];
if (first.kind !== 'random') throw new Error('silver2005.json: expected random maps');
const experiment = { ...silver, maps: [{ ...first, seeds: first.seeds.slice(0, MAPS) }], agents: [60, 70, 80, 90, 100], repeats: PLACEMENTS };
const runs = planRuns(experiment);
const files = { readText: (path: string): string => { throw new Error(`no file ${path}`); } };

const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function pass(workers: number): Promise<{ wallMs: number; cpuMs: number; inFlight: number; busy: number }> {
  const cpu0 = cpuMs();
  const t0 = performance.now();
  let inFlight = 0;
  const result = await runPool(runs, { spawn: () => spawnNodeSolverWorker(), workers, files, onProgress: (p) => (inFlight = Math.max(inFlight, p.running)) }).done;
  const wallMs = performance.now() - t0;
  const failed = result.records.filter(isFailure);
  if (result.records.length !== runs.length || failed.length > 0) throw new Error(`pass on ${workers} workers: ${failed.length} failed (${failed[0]?.message ?? 'runs missing'})`);
  // Time inside executeRun over the time the workers were there: what dispatch and messaging leave idle.
  const busy = result.records.reduce((sum, r) => sum + r.elapsedMs, 0) / (wallMs * workers);
  return { wallMs, cpuMs: cpuMs() - cpu0, inFlight, busy };
}

/**
 * What the machine gives right now: the same fixed loop on 1 thread, then on 2 at once. With two
 * idle cores 2 threads do twice the work in the same time (2.00x); a busy neighbour, or two
 * "cores" that are hyperthreads of one, shows here as less, and bounds what the pool can reach.
 */
async function machineScaling(): Promise<number> {
  const loop = `const { parentPort } = require('node:worker_threads');
    let x = 1; for (let i = 0; i < 3e8; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; }
    parentPort.postMessage(x);`;
  const spin = (threads: number) => {
    const t0 = performance.now();
    return Promise.all(Array.from({ length: threads }, () => new Promise((resolve) => new Worker(loop, { eval: true }).once('message', resolve)))).then(() => performance.now() - t0);
  };
  const one = await spin(1);
  const two = await spin(2);
  return (2 * one) / two;
}

console.log(`pool scaling: ${runs.length} runs of silver2005 (maps 1-${MAPS}, 60-100 agents, 6 solver settings, ${PLACEMENTS} placements each), best of ${PASSES} passes`);
console.log(`cores: ${availableParallelism()} (${cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}`);
console.log(`load average before (1, 5, 15 min): ${load()}`);
console.log(`machine scaling now (a fixed loop on 2 threads vs 1): ${(await machineScaling()).toFixed(2)}x`);
const best = new Map<number, number>();
const bestCpu = new Map<number, number>();
for (let r = 0; r < PASSES; r++) {
  for (const workers of [1, 2]) {
    const { wallMs, cpuMs: used, inFlight, busy } = await pass(workers);
    if (wallMs < (best.get(workers) ?? Infinity)) {
      best.set(workers, wallMs);
      bestCpu.set(workers, used);
    }
    console.log(`  pass ${r + 1}, ${workers} worker${workers === 1 ? ' ' : 's'}: ${(wallMs / 1000).toFixed(2)} s wall, ${(used / 1000).toFixed(2)} s CPU, cores used ${(used / wallMs).toFixed(2)}, workers busy ${(100 * busy).toFixed(0)}%, at most ${inFlight} runs handed out, load ${load()}`);
  }
}
const one = best.get(1)!;
const two = best.get(2)!;
const speedup = one / two;
console.log(`1 worker: ${(one / 1000).toFixed(2)} s; 2 workers: ${(two / 1000).toFixed(2)} s; speedup ${speedup.toFixed(2)}x (target >= 1.8x: ${speedup >= 1.8 ? 'met' : 'NOT met'})`);
// The most 2 cores could do: all the CPU the 2-worker pass needed, spread over both. A 1-worker
// pass already uses more than one core (V8's concurrent GC and compiler threads run beside it),
// and 2 workers need more CPU in all (a second start-up, a second JIT warm-up), so this is below 2.
console.log(`ceiling on 2 cores from the CPU the passes needed: ${(one / (bestCpu.get(2)! / 2)).toFixed(2)}x (1 worker used ${(bestCpu.get(1)! / one).toFixed(2)} cores; 2 workers needed ${((bestCpu.get(2)! / bestCpu.get(1)! - 1) * 100).toFixed(0)}% more CPU)`);
console.log(`machine scaling after: ${(await machineScaling()).toFixed(2)}x; load average after (1, 5, 15 min): ${load()}`);
