/**
 * `mapf-lab capacity FILE.json --spawner NAME`: the capacity of a chokepoint. Sweeps a spawner's
 * offered rate (units per 10 turns) in a stream scenario (version 4), per solver, each run T turns
 * in the simulator (core/experiments/capacity.ts), and prints per run the delivered throughput,
 * time in system, backlog and whether it stayed bounded, then each solver's saturation point and
 * the sweep in words. The sweep's CPU time (process user + system) and the load are printed.
 */
import { loadavg } from 'node:os';
import type { Command } from '../command.ts';
import { UsageError } from '../command.ts';
import { type OptionTable, commandUsage, parseCommandLine, wholeNumber } from '../args.ts';
import { CONTROLLERS, solverNames } from '../../core/registry/registry.ts';
import { DEFAULT_STREAM_TURNS } from '../../core/protocol/streamSolve.ts';
import { BOUNDED_SHARE, BOUNDED_SLACK, PLATOON_SOLVER, type CapacityResult, type CapacitySolver, capacitySentence, sweepCapacity } from '../../core/experiments/capacity.ts';
import { cpuClock } from '../../core/util/clock.ts';
import { cellsWords, figure, perMinute, rateWords, realRate, scaleWords } from '../../core/experiments/rateUnits.ts';
import { MAX_CELL_METRES, MAX_TURN_SECONDS } from '../../core/scenario/timeScaleSchema.ts';
import { loadAppScenario } from './solveScenario.ts';

const OPTIONS = {
  spawner: { value: 'NAME', multiple: true, help: 'the spawner whose rate is swept (its units must leave by an exit);\ngive it again to sweep several together, each at the rate' },
  rates: { value: 'A:B:STEP', help: 'offered rates per swept spawner, units per 10 turns: A to B by STEP,\nor a list A,B,C (default 1:20:1)' },
  solvers: { value: 'LIST', help: `turn controllers to compare, comma-separated, NAME or NAME:WINDOW\n(whca:8); default pibt,whca,rhcr; known: ${CONTROLLERS.map((c) => c.name).join(', ')}` },
  turns: { value: 'T', help: `turns of each run (default ${DEFAULT_STREAM_TURNS}); the second half is the steady state` },
  'admit-share': { value: 'S', help: 'admission share for the swept spawners, above 0 and at most 1\n(default: the scenario\'s, else 0.5; 1 turns the cap off, to\nmeasure a corridor\'s true capacity)' },
  'turn-seconds': { value: 'S', help: 'seconds a turn lasts in the game (default: the scenario\'s scale);\nrates are then also given per minute and per second' },
  'cell-metres': { value: 'M', help: 'metres a cell is wide (default: the scenario\'s scale); the lane is\nthen also given in metres' },
  place: { value: 'WORDS', help: 'what the sentence calls the chokepoint (default: the first region\'s\nname, else "the chokepoint")' },
  seed: { value: 'N', help: 'seed of the runs (default 1)' },
  json: { help: 'print one JSON object: the runs (rate per spawner, offered and delivered\nin all, deliveredBySpawner; perMinute once a turn\'s length is known),\neach solver\'s saturation point and capacity, the lane, scale, the\nsentence, CPU time' },
} as const satisfies OptionTable;

