/**
 * The options the `slurm` and `kubernetes` commands share (declared once, so both parse and
 * document them alike) and how they become a ClusterRequest.
 */
import { UsageError } from '../command.ts';
import { type OptionValues, wholeNumber } from '../args.ts';
import { type ClusterRequest, parseMemory, parseSlurmTime } from './clusterPlan.ts';

export const CLUSTER_OPTIONS = {
  tasks: { value: 'N', help: 'tasks, each running shard I/N of the sweep (whole instances) into DIR/shards/I-of-N\n(required; at most the experiment\'s instances)' },
  out: { value: 'DIR', help: 'the merged results and report.html (default: results/NAME, as `experiment`)' },
  cpus: { value: 'C', help: 'CPUs per task, one solver worker each (default: the largest shard\'s runs, at most 4)' },
  mem: { value: 'SIZE', help: 'memory per task, e.g. 4G or 4096M (default: 1 GB + 1 GB per CPU)' },
  time: { value: 'T', help: 'time limit per task, minutes or [DAYS-]HH:MM:SS (default: the largest shard\'s runs\nper CPU x the experiment\'s time limit + 5 s (60 s without one) x 1.5 + 5 min)' },
  'max-running': { value: 'K', help: 'at most K tasks at once (Slurm\'s --array=...%K, the Job\'s parallelism; default: no cap)' },
  'retry-errors': { help: 'tasks also run again the runs their folder recorded as errors' },
} as const;

export function clusterRequest(file: string, values: OptionValues<typeof CLUSTER_OPTIONS>): ClusterRequest {
  if (values.tasks === undefined) throw new UsageError('--tasks N is required (how many shards the sweep is split into)');
  return {
    file,
    tasks: wholeNumber('--tasks', values.tasks),
    out: values.out,
    cpus: values.cpus === undefined ? undefined : wholeNumber('--cpus', values.cpus),
    memMb: values.mem === undefined ? undefined : parseMemory('--mem', values.mem),
    timeSeconds: values.time === undefined ? undefined : parseSlurmTime('--time', values.time),
    maxRunning: values['max-running'] === undefined ? undefined : wholeNumber('--max-running', values['max-running']),
    retryErrors: values['retry-errors'] ?? false,
  };
}

/** The experiment file: the one positional argument. */
export function experimentFileArgument(positionals: string[]): string {
  if (positionals.length === 0) throw new UsageError('an experiment file is required');
  if (positionals.length > 1) throw new UsageError(`one experiment file at a time (got '${positionals[0]}' and '${positionals[1]}')`);
  return positionals[0];
}
