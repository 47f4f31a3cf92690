/**
 * Stream templates for level designers: ready-made scenarios (version 4) where units keep coming,
 * each with a measured region to read its capacity from and a stream-capable solver set.
 *
 * - Bridge, two-way: two banks joined by a one-lane bridge; each bank's spawner sends units at a
 *   steady rate to an exit on the far bank.
 * - Gate under waves: a wall across the map with a two-cell gate; waves of units gather on the
 *   left and leave by the right edge.
 * - Mine-base shuttle: workers spawned at a camp walk to the mine, then back and forth between
 *   the mine and the base through a narrow pass (errands, repeated), for the whole match.
 *
 * Pure: returns the map rows and the scenario's fields in its file form (cells as [x, y]).
 */
import type { ScenarioRegion, SolverSettings } from '../../../core/scenario/schema.ts';
import type { ScenarioExit, ScenarioSpawner } from '../../../core/scenario/streamSchema.ts';

export const STREAM_TEMPLATE_KINDS = ['bridge-stream', 'gate-waves', 'shuttle'] as const;
export type StreamTemplateKind = (typeof STREAM_TEMPLATE_KINDS)[number];

export interface StreamTemplate {
  name: string;
  rows: string[];
  spawners: ScenarioSpawner[];
  exits: ScenarioExit[];
  regions: ScenarioRegion[];
  solver: SolverSettings;
}

type Point = [number, number];

/** A spawner with the schema's defaults written out (the document holds parsed, complete values). */
function spawner(fields: Pick<ScenarioSpawner, 'name' | 'area' | 'goal'> & Partial<ScenarioSpawner>): ScenarioSpawner {
  return { startTurn: 0, random: false, seed: 1, size: 1, speed: 1, priority: 0, ...fields };
}

function solver(name: string, turnLimit: number, params: Record<string, unknown> = {}): SolverSettings {
  return { solver: name, turnLimit, order: 'given', seed: 1, params };
}

/** Two 8 x 9 banks joined by a one-lane bridge 6 cells long on the middle row; 1 unit per 10 turns from each bank (the capacity sweep raises it). */
function bridgeStream(): StreamTemplate {
  const width = 22;
  const height = 9;
  const x0 = 8;
  const x1 = 13;
  const mid = 4;
  const rows = Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => (x >= x0 && x <= x1 && y !== mid ? '@' : '.')).join(''));
  const column = (x: number, ys: number[]): Point[] => ys.map((y) => [x, y]);
  return {
    name: 'Bridge, two-way traffic',
    rows,
    // Units appear on the top rows of each bank's outer column and leave by the bottom rows of the other's.
    spawners: [
      spawner({ name: 'west bank', area: { cells: column(0, [0, 1, 2]) }, rate: 1, goal: { exit: 'east road' } }),
      spawner({ name: 'east bank', area: { cells: column(width - 1, [0, 1, 2]) }, rate: 1, goal: { exit: 'west road' } }),
    ],
    exits: [
      { name: 'east road', area: { cells: column(width - 1, [6, 7, 8]) } },
      { name: 'west road', area: { cells: column(0, [6, 7, 8]) } },
    ],
    regions: [{ name: 'bridge', from: [x0, mid], to: [x1, mid] }],
    solver: solver('pibt', 400),
  };
}

/** A wall on column 10 of a 22 x 12 map with a two-cell gate; three waves of 12 from the left edge. */
function gateWaves(): StreamTemplate {
  const width = 22;
  const height = 12;
  const wall = 10;
  const gate = [5, 6];
  const rows = Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => (x === wall && !gate.includes(y) ? '@' : '.')).join(''));
  return {
    name: 'Gate under waves',
    rows,
    spawners: [spawner({ name: 'muster', area: { from: [0, 0], to: [3, height - 1] }, waves: [{ turn: 0, count: 12 }, { turn: 40, count: 12 }, { turn: 80, count: 12 }], count: 36, goal: { exit: 'far edge' } })],
    exits: [{ name: 'far edge', area: { from: [width - 1, 0], to: [width - 1, height - 1] } }],
    regions: [{ name: 'gate', from: [wall, gate[0]], to: [wall, gate[1]] }],
    solver: solver('pibt', 300),
  };
}

/**
 * A mine (left) and a base (right) of 4 x 4 cells, joined through a wall by a pass two cells wide;
 * a camp above the base sends 8 workers, one every 5 turns, who shuttle mine -> base -> mine.
 */
function shuttle(): StreamTemplate {
  const width = 26;
  const height = 12;
  const wall = 12;
  const pass = [5, 6];
  const rows = Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => (x >= wall && x <= wall + 1 && !pass.includes(y) ? '@' : '.')).join(''));
  return {
    name: 'Mine-base shuttle',
    rows,
    spawners: [
      spawner({
        name: 'camp', area: { from: [20, 0], to: [23, 1] }, every: 5, count: 8,
        goal: { region: 'mine' }, errands: { goals: [{ region: 'base' }, { region: 'mine' }], repeat: true },
      }),
    ],
    exits: [],
    regions: [
      { name: 'mine', from: [1, 4], to: [4, 7] },
      { name: 'base', from: [21, 4], to: [24, 7] },
      { name: 'pass', from: [wall, pass[0]], to: [wall + 1, pass[1]] },
    ],
    solver: solver('pibt', 300),
  };
}

export function streamTemplate(kind: StreamTemplateKind): StreamTemplate {
  if (kind === 'bridge-stream') return bridgeStream();
  if (kind === 'gate-waves') return gateWaves();
  return shuttle();
}