const USAGE = commandUsage([
  'Usage: mapf-lab capacity FILE.json --spawner NAME [--rates A:B:STEP] [--solvers LIST] [--turns T] [--turn-seconds S] [--json]',
  '',
  'The capacity of a chokepoint: sweeps the offered rate of a spawner in a stream scenario',
  '(version 4, spawners and exits), per solver, and prints for each run the delivered throughput',
  '(exits of the swept units per 10 turns over the run\'s second half), the time in system (from',
  'the turn a unit was due to its exit, its wait in the spawner\'s backlog included) mean, p95 and',
  'max, the backlog at the end and its growth over the second half, and whether the run stayed',
  `bounded: the number in the system (backlog + swept units on the map) grew over the second half`,
  `by at most ${BOUNDED_SLACK} units or ${BOUNDED_SHARE * 100}% of the units offered in it, whichever is more.`,
  'The saturation point of a solver is the highest rate at which its runs at that rate and every',
  'lower rate stay bounded; its capacity the best throughput it delivers. A run whose units',
  'stopped making progress for good says where and who (gridlock) and its solver is left out',
  'of what the level carries. Where the map has a one-lane corridor, the sweep also measures the',
  'lane\'s own capacity: a traffic rule (platoons of k = its length taking turns each way, about',
  'k/(L+k) units a turn) run at every rate like the solvers, and the plain bound (one unit a turn,',
  'one way).',
  'Rates are entered per swept spawner and reported both per spawner and in all (the rate times',
  'the spawners swept), per 10 turns, and per minute and per second once a turn\'s length is known',
  '(the scenario\'s "scale": { "turnSeconds": S, "cellMetres": M }, or --turn-seconds).',
], OPTIONS, [
  'Example: mapf-lab capacity experiments/scenarios/corridor-one-way.json --spawner west --rates 2:14:2',
  'Exit code 0 when every run\'s plan is valid, 1 otherwise.',
]);

export const capacityCommand: Command = {
  name: 'capacity',
  summary: 'Sweep a spawner\'s rate in a stream scenario: throughput, time in system, saturation point',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseCommandLine(OPTIONS, args, { positionals: true });
    if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'name a scenario file (FILE.json)' : `one scenario file, got ${positionals.length}: ${positionals.join(' ')}`);
    const file = positionals[0];
    const spawners = values.spawner ?? [];
    if (spawners.length === 0) throw new UsageError('--spawner NAME is required: the spawner whose rate is swept');
    const rates = parseRates(values.rates ?? '1:20:1');
    const solvers = parseSolvers(values.solvers ?? 'pibt,whca,rhcr');
    const turns = values.turns === undefined ? DEFAULT_STREAM_TURNS : wholeNumber('--turns', values.turns, 20);
    const seed = values.seed === undefined ? 1 : wholeNumber('--seed', values.seed, 0);
    let admitShare: number | undefined;
    if (values['admit-share'] !== undefined) {
      admitShare = Number(values['admit-share']);
      if (!(admitShare > 0 && admitShare <= 1)) throw new UsageError(`--admit-share must be above 0 and at most 1, got '${values['admit-share']}'`);
    }
    const loaded = loadAppScenario(file, solverNames());
    const scale = { ...loaded.scenario.scale };
    if (values['turn-seconds'] !== undefined) scale.turnSeconds = positive('--turn-seconds', values['turn-seconds'], MAX_TURN_SECONDS);
    if (values['cell-metres'] !== undefined) scale.cellMetres = positive('--cell-metres', values['cell-metres'], MAX_CELL_METRES);
    const place = values.place ?? (loaded.scenario.regions[0]?.name ? `the ${loaded.scenario.regions[0].name}` : 'the chokepoint');
    const cpu = () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    };
    const started = cpu();
    let result: CapacityResult;
    try {
      result = sweepCapacity(loaded.instance, loaded.streams, {
        spawners, rates, solvers, turns, seed, admitShare, scale, mapEvents: loaded.mapEvents, obstacles: loaded.obstacles, clock: cpuClock(cpu),
        onRun: (done, total, run) => io.errTerminal?.write(`\r  run ${done}/${total}: ${run.label} at ${run.rate} per 10 turns${done === total ? '\n' : ''}`),
      });
    } catch (error) {
      if (error instanceof RangeError) throw new UsageError(`${file}: ${error.message}`);
      throw error;
    }
    const cpuSeconds = (cpu() - started) / 1000;
    const load = loadavg()[0];
    const sentence = capacitySentence(result, place);
    if (values.json) {
      io.out(JSON.stringify(capacityJson(result, loaded.scenario.name, rates, sentence, cpuSeconds, load)));
    } else {
      io.out(formatCapacity(result, loaded.scenario.name, sentence, cpuSeconds, load));
    }
    return result.runs.every((r) => r.valid) ? 0 : 1;
  },
};

/** What a blank of the table means, said once under it. */
const NONE_LEFT = 'none left';

