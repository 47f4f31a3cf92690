/**
 * LaCAM*'s params side by side on bench:peers' instances, ours only: each variant in a process of
 * its own per scenario (oursRunner.ts, the solving thread's CPU clock), the variants interleaved
 * per scenario so that none always runs on a hotter machine. Prints per run SOC/LB (SOC: sum of
 * costs, `rest`; LB: sum of distances) and SoL/LB (sum of loss, `away`: LaCAM*'s objective), and
 * per variant the means; the load with each. For finding what closes a gap to lacam3 before
 * bench:peers judges it.
 *
 * Usage: tsx bench/peers/starSweep.ts --map warehouse-10-20-10-2-1 --k 1000 --scens 1-5
 *   --limit-s 10 --variants '{"reverseEdges":false};{}'   (';' between variants, {} the defaults)
 */
import { runOurs } from './contenders.ts';
import { instanceLabel, loadInstance, sumOfDistances } from './instances.ts';
import { load } from './report.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const map = option('map', 'warehouse-10-20-10-2-1');
const k = Number(option('k', '1000'));
const [first, last] = option('scens', '1-5').split('-').map(Number);
const limitS = Number(option('limit-s', '10'));
const solver = option('solver', 'lacam-star');
const variants = option('variants', '{}').split(';').map((v) => JSON.parse(v) as Record<string, unknown>);

const socs = variants.map((): number[] => []);
const sols = variants.map((): number[] => []);
const cpus = variants.map((): number[] => []);
for (let scen = first; scen <= last; scen++) {
  const key = { map, scen, k };
  const lb = sumOfDistances(loadInstance(key));
  const order = variants.map((_, i) => i);
  if (scen % 2 === 0) order.reverse();
  for (const v of order) {
    const r = runOurs({ label: '', side: 'ours', solver, params: variants[v], limitS }, key);
    const line = `${instanceLabel(key)} ${JSON.stringify(variants[v])}: ${r.status}, thread CPU ${r.cpuS.toFixed(2)} s`;
    if (r.status !== 'solved') {
      console.log(`${line} (${r.message ?? ''}); load ${load()}`);
      continue;
    }
    socs[v].push(r.soc! / lb);
    sols[v].push(r.sumOfLoss! / lb);
    cpus[v].push(r.cpuS);
    console.log(`${line}, SOC/LB ${(r.soc! / lb).toFixed(4)}, SoL/LB ${(r.sumOfLoss! / lb).toFixed(4)}, valid ${r.valid}; load ${load()}`);
  }
}
const mean = (xs: number[]): string => (xs.length === 0 ? '-' : (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(4));
for (const [v, params] of variants.entries()) {
  console.log(`${map} k=${k} ${JSON.stringify(params)} at ${limitS} s thread CPU: ${socs[v].length} solved, mean SOC/LB ${mean(socs[v])}, mean SoL/LB ${mean(sols[v])}, mean CPU ${mean(cpus[v])} s; load ${load()}`);
}
