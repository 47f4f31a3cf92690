/**
 * LaCAM's first solution in this process, timed on this thread's CPU clock, split into the set-up
 * (PIBT's distance tables as far as the starts' neighbours) and the search: the profiling harness
 * for bench:peers' lacam rows (`node --cpu-prof --import tsx bench/peers/lacamFirst.ts`).
 *
 * Usage: tsx bench/peers/lacamFirst.ts [--map den520d] [--scens 1-5] [--k 1000] [--repeat 1]
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Pibt } from '../../core/planning/pibt.ts';
import { lacamSearch } from '../../core/solvers/lacam/lacam.ts';
import { loadInstance } from './instances.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const map = option('map', 'den520d');
const [first, last] = option('scens', '1-5').split('-').map(Number);
const k = Number(option('k', '1000'));
const repeat = Number(option('repeat', '1'));
const SCHEDSTAT = '/proc/thread-self/schedstat';
const cpuMs = (): number => (existsSync(SCHEDSTAT) ? Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6 : performance.now());

for (let r = 0; r < repeat; r++) {
  for (let scen = first; scen <= last; scen++) {
    const instance = loadInstance({ map, scen, k });
    const starts = Int32Array.from(instance.agents, (a) => a.start);
    const goals = Int32Array.from(instance.agents, (a) => a.goal);
    const t0 = cpuMs();
    new Pibt(instance.grid, starts, goals, 0, undefined, { swap: true });
    const setup = cpuMs() - t0;
    const t1 = cpuMs();
    const result = lacamSearch(instance.grid, starts, goals, { seed: 0, anytime: false, maxNodes: 1e7, shouldStop: () => null });
    const total = cpuMs() - t1;
    console.log(`${map} random-${scen} k=${k}: ${result.status}, cost ${result.cost}, ${result.highNodes} configurations; PIBT set-up alone ${setup.toFixed(0)} ms, whole search ${total.toFixed(0)} ms thread CPU; load ${loadavg()[0].toFixed(2)}`);
  }
}
