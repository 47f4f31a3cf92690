/**
 * `mapf-lab experiment` after its arguments are read: plans the sweep (or one shard of it),
 * resumes from what the results folder already holds, runs the rest on a pool of solver worker
 * threads, appending each record to results.jsonl as it finishes, and writes the summaries.
 */
import { closeSync, mkdirSync, openSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { readTextFile } from '../files.ts';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { CommandIo } from '../command.ts';
import { experimentHash } from '../../core/experiments/hash.ts';
import { type PoolRun, runPool } from '../../core/protocol/pool.ts';
import { pendingRuns, recordLine, shardRuns } from '../../core/experiments/results.ts';
import { planRuns } from '../../core/experiments/runPlan.ts';
import { type RunRecord, isFailure } from '../../core/experiments/runRecord.ts';
import type { SpawnWorker } from '../../core/protocol/port.ts';
import { solverNames } from '../../core/registry/registry.ts';
import { spawnNodeSolverWorker } from '../solverWorker/spawnNodeSolverWorker.ts';
import { machineInfo, sameMachine } from './machineInfo.ts';
import { createProgressDisplay } from './progressDisplay.ts';
import { FILES, type Manifest, isResultsFolder, loadExperimentFile, readResultsFolder, writeDefinition, writeSummaries } from './resultsFolder.ts';
import type { ClockKind } from '../../core/util/clock.ts';

export interface ExperimentOptions {
  file: string;
  out?: string;
  workers: number;
  shard?: { index: number; count: number };
  /** Overrides the experiment's timeLimitClock (absent: the file's, else wall). */
  timeLimitClock?: ClockKind;
  quiet: boolean;
  /** Discard what the results folder holds instead of resuming. */
  fresh: boolean;
  /** On resume, run again the runs recorded as errors (a crash from a full disk, say); the new record replaces the old. */
  retryErrors?: boolean;
  /** Exit 0 when every run was recorded, errors included (a cluster task whose shard ran to its end succeeded). */
  acceptErrors?: boolean;
  /** Solver processes (default: worker threads with the production solvers). */
  spawn?: SpawnWorker;
  /** Called with the running pool (tests use it to cancel as Ctrl+C would). */
  onPool?: (pool: PoolRun) => void;
}

/** Exit code of a sweep cut short by Ctrl+C, as a shell reports SIGINT. */
export const CANCELLED_EXIT_CODE = 130;

/**
 * The default results folder's name for an experiment name: one path segment, so a name such as
 * '../x' or 'a/b' stays inside results/ (it wrote outside it). Separators and characters file
 * systems refuse become '_', leading dots go.
 */
export function resultsFolderName(name: string): string {
  let safe = '';
  for (const ch of name) safe += ch < ' ' || '/\\:*?"<>|'.includes(ch) ? '_' : ch;
  safe = safe.replace(/^\.+/, '').trim();
  return safe === '' ? 'experiment' : safe.slice(0, 120);
}

export async function runExperiment(options: ExperimentOptions, io: CommandIo): Promise<number> {
  const { file, quiet } = options;
  const loaded = loadExperimentFile(file, solverNames());
  // The command line's clock is part of the definition (its fingerprint): 'wall' is the default, left out.
  const experiment = options.timeLimitClock === undefined ? loaded : { ...loaded, timeLimitClock: options.timeLimitClock === 'cpu' ? ('cpu' as const) : undefined };
  const hash = experimentHash(experiment);
  const all = planRuns(experiment);
  const mine = options.shard ? shardRuns(all, options.shard) : all;
  const dir = resolve(options.out ?? join('results', resultsFolderName(experiment.name)));
  mkdirSync(dir, { recursive: true });
  const jsonl = join(dir, FILES.results);

  let previous: RunRecord[] = [];
  let manifest: Manifest | undefined;
  if (isResultsFolder(dir) && !options.fresh) {
    const folder = readResultsFolder(dir, { experiment, file });
    for (const warning of folder.warnings) io.err(`warning: ${warning}`);
    if (folder.hash !== hash) {
      throw new Error(`${dir} holds results of another experiment definition ('${folder.experiment.name}', fingerprint ${folder.hash}; ${file} has ${hash}). Choose another --out, or pass --fresh to discard them.`);
    }
    previous = folder.results.records;
    manifest = folder.manifest;
    for (const problem of folder.results.problems) io.err(`warning: ${jsonl} ${problem}; skipped, the run will be run again`);
    if (folder.fileLength > folder.results.completeLength) {
      truncateSync(jsonl, folder.results.completeLength);
      if (!quiet) io.err(`${jsonl}: cut a partial last line (a run interrupted while its record was written); it will be run again`);
    }
  } else {
    writeFileSync(jsonl, '');
  }

  const machine = machineInfo();
  const shardName = options.shard ? `${options.shard.index}/${options.shard.count}` : '1/1';
  writeDefinition(dir, experiment, {
    format: 'mapf-lab/results',
    version: 1,
    experiment: experiment.name,
    experimentHash: hash,
    runsPlanned: all.length,
    shards: [...new Set([...(manifest?.shards ?? []), shardName])],
    machines: [...(manifest?.machines ?? []).filter((m) => !sameMachine(m, machine)), machine],
  });

  const pending = pendingRuns(mine, previous, options.retryErrors);
  if (options.retryErrors) {
    const retried = new Set(pending.map((r) => r.key));
    previous = previous.filter((r) => !retried.has(r.key));
  }
  const alreadyDone = mine.length - pending.length;
  if (!quiet && alreadyDone > 0) io.err(`resuming: ${alreadyDone} of ${mine.length} runs already recorded in ${dir}`);

  const folder = dirname(resolve(file));
  const files = { readText: (path: string) => readTextFile(isAbsolute(path) ? path : join(folder, path), /\.scen$/i.test(path) ? 'scenario' : 'map') };
  const display = quiet ? undefined : createProgressDisplay(io, { alreadyDone });
  const fd = openSync(jsonl, 'a');
  const started = Date.now();
  let pool: PoolRun;
  try {
    pool = runPool(pending, {
      spawn: options.spawn ?? (() => spawnNodeSolverWorker()),
      sendFilesOnce: true,
      workers: options.workers,
      files,
      onRecord(record) {
        // One write per record, unbuffered: a crash loses only the runs still in flight.
        writeSync(fd, recordLine(record));
        if (isFailure(record)) display?.failure(record);
      },
      onProgress: (progress) => display?.update(progress),
    });
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  const onInterrupt = () => {
    io.err('\ncancelling: runs in flight are stopped, finished runs are kept');
    pool.cancel();
  };
  process.once('SIGINT', onInterrupt);
  options.onPool?.(pool);
  const result = await pool.done;
  process.off('SIGINT', onInterrupt);
  closeSync(fd);
  display?.end(result.progress);

  const records = [...previous, ...result.records];
  const table = writeSummaries(dir, records);
  const failures = records.filter(isFailure).length;
  if (result.cancelled) {
    const left = pending.length - result.records.length;
    io.err(`${experiment.name}: cancelled with ${left} of ${mine.length} runs left; ${records.length} recorded in ${dir}. Run the same command again to resume.`);
    return CANCELLED_EXIT_CODE;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const shardText = options.shard ? ` (shard ${shardName} of ${all.length} runs)` : '';
  const used = Math.min(options.workers, pending.length);
  const ranText = pending.length === 0 ? 'all recorded before' : `${pending.length} run in ${seconds} s on ${used} worker${used === 1 ? '' : 's'}${alreadyDone > 0 ? `, ${alreadyDone} recorded before` : ''}`;
  io.out(`${experiment.name}: ${mine.length} runs${shardText}, ${ranText}${failures > 0 ? `, ${failures} error${failures === 1 ? '' : 's'}` : ''}; results in ${dir}\n\n${table}`);
  return failures > 0 && !options.acceptErrors ? 1 : 0;
}
