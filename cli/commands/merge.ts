/**
 * `mapf-lab merge DIR1 DIR2 … --out DIR`: combines the results folders of the shards of one
 * sweep (`mapf-lab experiment --shard I/N`), refusing folders of different experiment
 * definitions, keeping one record per run key, and writing the combined results and summaries.
 */
import { mkdirSync } from 'node:fs';
import { writeFileAtomicSync } from '../atomicWrite.ts';
import { join, resolve } from 'node:path';
import type { Command } from '../command.ts';
import { UsageError } from '../command.ts';
import { type OptionTable, commandUsage, parseCommandLine } from '../args.ts';
import { mergeRecords, recordLine } from '../../core/experiments/results.ts';
import { planRuns } from '../../core/experiments/runPlan.ts';
import { type MachineInfo, sameMachine } from '../experiments/machineInfo.ts';
import { FILES, type ResultsFolder, isResultsFolder, readResultsFolder, writeDefinition, writeSummaries } from '../experiments/resultsFolder.ts';

const OPTIONS = {
  out: { value: 'DIR', help: 'the folder the merged results go to (required; never one of the merged folders)' },
} as const satisfies OptionTable;

const USAGE = commandUsage([
  'Usage: mapf-lab merge DIR1 DIR2 … --out DIR',
  '',
  'Merges results folders of the same experiment definition (typically its shards, run with',
  '`mapf-lab experiment --shard I/N` on several machines) into DIR: results.jsonl and',
  'results.csv with one record per run, summary.txt, summary.csv, experiment.json and a',
  'manifest listing the shards and machines. Folders of different definitions are refused.',
  'DIR can then be resumed (`mapf-lab experiment FILE --out DIR` runs what is missing) or',
  'reported (`mapf-lab report DIR`).',
], OPTIONS);

export const mergeCommand: Command = {
  name: 'merge',
  summary: 'Merge the results folders of shards of one experiment',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals: dirs } = parseCommandLine(OPTIONS, args, { positionals: true });
    const out = values.out;
    if (dirs.length === 0) throw new UsageError('name the results folders to merge');
    if (out === undefined) throw new UsageError('--out DIR is required (merge never writes into a source folder)');
    const target = resolve(out);
    if (dirs.some((d) => resolve(d) === target)) throw new UsageError('--out must be a folder other than the ones merged');

    const folders: ResultsFolder[] = dirs.map((d) => readResultsFolder(resolve(d)));
    for (const warning of folders.flatMap((f) => f.warnings)) io.err(`warning: ${warning}`);
    const first = folders[0];
    const strangers = folders.filter((f) => f.hash !== first.hash);
    if (strangers.length > 0) {
      const list = folders.map((f) => `  ${f.dir}: '${f.experiment.name}', fingerprint ${f.hash}`).join('\n');
      throw new Error(`these folders hold results of different experiment definitions; merge only shards of one definition:\n${list}`);
    }
    // Merging into a folder that already holds results of this definition adds to them.
    let existing: ResultsFolder | undefined;
    if (isResultsFolder(target)) {
      existing = readResultsFolder(target);
      if (existing.hash !== first.hash) throw new Error(`${target} already holds results of another experiment definition ('${existing.experiment.name}', fingerprint ${existing.hash}); choose another --out`);
    }
    for (const f of folders) for (const problem of f.results.problems) io.err(`warning: ${join(f.dir, FILES.results)} ${problem}; left out`);

    const sources = existing ? [...folders, existing] : folders;
    const { records, duplicates } = mergeRecords(sources.map((f) => f.results.records));
    const planned = planRuns(first.experiment).length;
    const machines: MachineInfo[] = [];
    for (const m of sources.flatMap((f) => f.manifest?.machines ?? [])) if (!machines.some((x) => sameMachine(x, m))) machines.push(m);
    mkdirSync(target, { recursive: true });
    writeDefinition(target, first.experiment, {
      format: 'mapf-lab/results',
      version: 1,
      experiment: first.experiment.name,
      experimentHash: first.hash,
      runsPlanned: planned,
      shards: [...new Set(sources.flatMap((f) => f.manifest?.shards ?? []))].sort(),
      machines,
    });
    writeFileAtomicSync(join(target, FILES.results), records.map(recordLine).join(''));
    const table = writeSummaries(target, records);
    const missing = planned - records.length;
    const notes = [duplicates > 0 ? `${duplicates} duplicate records dropped` : '', missing > 0 ? `${missing} runs missing (resume with \`mapf-lab experiment FILE --out ${out}\`)` : ''].filter(Boolean);
    io.out(`${first.experiment.name}: merged ${folders.length} folders, ${records.length} of ${planned} runs${notes.length > 0 ? `; ${notes.join('; ')}` : ''}; results in ${target}\n\n${table}`);
    return 0;
  },
};
