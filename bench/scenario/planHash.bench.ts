/**
 * The plan hash a kept comparison is checked against, per edit on a 4096x4096 map (half of
 * MAX_MAP_CELLS, the largest the app opens) with 1,000 units: the hash of the map as its grid's arrays
 * (planHash, today's) against the hash of its rows as text (the earlier scenarioPlanHash, kept
 * here only to measure). Thread CPU time per hash (process.cpuUsage: this script runs one
 * thread of JavaScript), the median of 7, with the load.
 * Usage: flock /work/wt/bench.lock tsx bench/scenario/planHash.bench.ts [--side 4096]
 */
import { loadavg } from 'node:os';
import { Grid } from '../../core/grid/grid.ts';
import { inlineMapFromGrid } from '../../core/scenario/inlineMap.ts';
import { planHash } from '../../core/scenario/planHash.ts';
import { scenarioFromContent } from '../../core/scenario/content.ts';
import { completeAgent, type ScenarioContent } from '../../core/scenario/content.ts';
import { FOUR_CONNECTED } from '../../core/grid/movement.ts';
import { DEFAULT_SOLVER_SETTINGS } from '../../core/scenario/schema.ts';

const args = process.argv.slice(2);
const SIDE = Number(args.includes('--side') ? args[args.indexOf('--side') + 1] : 4096);

// The editor's document for a new map (renderer/src/model/document.ts emptyDocument), built here: benches use core only.
const doc: ScenarioContent = { name: 'Big', grid: new Grid(SIDE, SIDE), mapSource: { kind: 'inline' }, movement: { ...FOUR_CONNECTED }, agents: [], solver: { ...DEFAULT_SOLVER_SETTINGS, params: {} }, events: [], obstacles: [], knowledge: 'now', regions: [] };
for (let i = 0; i < SIDE * SIDE; i += 7) if (i % 3 === 0) doc.grid.passable[i] = 0;
doc.agents = Array.from({ length: 1000 }, (_, i) => completeAgent({ id: `a${i + 1}`, start: [i % SIDE, 1], goal: [i % SIDE, SIDE - 2] }, i));

function cpuMs(run: () => void): number {
  const times: number[] = [];
  for (let k = 0; k < 7; k++) {
    const before = process.cpuUsage();
    run();
    const used = process.cpuUsage(before);
    times.push((used.user + used.system) / 1000);
  }
  return times.sort((a, b) => a - b)[3];
}

function fnv1a(text: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

let sink = '';
const grid = doc.grid;
const textMs = cpuMs(() => {
  const scenario = { ...scenarioFromContent(doc), map: inlineMapFromGrid(grid) };
  const text = JSON.stringify({ ...scenario, name: undefined, solver: undefined, regions: undefined });
  sink = `${fnv1a(text, 0x811c9dc5)}${fnv1a(text, 0x050c5d1f)}`;
});
const gridMs = cpuMs(() => {
  grid.passable[12345] ^= 1; // an edit between hashes, as painting does
  sink = planHash(scenarioFromContent({ ...doc, mapSource: { kind: 'file', path: '' } }), grid);
});
console.log(`plan hash per edit, ${SIDE}x${SIDE} map, 1000 units: rows as text ${textMs.toFixed(0)} ms CPU, grid arrays ${gridMs.toFixed(1)} ms CPU (median of 7; load ${loadavg()[0].toFixed(1)}) ${sink.length > 0 ? '' : '?'}`);
