/**
 * bench:bottleneck — the engine crowd models at a door against pedestrian experiments: 60 units
 * waiting in a room pass a door 1 to 6 cells wide into a second room. A cell is 0.5 m, a turn 1 s;
 * units are discs of radius 0.2 m walking at most 1.34 m/s (2.68 cells a turn), reaching it in
 * half a second, simulated in steps of 0.1 s. Flow is counted where units leave the door (x past
 * its wall) between the 10th and the 50th crossing (the steady part), in persons per second and per
 * metre of width, beside the pedestrian line from the bottleneck experiments (Seyfried et al.
 * 2009; Kretz et al. 2006; JuPedSim's bottleneck validation): about 1.9 persons/s per metre;
 * 0.8 m: 1.29-1.43/s, 1.0 m: 1.85-2.02/s, 2.5 m: 5.55/s; and the grid planners' one unit per cell
 * per move (a move of 0.5 m at 1.34 m/s: 5.36 persons/s per metre).
 *
 * Target (issue): ORCA's and Detour's lines within a factor of 2 of the pedestrian line at
 * widths of 2 cells (1 m) and more.
 *
 * Usage: tsx bench/solvers/crowd/bottleneck.bench.ts [--only orca|flow-field|detour] [--cell 0.5] [--params JSON]
 */
import { loadavg } from 'node:os';
import { Grid } from '../../../core/grid/grid.ts';
import { OCTILE_NO_CUT } from '../../../core/grid/movement.ts';
import type { MapfInstance } from '../../../core/mapf/instance.ts';
import { findSolver, prepareSolvers } from '../../../core/registry/registry.ts';
import { PEDESTRIAN_FLOW_PER_M, doorFlowVerdict } from '../../../core/experiments/report/doorFlow.ts';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const ONLY = option('--only');
/** Extra params for every model, as JSON (e.g. '{"margin":0}' for ORCA alone with --only orca). */
const EXTRA = JSON.parse(option('--params') ?? '{}') as Record<string, unknown>;
const CELL_M = Number(option('--cell') ?? 0.5);
const RADIUS_M = 0.2;
const SPEED_MS = 1.34;
const UNITS = 60;
const WALL_X = 20;
const PEDESTRIAN_PER_M = PEDESTRIAN_FLOW_PER_M;
/** Specific flow the grid planners reach: one unit per cell of width per move of one cell. */
const GRID_PER_M = SPEED_MS / CELL_M / CELL_M;

function doorInstance(width: number): MapfInstance {
  const w = 42;
  const h = 24;
  const y0 = Math.floor((h - width) / 2);
  const rows: string[] = [];
  for (let y = 0; y < h; y++) {
    let row = '';
    for (let x = 0; x < w; x++) row += x === WALL_X && (y < y0 || y >= y0 + width) ? '@' : '.';
    rows.push(row);
  }
  const grid = Grid.fromAscii(rows);
  // 60 units in a 6 x 10 block against the door's wall (a cell, 0.5 m, apart), goals two cells
  // apart in the other room, so arriving units do not have to squeeze between parked ones.
  const agents: MapfInstance['agents'] = [];
  for (let i = 0; i < UNITS; i++) {
    const column = i % 6;
    const row = Math.floor(i / 6);
    agents.push({ start: grid.cell(WALL_X - 2 - column, 7 + row), goal: grid.cell(WALL_X + 8 + 2 * column, 2 + 2 * row) });
  }
  return { grid, movement: OCTILE_NO_CUT, agents };
}

/** Times (turns, interpolated) at which each unit's x passed the door's far side, sorted. */
function crossings(positions: Float32Array, agents: number, turns: number): number[] {
  const out: number[] = [];
  for (let a = 0; a < agents; a++) {
    for (let t = 1; t <= turns; t++) {
      const before = positions[((t - 1) * agents + a) * 2];
      const after = positions[(t * agents + a) * 2];
      if (before < WALL_X + 1 && after >= WALL_X + 1) {
        out.push(t - 1 + (WALL_X + 1 - before) / (after - before));
        break;
      }
    }
  }
  return out.sort((x, y) => x - y);
}

