/**
 * A results folder on disk: experiment.json (the parsed definition), manifest.json (its
 * fingerprint, the shards and machines that ran it), results.jsonl (appended run by run), and the
 * files derived from them (results.csv, summary.txt, summary.csv). Shared by the experiment,
 * merge and report commands.
 */
import { existsSync } from 'node:fs';
import { readTextFile } from '../files.ts';
import { writeFileAtomicSync } from '../atomicWrite.ts';
import { join } from 'node:path';
import { aggregate } from '../../core/experiments/aggregate.ts';
import { experimentHash } from '../../core/experiments/hash.ts';
import { type ReadResults, readResults } from '../../core/experiments/results.ts';
import { RECORD_COLUMNS, type RunRecord } from '../../core/experiments/runRecord.ts';
import { type Experiment, ExperimentError, parseExperiment } from '../../core/experiments/schema.ts';
import { checkRunCount, planRuns } from '../../core/experiments/runPlan.ts';
import { formatSummary, summaryCsv, summaryRow, toCsv } from '../../core/experiments/summary.ts';
import type { MachineInfo } from './machineInfo.ts';

export const FILES = {
  experiment: 'experiment.json',
  manifest: 'manifest.json',
  results: 'results.jsonl',
  resultsCsv: 'results.csv',
  summaryText: 'summary.txt',
  summaryCsv: 'summary.csv',
  report: 'report.html',
} as const;

export interface Manifest {
  format: 'mapf-lab/results';
  version: 1;
  experiment: string;
  experimentHash: string;
  /** Runs in the whole sweep (all shards). */
  runsPlanned: number;
  /** The shards run into this folder ('1/1' for a whole sweep), or merged into it. */
  shards: string[];
  machines: MachineInfo[];
}

/** Reads and checks an experiment file; problems name the file and each field at fault. */
export function loadExperimentFile(file: string, solverNames?: readonly string[]): Experiment {
  const text = readTextFile(file, 'experiment');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not valid JSON: ${(error as Error).message}`);
  }
  try {
    const experiment = parseExperiment(json, solverNames);
    checkRunCount(experiment); // counted, not built: a typo like repeats 1e9 is refused at once
    return experiment;
  } catch (error) {
    if (error instanceof ExperimentError) throw new Error(`${file}:\n  ${error.problems.join('\n  ')}`);
    throw error;
  }
}

export interface ResultsFolder {
  dir: string;
  experiment: Experiment;
  hash: string;
  manifest: Manifest | undefined;
  results: ReadResults;
  /** Length of results.jsonl as found (more than results.completeLength when its last line is partial). */
  fileLength: number;
  /** What was damaged and how it was handled (a torn manifest read as absent, a definition rebuilt). */
  warnings: string[];
}

export function isResultsFolder(dir: string): boolean {
  return existsSync(join(dir, FILES.experiment));
}

/**
 * Reads a results folder. A damaged manifest.json (a crash while an older version wrote it in
 * place) is reported in `warnings` and read as absent: it only lists shards and machines, and
 * the next run writes it anew. A damaged experiment.json is taken from `definition` (the
 * experiment file the caller runs) when that is provably the same definition: the manifest's
 * fingerprint matches, or every recorded run is one the definition plans; otherwise it is an
 * error naming the file and what to do, and results.jsonl is never touched.
 */
export function readResultsFolder(dir: string, definition?: { experiment: Experiment; file: string }): ResultsFolder {
  if (!isResultsFolder(dir)) throw new Error(`${dir} is not a results folder (it has no ${FILES.experiment}; run \`mapf-lab experiment\` into it first)`);
  const warnings: string[] = [];
  const manifestPath = join(dir, FILES.manifest);
  let manifest: Manifest | undefined;
  if (existsSync(manifestPath)) {
    try {
      manifest = JSON.parse(readTextFile(manifestPath, 'manifest')) as Manifest;
    } catch (error) {
      warnings.push(`${manifestPath} is damaged (${(error as Error).message}); its list of shards and machines is lost, and it is written anew`);
    }
  }
  const resultsPath = join(dir, FILES.results);
  const text = existsSync(resultsPath) ? readTextFile(resultsPath, 'results') : '';
  // Lines written before records named their cost model are the experiment's (read again below once it is known).
  let results = readResults(text);
  const experimentPath = join(dir, FILES.experiment);
  let experiment: Experiment;
  try {
    experiment = loadExperimentFile(experimentPath);
  } catch (error) {
    const same = definition !== undefined && (manifest?.experimentHash === experimentHash(definition.experiment) || recordsPlannedBy(results.records, definition.experiment));
    if (!same) {
      const how = definition
        ? `it cannot be shown to be ${definition.file}'s definition (the manifest's fingerprint does not match and not every recorded run is one it plans): pass another --out, or restore ${FILES.experiment}`
        : `run \`mapf-lab experiment FILE.json --out ${dir}\` with the experiment's own file to write it again`;
      throw new Error(`${experimentPath} is damaged (${(error as Error).message.split('\n').join(' ')}); ${how}. ${FILES.results} is kept as it is.`);
    }
    warnings.push(`${experimentPath} was damaged; it is written again from ${definition.file} (the same definition: ${results.records.length} recorded runs kept)`);
    experiment = definition.experiment;
  }
  if (experiment.costModel !== 'away') results = readResults(text, experiment.costModel);
  return { dir, experiment, hash: experimentHash(experiment), manifest, results, fileLength: text.length, warnings };
}

function recordsPlannedBy(records: readonly RunRecord[], experiment: Experiment): boolean {
  const keys = new Set(planRuns(experiment).map((r) => r.key));
  return records.every((r) => keys.has(r.key));
}

export function writeDefinition(dir: string, experiment: Experiment, manifest: Manifest): void {
  writeFileAtomicSync(join(dir, FILES.experiment), `${JSON.stringify(experiment, null, 2)}\n`);
  writeFileAtomicSync(join(dir, FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Writes results.csv, summary.txt and summary.csv from every record; returns the summary table. */
export function writeSummaries(dir: string, records: readonly RunRecord[]): string {
  const sorted = [...records].sort((a, b) => a.id - b.id);
  writeFileAtomicSync(join(dir, FILES.resultsCsv), toCsv(sorted, RECORD_COLUMNS));
  const rows = aggregate(sorted);
  const table = formatSummary(rows.map(summaryRow));
  writeFileAtomicSync(join(dir, FILES.summaryText), `${table}\n`);
  writeFileAtomicSync(join(dir, FILES.summaryCsv), summaryCsv(rows));
  return table;
}