/**
 * The runs as a table, each solver's saturation point, the sentence, and the CPU time with the
 * load. Rates per spawner and in all, per 10 turns, and a minute once a turn's length is known.
 */
export function formatCapacity(result: CapacityResult, scenario: string, sentence: string, cpuSeconds: number, load: number): string {
  const n = result.spawners.length;
  const scale = result.scale;
  const minutes = scale?.turnSeconds;
  const scaleText = scaleWords(scale);
  const w = Math.max(11, ...result.runs.map((r) => r.label.length), ...result.solvers.map((x) => x.label.length));
  const lines = [
    `scenario: ${scenario}; swept: ${result.spawners.join(', ')} (${n === 1 ? 'one spawner: per spawner is in all' : `${n} spawners: in all is the rate per spawner times ${n}`}); ${result.turns} turns a run, steady state over the second half${scaleText ? `; ${scaleText}` : ''}`,
    `  ${'solver'.padEnd(w)}  offered/10: each  in all  delivered/10: in all  each spawner${minutes === undefined ? '' : '  delivered/min'}  time in system mean/p95/max     on map  backlog end  growth  bounded  valid`,
  ];
  let blank = false;
  for (const r of result.runs) {
    if (r.timeInSystem === null) blank = true;
    const tis = r.timeInSystem ? `${r.timeInSystem.mean.toFixed(1)}/${r.timeInSystem.p95}/${r.timeInSystem.max}` : NONE_LEFT;
    const each = r.deliveredBySpawner.map((v) => v.toFixed(2)).join(' + ');
    const perMin = minutes === undefined ? '' : `  ${perMinute(r.delivered, minutes).toFixed(1).padStart(13)}`;
    lines.push(`  ${r.label.padEnd(w)}  ${figure(r.rate).padStart(16)}  ${figure(r.offered).padStart(6)}  ${r.delivered.toFixed(2).padStart(20)}  ${each.padStart(12)}${perMin}  ${tis.padStart(27)}  ${(r.timeOnMap === null ? NONE_LEFT : r.timeOnMap.toFixed(1)).padStart(9)}  ${String(r.backlogEnd).padStart(11)}  ${String(r.inSystemGrowth).padStart(6)}  ${(r.bounded ? 'yes' : 'NO').padStart(7)}  ${String(r.valid).padStart(5)}`);
    if (r.gridlock !== null) lines.push(`    ${r.gridlock}`);
  }
  if (blank) lines.push(`  (${NONE_LEFT}: no swept unit left by an exit in the run's second half, so it has no time in system or on the map)`);
  lines.push(`saturation point (highest offered rate with the queue bounded) and capacity (best delivered)${minutes === undefined ? ', units per 10 turns' : ''}:`);
  for (const s of result.solvers) {
    const carries = s.gridlocked === null
      ? `carries at most ${rateWords(s.capacity, n, scale, 2)}`
      : `GRIDLOCK at ${rateWords(s.gridlocked.offered, n, scale)} offered (${s.gridlocked.gridlock}): left out of what the level carries`;
    lines.push(`  ${s.label.padEnd(w)}  ${s.saturationOffered === null ? 'never bounded in the rates swept (the queue grows at every one)' : `saturates at ${rateWords(s.saturationOffered, n, scale)}`}; ${carries}`);
  }
  const lane = result.lane;
  if (lane) {
    lines.push(`the lane's own capacity (${cellsWords(lane.length, scale)} one lane wide, (${lane.from.join(', ')}) to (${lane.to.join(', ')})), in all:`);
    lines.push(`  traffic rule, platoons of ${lane.platoon} taking turns each way: ${lane.measured.toFixed(2)} per 10 turns${realRate(lane.measured, scale)} measured (${lane.formula.toFixed(2)} by k/(L+k))`);
    lines.push(`  plain bound, one unit a turn, one way: ${lane.bound} per 10 turns${realRate(lane.bound, scale)}`);
    for (const s of result.solvers) if (s.gridlocked === null && lane.measured > 0) lines.push(`  ${s.label.padEnd(w)}  reaches ${Math.round((100 * s.capacity) / lane.measured)}% of the traffic rule, ${Math.round((100 * s.capacity) / lane.bound)}% of the bound`);
  }
  if (result.cancelled) lines.push('(cancelled before every run)');
  lines.push(sentence);
  const laneRuns = result.runs.filter((r) => r.solver === PLATOON_SOLVER).length;
  lines.push(`sweep: ${result.runs.length - laneRuns} runs ${laneRuns > 0 ? `+ ${laneRuns} of the lane's traffic rule ` : ''}in ${cpuSeconds.toFixed(1)} s CPU (process user + system), load ${load.toFixed(2)}`);
  return lines.join('\n');
}

/**
 * --json: rates per 10 turns as the sweep measures them (each run's `rate` per spawner, `offered`
 * in all, `delivered` in all and `deliveredBySpawner`), and where the scale gives a turn's length
 * the same a minute (`perMinute`).
 */
export function capacityJson(result: CapacityResult, scenario: string, rates: readonly number[], sentence: string, cpuSeconds: number, load: number): Record<string, unknown> {
  const s = result.scale?.turnSeconds;
  const minute = (v: number | null) => (v === null || s === undefined ? null : perMinute(v, s));
  return {
    scenario, spawners: result.spawners, turns: result.turns, rates, scale: result.scale ?? null,
    runs: result.runs.map((r) => ({ ...r, ...(s === undefined ? {} : { perMinute: { rate: minute(r.rate), offered: minute(r.offered), delivered: minute(r.delivered), deliveredBySpawner: r.deliveredBySpawner.map((v) => minute(v)) } }) })),
    solvers: result.solvers.map(({ atSaturation, ...x }) => ({
      ...x, timeInSystemAtSaturation: atSaturation?.timeInSystem ?? null,
      ...(s === undefined ? {} : { perMinute: { saturationRate: minute(x.saturationRate), saturationOffered: minute(x.saturationOffered), capacity: minute(x.capacity) } }),
    })),
    lane: result.lane ?? null, sentence, cpuSeconds, load,
  };
}

/** A number above 0 and at most `max` from an option, or a usage error naming it. */
function positive(name: string, text: string, max: number): number {
  const v = Number(text);
  if (text.trim() === '' || !(v > 0) || v > max) throw new UsageError(`${name} must be a number above 0 and at most ${max}, got '${text}'`);
  return v;
}

/** `A:B:STEP` (inclusive, steps rounded to a millionth so 0.1 steps land on B) or `A,B,C`. */
export function parseRates(text: string): number[] {
  const bad = (why: string) => new UsageError(`--rates ${text}: ${why}`);
  if (text.includes(':')) {
    const parts = text.split(':').map(Number);
    if (parts.length !== 3 || parts.some((p) => !Number.isFinite(p))) throw bad('give A:B:STEP, three numbers');
    const [from, to, step] = parts;
    if (!(step > 0) || !(from > 0) || to < from) throw bad('needs 0 < A <= B and STEP > 0');
    const count = Math.floor((to - from) / step + 1e-9) + 1;
    if (count > 1000) throw bad(`${count} rates; at most 1,000`);
    return Array.from({ length: count }, (_, k) => Math.round((from + k * step) * 1e6) / 1e6);
  }
  const list = text.split(',').map((p) => Number(p.trim()));
  if (list.some((r) => !(r > 0))) throw bad('each rate must be a number above 0');
  if (list.some((r, k) => k > 0 && r <= list[k - 1])) throw bad('rates must rise');
  return list;
}

/** `pibt,whca:8,rhcr`: controller names, each with an optional window. */
export function parseSolvers(text: string): CapacitySolver[] {
  return text.split(',').map((part) => {
    const [name, window, extra] = part.trim().split(':');
    if (extra !== undefined || !CONTROLLERS.some((c) => c.name === name)) {
      throw new UsageError(`--solvers: '${part}' is not a solver that takes a stream; give NAME or NAME:WINDOW, NAME one of ${CONTROLLERS.map((c) => c.name).join(', ')}`);
    }
    if (window === undefined) return { solver: name };
    return { solver: name, params: { window: wholeNumber(`--solvers ${name}:WINDOW`, window, 1) } };
  });
}