await prepareSolvers();
const params = { radius: RADIUS_M / CELL_M, maxSpeed: SPEED_MS / CELL_M, acceleration: SPEED_MS / CELL_M / 0.5, stepsPerTurn: 10, turnLimit: 400, stuckTurns: 30, ...EXTRA };
/**
 * ORCA's wall horizon in turns is a distance at a speed: its default (1 turn) is one cell ahead at
 * the default speed of a cell a turn. Here units walk 2.68 cells a turn, so the same one cell ahead
 * is 1/2.68 turn; at 1 turn its walls' cut-off half-planes (orca.ts) slow units passing the door's
 * jambs (flow at 1 m: 0.29x the pedestrian line, against 0.69x).
 */
const OWN: Record<string, Record<string, unknown>> = { orca: { obstacleHorizon: 1 / params.maxSpeed } };
console.log(`bench:bottleneck — ${UNITS} units through a door; cell ${CELL_M} m, turn 1 s, radius ${RADIUS_M} m, speed ${SPEED_MS} m/s (params ${JSON.stringify(params)}, ORCA also ${JSON.stringify(OWN.orca)})`);
console.log(`pedestrian line ${PEDESTRIAN_PER_M} persons/s/m (0.8 m: 1.29-1.43/s, 1.0 m: 1.85-2.02/s, 2.5 m: 5.55/s); grid planners ${GRID_PER_M.toFixed(2)} persons/s/m`);
console.log('model       width       flow/s  flow/s/m  crossed  target (widths >= 2 cells: within a factor 2 of the line)  status');
const cpuSeconds = (): number => (process.cpuUsage().user + process.cpuUsage().system) / 1e6;
const started = cpuSeconds();
for (const name of ['orca', 'flow-field', 'detour']) {
  if (ONLY && ONLY !== name) continue;
  const entry = findSolver(name)!;
  for (let width = 1; width <= 6; width++) {
    const result = entry.solve(doorInstance(width), { params: { ...params, ...OWN[name] } });
    const track = result.crowd;
    if (!track) {
      console.log(`${name.padEnd(11)} ${width} cells  ${result.status}: ${result.message ?? ''}`);
      continue;
    }
    const times = crossings(track.positions, track.agents, track.turns);
    const from = Math.min(9, times.length - 1);
    const to = Math.min(49, times.length - 1);
    const flow = to > from ? (to - from) / (times[to] - times[from]) : NaN;
    const metres = width * CELL_M;
    const specific = flow / metres;
    const ratio = specific / PEDESTRIAN_PER_M;
    // The flow is timed from the 10th to the 50th crossing: with fewer than 11 through there is none to print.
    const shown = (v: number): string => (Number.isFinite(v) ? v.toFixed(2) : '-');
    const verdict = Number.isFinite(ratio)
      ? width >= 2
        ? `${ratio >= 0.5 && ratio <= 2 ? 'meets' : 'MISSES'}: ${doorFlowVerdict(ratio)}`
        : `(1 cell: no target) ${ratio.toFixed(2)}x`
      : `no flow: ${times.length} crossed, 11 needed to time one${width >= 2 ? ' (MISSES)' : ' (1 cell: no target)'}`;
    console.log(
      `${name.padEnd(11)} ${(`${width} (${metres.toFixed(1)} m)`).padEnd(11)} ${shown(flow).padStart(6)}  ${shown(specific).padStart(8)}  ${String(times.length).padStart(7)}  ${verdict.padEnd(58)}  ${result.status}${result.message ? `: ${result.message}` : ''}`,
    );
  }
}
console.log(`CPU ${(cpuSeconds() - started).toFixed(1)} s (process.cpuUsage), load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
