import { cellsWords, perMinute, rateWords } from '../../../core/experiments/rateUnits.ts';
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import type { Streams } from '../../../core/mapf/streams.ts';
import { capacitySentence, measureRun, summarize, sweepCapacity, type CapacityRun } from '../../../core/experiments/capacity.ts';

// A one-cell-wide, one-way corridor of 12 cells: units appear on the west end and leave by the
// east end. By hand: a unit enters the corridor at most once a turn (the spawn cell frees when
// its unit steps on) and every unit moves once a turn behind the one ahead, so the corridor
// carries one unit a turn, 10 per 10 turns; at 12 per 10 turns the backlog grows by 0.2 a turn.
const grid = Grid.fromAscii(['............']);
const corridor = (admitShare?: number): Streams => ({
  spawners: [{ name: 'gate', cells: [grid.cell(0, 0)], startTurn: 0, schedule: { kind: 'every', every: 5 }, count: 10, seed: 1, goal: { kind: 'exit', exit: 0 }, size: 1, speed: 1, priority: 0, ...(admitShare !== undefined ? { admitShare } : {}) }],
  exits: [{ name: 'end', cells: [grid.cell(11, 0)] }],
  placed: [],
});
const instance = { grid, movement: FOUR_CONNECTED, agents: [] };
const RATES = [2, 4, 6, 8, 10, 12, 14];

describe('capacity sweep', () => {
  // CA*, HCA* and WHCA* once held the exit cell after its unit had left (parked there, or paused
  // there to the window's end), so the unit behind entered it a turn late: 5 per 10 turns, or none.
  it.each(['pibt', 'rhcr', 'whca', 'hca', 'ca'])('%s: a one-way corridor saturates at one unit a turn (10 per 10 turns) with admission off', (solver) => {
    const result = sweepCapacity(instance, corridor(1), { spawners: ['gate'], rates: RATES, solvers: [{ solver }], turns: 400 });
    const summary = result.solvers[0];
    expect(summary.saturationRate).toBe(10);
    expect(summary.capacity).toBeGreaterThan(9.5);
    expect(summary.capacity).toBeLessThanOrEqual(10.5);
    for (const run of result.runs) {
      expect(run.valid).toBe(true);
      // Below capacity everything offered is delivered; above it the backlog grows.
      if (run.rate <= 10) expect(run.delivered).toBeCloseTo(run.rate, 0);
      else expect(run.backlogGrowth).toBeGreaterThan(0.1 * (run.rate - 10) * 20);
    }
    // 12 units a corridor long walk; at saturation a unit's time in system is its walk (11 moves) plus little queueing.
    expect(summary.atSaturation!.timeInSystem!.mean).toBeGreaterThanOrEqual(11);
    expect(summary.atSaturation!.timeInSystem!.mean).toBeLessThan(14);
  });

  it('the default admission share (half the area) caps the same corridor at half a unit a turn', () => {
    const result = sweepCapacity(instance, corridor(), { spawners: ['gate'], rates: RATES, solvers: [{ solver: 'pibt' }], turns: 400 });
    expect(result.solvers[0].saturationRate).toBe(4);
    expect(result.solvers[0].capacity).toBeGreaterThan(4);
    expect(result.solvers[0].capacity).toBeLessThanOrEqual(6);
  });

  it('an overloaded run is not bounded, and saturation stops at the first unbounded rate', () => {
    // A jam: every unit due waits (nothing placed), so the backlog grows by the whole offered load.
    const streams = corridor(1);
    const jammed = { appearTurn: [], leaveTurn: [], spawnerOf: [], spawners: [{ name: 'gate', backlog: Array.from({ length: 200 }, (_, t) => Math.floor(t / 10) + 1) }] };
    const figures = measureRun({ ...streams, spawners: [{ ...streams.spawners[0], schedule: { kind: 'rate', rate: 1, random: false }, count: Infinity }] }, ['gate'], jammed, 200, 200);
    expect(figures.backlogGrowth).toBe(9);
    expect(figures.bounded).toBe(false);
    const run = (rate: number, bounded: boolean): CapacityRun => ({ solver: 'pibt', label: 'PIBT', rate, offered: rate, status: 'solved', valid: true, delivered: Math.min(rate, 6), deliveredBySpawner: [Math.min(rate, 6)], timeInSystem: { mean: 12, p95: 13, max: 14 }, timeOnMap: 11, backlogEnd: 0, backlogGrowth: 0, inSystemGrowth: 0, bounded, ms: 1, gridlock: null });
    // A bounded rate above an unbounded one (a lucky run) does not raise the saturation point.
    const [summary] = summarize([{ solver: 'pibt' }], [run(2, true), run(4, true), run(6, false), run(8, true)]);
    expect(summary.saturationRate).toBe(4);
    expect(summary.capacity).toBe(6);
  });

  it('says it in words, best solver first', () => {
    const result = sweepCapacity(instance, corridor(1), { spawners: ['gate'], rates: [4, 8, 12], solvers: [{ solver: 'pibt' }, { solver: 'whca', params: { window: 8 } }], turns: 200 });
    const sentence = capacitySentence(result, 'the corridor');
    expect(sentence).toMatch(/^the corridor carries at most \d+\.\d units per 10 turns with (PIBT|WHCA\*\(8\)); \d+\.\d per 10 turns with (PIBT|WHCA\*\(8\)); at 8 per 10 turns offered, units spend \d+ turns in the system on average/);
  });

  it('refuses a spawner whose units never leave, naming it', () => {
    const streams = corridor(1);
    const resting: Streams = { ...streams, spawners: [{ ...streams.spawners[0], goal: { kind: 'cell', cell: 11 } }] };
    expect(() => sweepCapacity(instance, resting, { spawners: ['gate'], rates: [1], solvers: [{ solver: 'pibt' }], turns: 100 })).toThrow(/spawner 'gate': its units never leave/);
    expect(() => sweepCapacity(instance, streams, { spawners: ['nope'], rates: [1], solvers: [{ solver: 'pibt' }], turns: 100 })).toThrow(/no spawner 'nope'.*'gate'/);
    expect(() => sweepCapacity(instance, streams, { spawners: ['gate'], rates: [1], solvers: [{ solver: 'lacam' }], turns: 100 })).toThrow(/'lacam' does not take a stream/);
  });
});

