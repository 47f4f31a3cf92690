/**
 * The first targets (Patel, "Dealing with moving obstacles"): the path steps a
 * unit computes over a run, by replanning rule, against the seed's figures.
 *
 * - One unit, a 100-step corridor: `recalc` every 10 steps within 10% of 550 path steps; `splice`
 *   at most 3N (the seed: 2N to 3N, independent of m).
 * - `incremental` (D* Lite) against repeated A* as a door two cells before the goal opens and
 *   closes (target 10x fewer expansions), on 30, 60 and 120 square maps: over the whole run, and
 *   after the first plan, which both make once with the door shut (the changes' own cost).
 * - The same rules and `predict` on a Moving AI map (den312d) with patrolling guards crossing the routes of
 *   25 scenario queries: path steps, expansions, replans, blocks, arrival over the obstacle-free
 *   optimum, and CPU time per run (this process; the load is printed).
 *
 * Usage: tsx bench/obstacles/obstacles.bench.ts
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Grid } from '../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../core/grid/movement.ts';
import { parseMap } from '../../core/formats/movingAiMap.ts';
import { parseScenario } from '../../core/formats/movingAiScenario.ts';
import type { MovingObstacle } from '../../core/mapf/obstacles.ts';
import { obstacleViolations } from '../../core/mapf/obstacles.ts';
import { solveAStar } from '../../core/search/astar.ts';
import type { ReplanRule } from '../../core/simulation/obstacleRules.ts';
import { followAmongObstacles } from '../../core/simulation/obstacleFollow.ts';

const BENCH = fileURLToPath(new URL('../../../shared/benchmarks/movingai/', import.meta.url));
const pass = (ok: boolean) => (ok ? 'pass' : 'MISS');

console.log(`bench:obstacles  Node ${process.version}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log('\nOne unit, 100-step corridor, no obstacles (Patel\'s example)');
const corridor = new Grid(101, 1);
const recalc = followAmongObstacles(corridor, FOUR_CONNECTED, 0, 100, [], { kind: 'recalc', every: 10 });
console.log(`  recalc every 10      path steps ${recalc.pathStepsComputed}   target 550 ± 10% (495-605)   ${pass(Math.abs(recalc.pathStepsComputed - 550) <= 55)}`);
for (const m of [4, 10, 20]) {
  const splice = followAmongObstacles(corridor, FOUR_CONNECTED, 0, 100, [], { kind: 'splice', m });
  console.log(`  splice m=${String(m).padEnd(3)} every ${String(Math.floor((3 * m) / 4)).padEnd(3)} path steps ${splice.pathStepsComputed} = ${(splice.pathStepsComputed / 100).toFixed(2)}N   target <= 3N   ${pass(splice.pathStepsComputed <= 300)}`);
}

console.log('\nIncremental (D* Lite) against repeated A* (recalc whenever a cell changes): a wall across the map, a door in it');
console.log('two cells before the goal (a cart stepping into the doorway and out every 6 turns), a second opening at the far end');
for (const side of [30, 60, 120]) {
  const doorRow = side - 5;
  const rows = Array.from({ length: side }, (_, y) => (y === doorRow ? `${'@'.repeat(side / 2)}.${'@'.repeat(side / 2 - 2)}.` : '.'.repeat(side)));
  const walled = Grid.fromAscii(rows);
  const door: MovingObstacle = { id: 'door', route: [walled.cell(side / 2, doorRow), walled.cell(side / 2, doorRow - 1)], mode: 'ping-pong', speed: 6 };
  const from = walled.cell(0, 0);
  const to = walled.cell(side / 2, doorRow + 2);
  const cpu0 = process.cpuUsage();
  const inc = followAmongObstacles(walled, FOUR_CONNECTED, from, to, [door], { kind: 'incremental' });
  const cpu1 = process.cpuUsage(cpu0);
  const rep = followAmongObstacles(walled, FOUR_CONNECTED, from, to, [door], { kind: 'recalc', whenChanged: true });
  const cpu2 = process.cpuUsage(cpu1);
  const ms = (c: NodeJS.CpuUsage) => ((c.user + c.system) / 1000).toFixed(1);
  const ratio = rep.expanded / inc.expanded;
  // Both plan once before anything changes; the rest is what the door's changes cost each.
  const first = (r: typeof inc) => r.firstPlanExpanded;
  const repair = (rep.expanded - first(rep)) / Math.max(1, inc.expanded - first(inc));
  console.log(`  ${side}x${side}: arrival ${inc.arrival} / ${rep.arrival}, changes ${inc.replans}; expanded D* Lite ${inc.expanded}, repeated A* ${rep.expanded}: ${ratio.toFixed(1)}x fewer (target >= 10x) ${ratio >= 10 ? 'pass' : 'MISS'}; CPU ${ms(cpu1)} / ${ms(cpu2)} ms`);
  console.log(
    `         first plan D* Lite ${first(inc)}, A* ${first(rep)}; after it (the changes): D* Lite ${inc.expanded - first(inc)}, repeated A* ${rep.expanded - first(rep)}: ${repair.toFixed(1)}x fewer ${repair >= 10 ? 'pass' : 'MISS'}`,
  );
}

const map = parseMap(readFileSync(`${BENCH}maps/den312d.map`, 'utf8'), 'den312d.map');
const grid = map.grid;
const scen = parseScenario(readFileSync(`${BENCH}scen/den312d-random-1.scen`, 'utf8'), 'den312d-random-1.scen');
let queries = scen.entries.filter((e) => e.optimalLength >= 40).slice(0, 25);
// Guards: each patrols (ping-pong) between the 1/3 and 2/3 points of another query's optimal path, so they cross busy ground.
const guards: MovingObstacle[] = [];
for (let i = 0; i < 10 && i < scen.entries.length; i++) {
  const e = scen.entries[scen.entries.length - 1 - i];
  const found = solveAStar({ grid, movement: FOUR_CONNECTED, start: grid.cell(e.startX, e.startY), goal: grid.cell(e.goalX, e.goalY) });
  if (found.status !== 'found' || found.path.length < 12) continue;
  guards.push({ id: `guard${i + 1}`, route: [found.path[Math.floor(found.path.length / 3)], found.path[Math.floor((2 * found.path.length) / 3)]], mode: 'ping-pong', speed: 2 });
}
// A query starting where a guard starts is an input error (the unit and the guard in one cell): left out.
const guardStarts = new Set(guards.map((g) => g.route[0]));
queries = queries.filter((e) => !guardStarts.has(grid.cell(e.startX, e.startY)));
console.log(`\nden312d (${grid.width}x${grid.height}), ${queries.length} queries of at least 40 moves, ${guards.length} guards (ping-pong, speed 2), 4-connected, knowledge 'now'`);
const rules: [string, ReplanRule][] = [
  ['recalc when blocked', { kind: 'recalc' }],
  ['recalc every 10', { kind: 'recalc', every: 10 }],
  ['splice m=10', { kind: 'splice', m: 10 }],
  ['splice m=10 limit 20', { kind: 'splice', m: 10, limit: 20 }],
  ['watch 8, recalc', { kind: 'watch', regionSize: 8 }],
  ['watch 8, horizon 10', { kind: 'watch', regionSize: 8, horizon: 10 }],
  ['watch 8, every 5', { kind: 'watch', regionSize: 8, notifyEvery: 5 }],
  ['predict', { kind: 'predict' }],
  ['incremental (D* Lite)', { kind: 'incremental' }],
];
console.log('  rule                   arrived  path steps/N  expanded/run  replans/run  blocks/run  arrival/optimal  arrival/hindsight  CPU ms/run (with the hindsight search)');
for (const [name, rule] of rules) {
  let arrived = 0;
  let steps = 0;
  let optimal = 0;
  let expanded = 0;
  let replans = 0;
  let blocks = 0;
  let ratio = 0;
  let overHindsight = 0;
  let violations = 0;
  const cpu = process.cpuUsage();
  for (const e of queries) {
    const start = grid.cell(e.startX, e.startY);
    const goal = grid.cell(e.goalX, e.goalY);
    const free = solveAStar({ grid, movement: FOUR_CONNECTED, start, goal });
    const run = followAmongObstacles(grid, FOUR_CONNECTED, start, goal, guards, rule, { turnLimit: 2000 });
    violations += obstacleViolations([run.path], run.obstaclePaths).length;
    const moves = free.path.length - 1;
    optimal += moves;
    steps += run.pathStepsComputed;
    expanded += run.expanded;
    replans += run.replans;
    blocks += run.obstacleBlocks;
    if (run.arrived) {
      arrived++;
      ratio += run.arrival / moves;
      overHindsight += run.arrival / run.hindsight;
    }
  }
  const used = process.cpuUsage(cpu);
  const n = queries.length;
  console.log(`  ${name.padEnd(22)} ${`${arrived}/${n}`.padEnd(8)} ${(steps / optimal).toFixed(2).padEnd(13)} ${(expanded / n).toFixed(0).padEnd(13)} ${(replans / n).toFixed(1).padEnd(12)} ${(blocks / n).toFixed(1).padEnd(11)} ${(arrived ? ratio / arrived : NaN).toFixed(3).padEnd(16)} ${(arrived ? overHindsight / arrived : NaN).toFixed(3).padEnd(18)} ${((used.user + used.system) / 1000 / n).toFixed(1)}${violations ? `  ${violations} OBSTACLE CONFLICTS` : ''}`);
}
console.log(`\nload at end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
