/**
 * `mapf-lab experiment FILE.json`: runs an experiment sweep on a pool of solver worker threads
 * (see cli/experiments/runExperiment.ts). This file reads the command line.
 */
import { availableParallelism } from 'node:os';
import type { Command } from '../command.ts';
import { UsageError } from '../command.ts';
import { type OptionTable, commandUsage, oneOf, parseCommandLine } from '../args.ts';
import { parseShard } from '../../core/experiments/results.ts';
import { type ExperimentOptions, runExperiment } from '../experiments/runExperiment.ts';
import { CLOCK_KINDS, type ClockKind } from '../../core/util/clock.ts';
import { threadCpuClockAvailable } from '../solverWorker/threadCpuClock.ts';

const OPTIONS = {
  out: { value: 'DIR', help: 'where results.jsonl, results.csv, summary.txt, summary.csv, experiment.json\nand manifest.json go (default: results/NAME, NAME from the file)' },
  workers: { value: 'N', help: 'solver processes side by side (default: one per core)' },
  shard: { value: 'I/N', help: 'run only every Nth instance (starting at the I-th), for splitting a sweep over\nmachines; put each shard in its own DIR and `mapf-lab merge` them' },
  'time-limit-clock': {
    value: 'wall|cpu',
    help: 'the clock each run\'s time limit is counted on and its init and turn\ntimes are measured on, overriding the file\'s timeLimitClock: wall\n(default) or cpu (the solving thread\'s CPU time: a busy machine slows\nthe sweep down but does not change its results; part of the definition,\nso resume with the same clock). Without a per-thread CPU clock (not\nLinux) cpu needs --workers 1',
  },
  clock: { value: 'wall|process', help: 'the older spelling of --time-limit-clock (process is cpu)' },
  fresh: { help: 'discard the results already in DIR instead of resuming' },
  'retry-errors': { help: 'on resume, run again the runs recorded as errors (not set up, threw,\ncrashed or hung); their new records replace the old' },
  'accept-errors': { help: 'exit 0 when the sweep ran to its end even if some runs were recorded as errors\n(the Slurm and Kubernetes scripts use it, so the merge still runs and the report\nlists them)' },
  quiet: { help: 'no progress on stderr' },
} as const satisfies OptionTable;

const USAGE = commandUsage([
  'Usage: mapf-lab experiment FILE.json [--out DIR] [--workers N] [--shard I/N] [--time-limit-clock wall|cpu]',
  '                           [--fresh | --retry-errors] [--accept-errors] [--quiet]',
  '',
  'Runs the sweep an experiment file describes (format mapf-lab/experiment, version 1) on a pool',
  'of solver processes and prints the summary per solver and agent count: success rate, path',
  'length against the no-other-agents lower bound, cycles per agent, sum of costs, makespan,',
  'initial planning time, maximum turn time. Records are appended to DIR/results.jsonl as runs',
  'finish; running the same command again resumes, skipping runs already recorded. Ctrl+C stops',
  'the runs in flight and keeps the rest.',
], OPTIONS, [
  'Exit code: 0 all runs measured, 1 some failed (their reasons are in results.jsonl; 0 with',
  '--accept-errors) or the sweep could not run, 130 cancelled with Ctrl+C.',
]);

export function parseExperimentArgs(args: string[]): Omit<ExperimentOptions, 'spawn' | 'onPool'> {
  const { values, positionals } = parseCommandLine(OPTIONS, args, { positionals: true });
  if (positionals.length === 0) throw new UsageError('an experiment file is required');
  if (positionals.length > 1) throw new UsageError(`one experiment file at a time (got '${positionals[0]}' and '${positionals[1]}')`);
  if (values.clock !== undefined && values['time-limit-clock'] !== undefined) throw new UsageError('--clock is the older spelling of --time-limit-clock: give one');
  const timeLimitClock: ClockKind | undefined = values['time-limit-clock'] !== undefined
    ? oneOf('--time-limit-clock', values['time-limit-clock'], CLOCK_KINDS)
    : values.clock !== undefined ? (oneOf('--clock', values.clock, ['wall', 'process'] as const) === 'process' ? 'cpu' : 'wall') : undefined;
  let workers: number | undefined;
  if (values.workers !== undefined) {
    workers = Number(values.workers);
    if (!Number.isInteger(workers) || workers < 1) throw new UsageError(`--workers must be a whole number of at least 1, got '${values.workers}'`);
  }
  let shard: ExperimentOptions['shard'];
  if (values.shard !== undefined) {
    try {
      shard = parseShard(values.shard);
    } catch (error) {
      throw new UsageError(`--shard: ${(error as Error).message}`);
    }
  }
  const fresh = values.fresh ?? false;
  const retryErrors = values['retry-errors'] ?? false;
  // Without a thread clock the 'cpu' clock is the process's, all its threads: one solver thread then.
  const threadClock = threadCpuClockAvailable();
  if (timeLimitClock === 'cpu' && !threadClock && workers !== undefined && workers > 1) {
    throw new UsageError('--time-limit-clock cpu: this system has no per-thread CPU clock, and the process\'s CPU time counts all its solver threads: use it with --workers 1');
  }
  if (fresh && retryErrors) throw new UsageError('--fresh discards every result; --retry-errors keeps all but the errors: pick one');
  return {
    file: positionals[0], out: values.out, workers: workers ?? (timeLimitClock === 'cpu' && !threadClock ? 1 : availableParallelism()), shard,
    ...(timeLimitClock !== undefined ? { timeLimitClock } : {}), quiet: values.quiet ?? false, fresh, retryErrors, acceptErrors: values['accept-errors'] ?? false,
  };
}

export const experimentCommand: Command = {
  name: 'experiment',
  summary: 'Run an experiment sweep on a pool of solver processes; resumable, shardable',
  usage: USAGE,
  run: (args, io) => runExperiment(parseExperimentArgs(args), io),
};
