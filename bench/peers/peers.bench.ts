/**
 * bench:peers — our solvers side by side with the authors' C++ builds in ../shared/peers/bin
 * (their README: how each runs, what its figures mean), on the same Moving AI instances, one
 * instance at a time, every contender in a process of its own and in turn (the order alternates
 * from one scenario to the next, so neither side always runs on a cooler machine), on CPU time:
 * - cbs: random-32-32-20, k = 40 and 50: CBS vs cbsh2-rtc and the C++ EECBS with w = 1;
 * - eecbs: random-32-32-20 k = 100, 150 and warehouse-10-20-10-2-1 k = 200, 400: EECBS w = 1.2
 *   vs the C++ EECBS --suboptimality 1.2;
 * - lacam: random-32-32-20 400, den520d, Berlin_1_256 and warehouse-10-20-10-2-1 1,000: LaCAM's
 *   first solution vs the C++ LaCAM (AAAI 2023);
 * - lacam-star: the same instances, LaCAM* vs lacam3 --no-multi-thread at 1 s and 10 s, and
 *   lacam3 with its threads at 10 s for reference.
 * Per run and per band: solved, CPU time, SOC, SOC/LB, sum-of-loss/LB, proved lower bound, the
 * ratios ours/theirs and the load; at the end, every target of the issue against its figures in
 * one table (targets.ts), each naming its metric and clock.
 *
 * Clocks: ours are limited and timed on the solving thread's CPU clock (oursRunner.ts; the
 * process's CPU, V8's helper threads included, is printed beside it). cbsh2-rtc and eecbs limit
 * and time their solve on CPU time (clock(): their `runtime`, the figure compared; their process
 * CPU beside it); lacam and lacam3 on wall time (-t), so on a loaded machine
 * they get less CPU than their limit: lacam3 single-threaded is given `-t` stretched by the share
 * of a CPU a process gets just before (peerRuns.ts cpuShare), so it gets about as much CPU as
 * LaCAM*, and its process CPU is printed as the check; lacam3 with threads and lacam (whose
 * first solution rarely nears its 60 s) keep the plain limit. Their CPU
 * figure is the process's user + system time (/usr/bin/time), file reading and writing included.
 * A missing binary skips its column and says so. The machine is shared: run under
 * `flock /work/wt/bench.lock` and repeat.
 *
 * Usage: npm run bench:peers -- [--set cbs,eecbs,lacam,lacam-star] [--scens 1-5] [--limit-s 60]
 *   [--star-limits 1,10] [--no-threads] [--maps den520d,...] [--ks 40,...] [--shared DIR]
 *   [--peers DIR (the binaries' folder, default ../shared/peers/bin)]
 *   The issue's full table: --scens 1-25 for cbs and eecbs, 1-5 for lacam and lacam-star.
 */
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { SET_NAMES, type SetName, bandsOf, runOurs, runTheirs } from './contenders.ts';
import { instanceFilesExist, instanceLabel, loadInstance, sumOfDistances } from './instances.ts';
import { PEERS_BIN, type PeerName, peerAvailable } from './peerRuns.ts';
import { type BandRuns, load, printHeader, printRun, printSummary, summarize } from './report.ts';
import { type BandResult, type TargetRow, printTargetTable, targetRows } from './targets.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const sets = (option('set') ?? SET_NAMES.join(',')).split(',') as SetName[];
for (const s of sets) if (!SET_NAMES.includes(s)) throw new Error(`--set: ${s} is not one of ${SET_NAMES.join(', ')}`);
const [firstScen, lastScen] = (option('scens') ?? '1-5').split('-').map(Number);
const limitS = Number(option('limit-s') ?? 60);
const starLimits = (option('star-limits') ?? '1,10').split(',').map(Number);
const maps = option('maps')?.split(',');
const ks = option('ks')?.split(',').map(Number);

console.log(`bench:peers: Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), load ${load()}; peers from ${PEERS_BIN}${peersPresent()}`);
console.log('SOC: sum of costs, `rest` model; SoL: sum of loss, `away` model; LB: sum of shortest distances (lacam\'s soc_lb); proved LB: the solver\'s own bound on the SOC.');
console.log('CPU: ours, the solving thread (limit and figure); cbsh2-rtc and eecbs, their own solve CPU (runtime); lacam and lacam3, the process (user + system, /usr/bin/time). Ratios ours/theirs per instance.');

/** Which peers' binaries are there: a missing one's columns and targets are skipped. */
function peersPresent(): string {
  const names: PeerName[] = ['lacam', 'lacam3', 'cbsh2-rtc', 'eecbs'];
  const absent = names.filter((p) => !peerAvailable(p));
  if (absent.length === names.length) return ` (ABSENT${existsSync(PEERS_BIN) ? ': no binary there' : ''}: their columns and targets are skipped)`;
  return absent.length === 0 ? '' : ` (absent: ${absent.join(', ')}, skipped)`;
}

const targets: TargetRow[] = [];
for (const set of sets) {
  const bands = bandsOf(set, { limitS, starLimits, threads: !args.includes('--no-threads') }).filter((b) => (maps === undefined || maps.includes(b.map)) && (ks === undefined || ks.includes(b.k)));
  console.log(`\n=== ${set}: random scenarios ${firstScen}-${lastScen} ===`);
  const results: BandResult[] = [];
  for (const band of bands) {
    const runs: BandRuns = new Map(band.contenders.map((c) => [c.label, []]));
    const lbs: number[] = [];
    for (let scen = firstScen; scen <= lastScen; scen++) {
      const key = { map: band.map, scen, k: band.k };
      if (!instanceFilesExist(key)) {
        console.log(`\n${instanceLabel(key)}: benchmark files absent, skipped`);
        continue;
      }
      const instance = loadInstance(key);
      const lb = sumOfDistances(instance);
      lbs.push(lb);
      console.log(`\n${instanceLabel(key)} (LB ${lb})`);
      printHeader();
      // Alternate who goes first, so neither side always follows the other's heat.
      const order = scen % 2 === 1 ? band.contenders : [...band.contenders].reverse();
      const figures = new Map(order.map((c) => [c.label, c.side === 'ours' ? runOurs(c, key) : runTheirs(c, key, instance)]));
      for (const c of band.contenders) {
        const r = figures.get(c.label)!;
        runs.get(c.label)!.push(r);
        printRun(c, r, lb, c.versus === undefined ? undefined : figures.get(c.versus));
      }
    }
    if (lbs.length === 0) continue;
    const summaries = summarize(band, runs, lbs);
    printSummary(band, summaries);
    results.push({ band, runs, lbs, summaries });
  }
  targets.push(...targetRows(results));
}
printTargetTable(targets);
