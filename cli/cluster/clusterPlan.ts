/**
 * What running an experiment on a cluster needs, whichever scheduler runs it (Slurm job arrays,
 * Kubernetes Indexed Jobs): N tasks, task I running shard I/N (`mapf-lab experiment --shard I/N`:
 * whole instances, every Nth) into its own results folder, then one step merging them and
 * writing the report; resources per task, with defaults from the experiment's size.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../command.ts';
import { shardRuns } from '../../core/experiments/results.ts';
import { planRuns } from '../../core/experiments/runPlan.ts';
import { solverNames } from '../../core/registry/registry.ts';
import { resultsFolderName } from '../experiments/runExperiment.ts';
import { loadExperimentFile } from '../experiments/resultsFolder.ts';

export interface ClusterRequest {
  file: string;
  tasks: number;
  out?: string;
  cpus?: number;
  memMb?: number;
  timeSeconds?: number;
  maxRunning?: number;
  retryErrors: boolean;
}

export interface ClusterPlan {
  experimentName: string;
  /** Absolute paths, so a job started in any folder of a node finds them. */
  experimentFile: string;
  repoDir: string;
  cli: string;
  /** The merged results (and report.html); shard I of N goes to shardFolder(out, I, N). */
  out: string;
  tasks: number;
  runs: number;
  instances: number;
  /** Runs of the largest shard: what one task's time limit must cover. */
  largestShard: number;
  /** CPUs per task; the task runs as many solver workers. */
  cpus: number;
  memMb: number;
  timeSeconds: number;
  /** The merge-and-report step's time limit. */
  mergeSeconds: number;
  /** Tasks running at once (Slurm's `%K`, a Job's parallelism); undefined: no cap. */
  maxRunning?: number;
  retryErrors: boolean;
  /** How the defaults were reached, one line each, for the script's header. */
  sizing: string[];
}

/** Seconds a run is assumed to take when the experiment sets no time limit (say --time when that is wrong). */
export const UNLIMITED_RUN_SECONDS = 60;
/** Per run beyond its time limit: building the instance, validating and recording the plan. */
const RUN_OVERHEAD_SECONDS = 5;
/** Per task: starting Node and the solver workers, reading maps. */
const TASK_START_SECONDS = 300;
/** The default time covers this multiple of the estimate (a busy node, runs slower than their limit). */
const TIME_MARGIN = 1.5;
const MAX_DEFAULT_CPUS = 4;

export function shardFolder(out: string, index: number, count: number): string {
  return join(out, 'shards', `${index}-of-${count}`);
}

/** The repository holding this command line (the folder of its package.json), from sources or a bundle inside it. */
export function repositoryRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'mapf-lab') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot find the mapf-lab repository (a package.json named mapf-lab) above the command line');
    dir = parent;
  }
}

