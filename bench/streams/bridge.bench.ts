/**
 * Streams over a one-cell bridge, both ways (the issue's capacity target): two banks of 6 x 5
 * cells joined by one cell; each bank spawns on its two top cells at an offered rate (units per 10
 * turns per side, evenly spaced) and its units leave by the two bottom cells of the other bank.
 * For each solver and rate, over 5,000 turns: the plan validator's verdict, delivered throughput
 * (exits per 10 turns), time in system, each side's backlog at the end, and whether any unit is
 * stuck (on the map for more than 1,000 turns at the end, or no exit in the last 1,000 turns
 * while units wait). Saturation: each solver's best delivered throughput against the best any
 * solver reaches (target: within 10%). Turn times in process CPU ms; the load is printed.
 *
 * Usage: tsx bench/streams/bridge.bench.ts [--turns 5000] [--rates 2,4,6,8,10,12,16,20] [--solvers pibt,whca,rhcr]
 */
import { loadavg } from 'node:os';
import { Grid } from '../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../core/grid/movement.ts';
import { ABSENT } from '../../core/mapf/plan.ts';
import type { Streams } from '../../core/mapf/streams.ts';
import { CONTROLLERS } from '../../core/registry/registry.ts';
import { runController } from '../../core/simulation/simulator.ts';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string): string => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const TURNS = Number(arg('turns', '5000'));
const RATES = arg('rates', '2,4,6,8,10,12,16,20').split(',').map(Number);
const SOLVERS = arg('solvers', 'pibt,whca,rhcr').split(',');
const STUCK = 1000;

const grid = Grid.fromAscii(['......@......', '......@......', '.............', '......@......', '......@......']);
const at = (x: number, ys: number[]) => ys.map((y) => grid.cell(x, y));
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

function streams(rate: number): Streams {
  const side = (name: string, x: number, exit: number) => ({
    name, cells: at(x, [0, 1]), startTurn: 0, schedule: { kind: 'rate' as const, rate, random: false }, count: Infinity, seed: 1, goal: { kind: 'exit' as const, exit }, size: 1, speed: 1, priority: 0,
  });
  return { spawners: [side('west', 0, 0), side('east', 12, 1)], exits: [{ name: 'east', cells: at(12, [3, 4]) }, { name: 'west', cells: at(0, [3, 4]) }], placed: [] };
}

console.log(`bench:streams (bridge)  Node ${process.version}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`one-cell bridge, 2 x (6 x 5) banks, units both ways, ${TURNS} turns; offered rate per side in units per 10 turns; turn times in process CPU ms`);
console.log('  solver  offered/10  delivered/10  placed  left  on map  backlog end  time in system mean/p95/max  oldest on map  last exit  stuck  valid  mean turn  max turn   load');
const best = new Map<string, number>();
let allValid = true;
const stuckRuns: string[] = [];
for (const name of SOLVERS) {
  const spec = CONTROLLERS.find((c) => c.name === name);
  if (!spec) throw new Error(`no controller ${name}`);
  for (const rate of RATES) {
    const result = runController({ grid, movement: FOUR_CONNECTED, agents: [] }, spec.factory, { seed: 1, params: {} }, { turnLimit: TURNS, streams: streams(rate), clock: cpuMs });
    const s = result.streams!;
    const end = result.run.turns;
    // The oldest unit still on the map, and the last turn anyone left.
    let oldest = 0;
    for (let a = 0; a < s.appearTurn.length; a++) if (result.paths[a][end] !== ABSENT) oldest = Math.max(oldest, end - s.appearTurn[a]);
    let lastExit = -1;
    for (let t = s.exits.length - 1; t >= 0 && lastExit < 0; t--) if (s.exits[t] > 0) lastExit = t;
    const onMap = s.onMap[s.onMap.length - 1] ?? 0;
    const stuck = oldest > STUCK || (onMap > 0 && end - lastExit > STUCK);
    best.set(name, Math.max(best.get(name) ?? 0, s.exitThroughput));
    if (result.validation?.valid !== true) allValid = false;
    if (stuck) stuckRuns.push(`${name} at ${2 * rate}/10`);
    const tis = s.timeInSystem;
    console.log(`  ${name.padEnd(6)}  ${(2 * rate).toFixed(1).padStart(10)}  ${s.exitThroughput.toFixed(2).padStart(12)}  ${String(s.appeared).padStart(6)}  ${String(s.left).padStart(4)}  ${String(onMap).padStart(6)}  ${s.spawners.map((sp) => sp.backlogEnd).join('/').padStart(11)}  ${(tis ? `${tis.mean.toFixed(1)}/${tis.p95}/${tis.max}` : '-').padStart(28)}  ${String(oldest).padStart(13)}  ${String(lastExit).padStart(9)}  ${(stuck ? 'YES' : 'no').padStart(5)}  ${String(result.validation?.valid).padStart(5)}  ${result.run.meanTurnMs.toFixed(3).padStart(9)}  ${result.run.maxTurnMs.toFixed(2).padStart(8)}   ${loadavg()[0].toFixed(2)}`);
  }
}
const top = Math.max(...best.values());
console.log(`targets (one-cell bridge, both ways, ${TURNS} turns; load ${loadavg()[0].toFixed(2)}):`);
console.log(`  every plan valid: ${allValid ? 'meets' : 'MISSES'}; no unit stuck at any offered rate: ${stuckRuns.length === 0 ? 'meets' : `MISSES (${stuckRuns.join(', ')})`}`);
console.log(`  saturation throughput (best delivered, exits per 10 turns, counted on the simulator's turns, not a clock) within 10% of the best, ${top.toFixed(2)}:`);
for (const [name, value] of best) console.log(`    ${name.padEnd(6)} ${value.toFixed(2)}  ${((100 * value) / top).toFixed(0)}% of the best  ${value >= 0.9 * top ? 'meets' : 'MISSES'}`);
