/**
 * `mapf-lab guidance PROBLEM.json`: measures which lanes suit a League of Robot Runners problem's
 * map (core/experiments/laneSearch.ts: each candidate pattern run lifelong, scored by tasks
 * finished) and writes the answer as a guidance file, once per map, for `solve --lorr --guidance`.
 * Runs are timed on this thread's CPU clock, as bench:lorr times ours.
 */
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { Command } from '../command.ts';
import { UsageError } from '../command.ts';
import { type OptionTable, commandUsage, parseCommandLine, wholeNumber } from '../args.ts';
import { readTextFile } from '../files.ts';
import { writeFileAtomicSync } from '../atomicWrite.ts';
import { createCpuClock } from '../solverWorker/threadCpuClock.ts';
import { readLorrProblem, withDrawnStarts } from '../../core/formats/lorrProblem.ts';
import { serializeGuidanceFile } from '../../core/formats/guidanceFile.ts';
import { LANE_MARGIN, measureLanes } from '../../core/experiments/laneSearch.ts';
import { lanesWords } from './guidanceUse.ts';

const OPTIONS = {
  out: { value: 'FILE', help: 'where to write the guidance file (default PROBLEM.guidance.json\nbeside the problem)' },
  planner: { value: 'NAME', help: 'the lifelong planner the lanes are measured with; it must take\nthe lanes param (default epibt)' },
  scheduler: { value: 'NAME', help: 'the task scheduler of the runs (default ours)' },
  steps: { value: 'N', help: 'steps of each run (default 100)' },
  'step-limit': { value: 'MS', help: 'planning time per step in CPU milliseconds (default 300)' },
  'team-size': { value: 'N', help: 'N robots with starts drawn from the free cells (seeded by --seed)\ninstead of the agents file' },
  seed: { value: 'N', help: 'seed of the planner (and of drawn starts; default 0)' },
  json: { help: 'print the guidance file on stdout as well' },
} as const satisfies OptionTable;

const USAGE = commandUsage([
  'Usage: mapf-lab guidance PROBLEM.json [--out FILE] [--steps N] [--step-limit MS] [--planner NAME] [--scheduler NAME]',
  '',
  'Which lanes suit a LoRR problem\'s map, measured: rows and columns each prefer one way',
  '(a move against costs a penalty in the guide-path search), repeating with a pattern. From',
  'alternating rows and columns at penalty 3, each row pattern, then each column pattern, then',
  'penalties 1 and 6, and no lanes are run lifelong on the problem, a change kept only when it',
  `finishes ${LANE_MARGIN * 100}% more tasks. About 14 runs: minutes on a large map, once per map. The file`,
  'records every run and the map\'s hash; `solve --lorr --guidance FILE` uses it (the lanes',
  'apply where robots follow guide paths: teams larger than the distance-table cache).',
], OPTIONS, ['Example: mapf-lab guidance warehouse_large_5000.json --steps 100 --step-limit 300']);

export const guidanceCommand: Command = {
  name: 'guidance',
  summary: 'Measure the lanes that suit a LoRR problem\'s map and keep them in a guidance file',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parseCommandLine(OPTIONS, args, { positionals: true });
    if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'name a LoRR problem file (PROBLEM.json)' : `one problem file, got ${positionals.length}: ${positionals.join(' ')}`);
    const file = positionals[0];
    const steps = values.steps === undefined ? 100 : wholeNumber('--steps', values.steps);
    const stepLimitMs = values['step-limit'] === undefined ? 300 : Number(values['step-limit']);
    if (!(stepLimitMs > 0) || !Number.isFinite(stepLimitMs)) throw new UsageError(`--step-limit needs milliseconds > 0, got '${values['step-limit']}'`);
    const seed = values.seed === undefined ? 0 : wholeNumber('--seed', values.seed, 0);
    const out = values.out ?? file.replace(/(\.json)?$/i, '.guidance.json');
    const base = dirname(file);
    let problem = readLorrProblem(readTextFile(file, 'experiment'), file, (rel) => readFileSync(join(base, rel), 'utf8'));
    if (values['team-size'] !== undefined) problem = withDrawnStarts(problem, wholeNumber('--team-size', values['team-size']), seed);
    const { clock, source } = createCpuClock();
    io.err(`guidance: ${problem.mapFile}, ${problem.teamSize} robots, ${steps} steps at ${stepLimitMs} ms a step (${source} CPU), load ${loadavg()[0].toFixed(1)}`);
    const guidance = measureLanes(problem, {
      problemName: file,
      planner: values.planner ?? 'epibt',
      scheduler: values.scheduler ?? 'ours',
      steps,
      stepLimitMs,
      now: clock,
      clock: 'cpu',
      seed,
      onCandidate: (done, planned, c) => {
        io.err(`  run ${done} of ${planned}: ${lanesWords(c.lanes)}: ${c.tasks} tasks`);
      },
    });
    const { cancelled, ...content } = guidance;
    if (cancelled) {
      io.err('guidance: stopped before the search ended; nothing written');
      return 1;
    }
    const text = serializeGuidanceFile(content);
    writeFileAtomicSync(out, text);
    io.out(`lanes for ${problem.mapFile}: ${lanesWords(content.lanes)}; written to ${out}`);
    if (values.json) io.out(text.trimEnd());
    return 0;
  },
};