describe('a gridlocked solver in the capacity sentence', () => {
  it('is left out of "carries at most", with its gridlock said', () => {
    const run = (solver: string, label: string, delivered: number, gridlock: string | null): CapacityRun => ({
      solver, label, rate: 2, offered: 4, status: gridlock ? 'failed' : 'solved', valid: true, delivered, deliveredBySpawner: [delivered / 2, delivered / 2], timeInSystem: { mean: 40, p95: 50, max: 60 }, timeOnMap: 30,
      backlogEnd: 0, backlogGrowth: 0, inSystemGrowth: 0, bounded: gridlock === null, ms: 1, gridlock,
    });
    const runs = [run('pibt', 'PIBT', 2.4, null), run('rhcr', 'RHCR', 0.8, 'gridlock from turn 41: units 3 and 17 head-on at (12, 9); 36 of 40 units stuck')];
    const solvers = summarize([{ solver: 'pibt' }, { solver: 'rhcr' }], runs);
    expect(solvers[1].gridlocked).toBe(runs[1]);
    const sentence = capacitySentence({ spawners: ['west', 'east'], turns: 1000, runs, solvers, cancelled: false }, 'the bridge');
    expect(sentence).toMatch(/^the bridge carries at most 2\.4 units per 10 turns in all, 1\.2 per spawner with PIBT;/);
    expect(sentence).not.toMatch(/0\.8 .*with RHCR/);
    expect(sentence).toContain('RHCR left out: gridlock from turn 41: units 3 and 17 head-on at (12, 9); 36 of 40 units stuck at 4 per 10 turns in all, 2 per spawner offered');
  });
});

describe('rates in the designer\'s units', () => {
  const run = (rate: number, delivered: number, bySpawner: number[]): CapacityRun => ({
    solver: 'pibt', label: 'PIBT', rate, offered: rate * 2, status: 'solved', valid: true, delivered, deliveredBySpawner: bySpawner, timeInSystem: { mean: 14, p95: 20, max: 25 }, timeOnMap: 10,
    backlogEnd: 0, backlogGrowth: 0, inSystemGrowth: 0, bounded: true, ms: 1, gridlock: null,
  });

  it('reports the rate per spawner, as it was entered, and in all, both', () => {
    const runs = [run(2, 4, [2, 2]), run(3, 4.8, [2.4, 2.4])];
    const result = { spawners: ['west', 'east'], turns: 400, runs, solvers: summarize([{ solver: 'pibt' }], runs), cancelled: false };
    expect(capacitySentence(result, 'the bridge')).toBe('the bridge carries at most 4.8 units per 10 turns in all, 2.4 per spawner with PIBT; at 6 per 10 turns in all, 3 per spawner offered, units spend 14 turns in the system on average (PIBT\'s saturation point; above it the queue grows)');
  });

  it('adds a minute and a second once the scale says how long a turn lasts, and seconds to the wait', () => {
    const runs = [run(3, 4.8, [2.4, 2.4])];
    const result = { spawners: ['west', 'east'], turns: 400, runs, solvers: summarize([{ solver: 'pibt' }], runs), cancelled: false, scale: { turnSeconds: 0.5 } };
    // 4.8 per 10 turns of half a second: 4.8 per 5 s, 57.6 a minute, 0.96 a second.
    expect(capacitySentence(result, 'the bridge')).toBe('the bridge carries at most 4.8 units per 10 turns in all (57.6 a minute, 0.96 a second), 2.4 per spawner (28.8 a minute) with PIBT; at 6 per 10 turns in all (72 a minute, 1.2 a second), 3 per spawner (36 a minute) offered, units spend 14 turns (7 s) in the system on average (PIBT\'s saturation point; above it the queue grows)');
  });

  it('gives one spawner\'s rate once, and a lane in metres once a cell\'s width is known', () => {
    expect(rateWords(5, 1, undefined)).toBe('5 per 10 turns');
    expect(rateWords(5, 1, { turnSeconds: 2 })).toBe('5 per 10 turns (15 a minute, 0.25 a second)');
    expect(cellsWords(12, { cellMetres: 1.5 })).toBe('12 cells, 18 m');
    expect(cellsWords(12, { turnSeconds: 1 })).toBe('12 cells');
    expect(perMinute(10, 1)).toBe(60);
  });
});
