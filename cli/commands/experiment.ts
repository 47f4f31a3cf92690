/**
 * `mapf-lab experiment FILE.json`: runs an experiment sweep on a pool of solver worker threads
 * (see cli/experiments/runExperiment.ts). This file reads the command line.
 */
import { availableParallelism } from 'node:os';
import type { Command } from '../command.ts';
import { UsageError } from '../command.ts';
import { parseShard } from '../../core/experiments/results.ts';
import { type ExperimentOptions, runExperiment } from '../experiments/runExperiment.ts';

const USAGE = [
  'Usage: mapf-lab experiment FILE.json [--out DIR] [--workers N] [--shard I/N] [--clock wall|process]',
  '                           [--fresh | --retry-errors] [--quiet]',
  '',
  'Runs the sweep an experiment file describes (format mapf-lab/experiment, version 1) on a pool',
  'of solver processes and prints the summary per solver and agent count: success rate, path',
  'length against the no-other-agents lower bound, cycles per agent, sum of costs, makespan,',
  'initial planning time, maximum turn time. Records are appended to DIR/results.jsonl as runs',
  'finish; running the same command again resumes, skipping runs already recorded. Ctrl+C stops',
  'the runs in flight and keeps the rest.',
  '',
  'Options:',
  '  --out DIR      where results.jsonl, results.csv, summary.txt, summary.csv, experiment.json',
  '                 and manifest.json go (default: results/NAME, NAME from the file)',
  '  --workers N    solver processes side by side (default: one per core)',
  '  --shard I/N    run only every Nth instance (starting at the I-th), for splitting a sweep over',
  '                 machines; put each shard in its own DIR and `mapf-lab merge` them',
  '  --clock C      how init and turn times are measured: wall (default) or process (the',
  '                 process\'s CPU time: steadier on a busy machine; needs --workers 1)',
  '  --fresh        discard the results already in DIR instead of resuming',
  '  --retry-errors  on resume, run again the runs recorded as errors (not set up, threw,',
  '                 crashed or hung); their new records replace the old',
  '  --quiet        no progress on stderr',
  '',
  'Exit code: 0 all runs measured, 1 some failed (their reasons are in results.jsonl),',
  '130 cancelled with Ctrl+C.',
].join('\n');

function value(args: string[], i: number, name: string): string {
  const v = args[i];
  if (v === undefined || v.startsWith('--')) throw new UsageError(`${name} needs a value`);
  return v;
}

export function parseExperimentArgs(args: string[]): Omit<ExperimentOptions, 'spawn' | 'onPool'> {
  let file: string | undefined;
  let out: string | undefined;
  let workers: number | undefined;
  let shard: ExperimentOptions['shard'];
  let clock: 'wall' | 'process' = 'wall';
  let quiet = false;
  let fresh = false;
  let retryErrors = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const take = () => inline ?? value(args, ++i, name);
    if (name === '--clock') {
      const c = take();
      if (c !== 'wall' && c !== 'process') throw new UsageError(`--clock must be wall or process, got '${c}'`);
      clock = c;
    } else if (name === '--out') out = take();
    else if (name === '--workers') {
      const text = take();
      workers = Number(text);
      if (!Number.isInteger(workers) || workers < 1) throw new UsageError(`--workers must be a whole number of at least 1, got '${text}'`);
    } else if (name === '--shard') {
      const text = take();
      try {
        shard = parseShard(text);
      } catch (error) {
        throw new UsageError(`--shard: ${(error as Error).message}`);
      }
    } else if (name === '--quiet') quiet = true;
    else if (name === '--fresh') fresh = true;
    else if (name === '--retry-errors') retryErrors = true;
    else if (arg.startsWith('-')) throw new UsageError(`unknown option '${arg}'`);
    else if (file === undefined) file = arg;
    else throw new UsageError(`one experiment file at a time (got '${file}' and '${arg}')`);
  }
  if (file === undefined) throw new UsageError('an experiment file is required');
  if (clock === 'process' && workers !== undefined && workers > 1) {
    throw new UsageError('--clock process measures the CPU time of the whole process, all its threads: use it with --workers 1');
  }
  if (fresh && retryErrors) throw new UsageError('--fresh discards every result; --retry-errors keeps all but the errors: pick one');
  return { file, out, workers: workers ?? (clock === 'process' ? 1 : availableParallelism()), shard, clock, quiet, fresh, retryErrors };
}

export const experimentCommand: Command = {
  name: 'experiment',
  summary: 'Run an experiment sweep on a pool of solver processes; resumable, shardable',
  usage: USAGE,
  run: (args, io) => runExperiment(parseExperimentArgs(args), io),
};