export function planCluster(request: ClusterRequest): ClusterPlan {
  const experiment = loadExperimentFile(request.file, solverNames());
  const runs = planRuns(experiment);
  const instances = new Set(runs.map((r) => r.instanceKey)).size;
  const { tasks } = request;
  if (tasks > instances) {
    throw new UsageError(`--tasks ${tasks} is more than the experiment's ${instances} instances (a shard is whole instances: all solvers of one map, placement and agent count); use at most ${instances}`);
  }
  if (request.maxRunning !== undefined && request.maxRunning > tasks) throw new UsageError(`--max-running ${request.maxRunning} is more than the ${tasks} tasks`);
  let largestShard = 0;
  for (let i = 1; i <= tasks; i++) largestShard = Math.max(largestShard, shardRuns(runs, { index: i, count: tasks }).length);

  const sizing: string[] = [`${runs.length} runs in ${instances} instances; ${tasks} tasks, the largest with ${largestShard} runs`];
  const cpus = request.cpus ?? Math.min(MAX_DEFAULT_CPUS, largestShard);
  if (request.cpus === undefined) sizing.push(`CPUs per task: ${cpus} (default: the largest shard's runs, at most ${MAX_DEFAULT_CPUS}); the task runs one solver worker per CPU`);
  const memMb = request.memMb ?? 1024 * (1 + cpus);
  if (request.memMb === undefined) sizing.push(`memory per task: ${memMb} MB (default: 1 GB, and 1 GB per worker)`);
  let timeSeconds = request.timeSeconds;
  if (timeSeconds === undefined) {
    const perRun = experiment.timeLimitSeconds === undefined ? UNLIMITED_RUN_SECONDS : experiment.timeLimitSeconds + RUN_OVERHEAD_SECONDS;
    const estimate = Math.ceil(largestShard / cpus) * perRun; // runs of the largest shard a worker, one after another
    timeSeconds = Math.max(600, Math.ceil((estimate * TIME_MARGIN + TASK_START_SECONDS) / 60) * 60);
    const why = experiment.timeLimitSeconds === undefined
      ? `the experiment sets no time limit: ${UNLIMITED_RUN_SECONDS} s a run assumed, pass --time if runs take longer`
      : `its time limit ${experiment.timeLimitSeconds} s + ${RUN_OVERHEAD_SECONDS} s a run`;
    const perWorker = Math.ceil(largestShard / cpus);
    sizing.push(`time per task: ${formatSlurmTime(timeSeconds)} (default: ${perWorker} run${perWorker === 1 ? '' : 's'} a worker x ${perRun} s (${why}) x ${TIME_MARGIN} + ${TASK_START_SECONDS / 60} min start, at least 10 min)`);
  }
  // Merging reads every shard's results.jsonl once and writes the summaries and report.
  const mergeSeconds = 900 + 60 * Math.ceil(runs.length / 20_000);
  const repoDir = repositoryRoot();
  return {
    experimentName: experiment.name,
    experimentFile: resolve(request.file),
    repoDir,
    cli: join(repoDir, 'bin', 'mapf-lab.mjs'),
    out: resolve(request.out ?? join('results', resultsFolderName(experiment.name))),
    tasks,
    runs: runs.length,
    instances,
    largestShard,
    cpus,
    memMb,
    timeSeconds,
    mergeSeconds,
    maxRunning: request.maxRunning,
    retryErrors: request.retryErrors,
    sizing,
  };
}

/**
 * A duration in Slurm's forms (sbatch --time): minutes, minutes:seconds, hours:minutes:seconds,
 * days-hours, days-hours:minutes, days-hours:minutes:seconds. Returns seconds, or throws a
 * UsageError naming the option.
 */
export function parseSlurmTime(option: string, text: string): number {
  const match = /^(?:(\d+)-)?(\d+)(?::(\d+))?(?::(\d+))?$/.exec(text.trim());
  if (!match) throw new UsageError(`${option} takes minutes or [DAYS-]HH:MM:SS (as sbatch --time), got '${text}'`);
  const [, days, a, b, c] = match;
  const n = (s: string | undefined) => (s === undefined ? 0 : Number(s));
  let seconds: number;
  if (days !== undefined) seconds = n(days) * 86400 + n(a) * 3600 + n(b) * 60 + n(c);
  else if (c !== undefined) seconds = n(a) * 3600 + n(b) * 60 + n(c);
  else if (b !== undefined) seconds = n(a) * 60 + n(b);
  else seconds = n(a) * 60;
  if (seconds < 60) throw new UsageError(`${option} must be at least a minute, got '${text}'`);
  return seconds;
}

/** Seconds as D-HH:MM:SS (whole minutes rounded up), a form sbatch reads. */
export function formatSlurmTime(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(minutes / 1440)}-${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}:00`;
}

/** Memory as sbatch --mem takes it (a number, M by default, or with K, M, G or T), in MB. */
export function parseMemory(option: string, text: string): number {
  const match = /^(\d+)([KMGT])?B?$/i.exec(text.trim());
  const scale: Record<string, number> = { K: 1 / 1024, M: 1, G: 1024, T: 1024 * 1024 };
  const mb = match ? Math.ceil(Number(match[1]) * scale[(match[2] ?? 'M').toUpperCase()]) : NaN;
  if (!match || mb < 1) throw new UsageError(`${option} takes a size such as 4G or 4096M (as sbatch --mem), got '${text}'`);
  return mb;
}

/** A string as one word of a POSIX shell command, quoted only when it needs to be. */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
