/**
 * A results folder on disk: experiment.json (the parsed definition), manifest.json (its
 * fingerprint, the shards and machines that ran it), results.jsonl (appended run by run), and the
 * files derived from them (results.csv, summary.txt, summary.csv). Shared by the experiment,
 * merge and report commands.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { aggregate } from '../../core/experiments/aggregate.ts';
import { experimentHash } from '../../core/experiments/hash.ts';
import { type ReadResults, readResults } from '../../core/experiments/results.ts';
import { RECORD_COLUMNS, type RunRecord } from '../../core/experiments/runner.ts';
import { type Experiment, ExperimentError, parseExperiment } from '../../core/experiments/schema.ts';
import { checkRunCount } from '../../core/experiments/runPlan.ts';
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
  const text = readFileSync(file, 'utf8');
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
}

export function isResultsFolder(dir: string): boolean {
  return existsSync(join(dir, FILES.experiment));
}

export function readResultsFolder(dir: string): ResultsFolder {
  if (!isResultsFolder(dir)) throw new Error(`${dir} is not a results folder (it has no ${FILES.experiment}; run \`mapf-lab experiment\` into it first)`);
  const experiment = loadExperimentFile(join(dir, FILES.experiment));
  const manifestPath = join(dir, FILES.manifest);
  const manifest = existsSync(manifestPath) ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest) : undefined;
  const resultsPath = join(dir, FILES.results);
  const text = existsSync(resultsPath) ? readFileSync(resultsPath, 'utf8') : '';
  return { dir, experiment, hash: experimentHash(experiment), manifest, results: readResults(text), fileLength: text.length };
}

export function writeDefinition(dir: string, experiment: Experiment, manifest: Manifest): void {
  writeFileSync(join(dir, FILES.experiment), `${JSON.stringify(experiment, null, 2)}\n`);
  writeFileSync(join(dir, FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Writes results.csv, summary.txt and summary.csv from every record; returns the summary table. */
export function writeSummaries(dir: string, records: readonly RunRecord[]): string {
  const sorted = [...records].sort((a, b) => a.id - b.id);
  writeFileSync(join(dir, FILES.resultsCsv), toCsv(sorted, RECORD_COLUMNS));
  const rows = aggregate(sorted);
  const table = formatSummary(rows.map(summaryRow));
  writeFileSync(join(dir, FILES.summaryText), `${table}\n`);
  writeFileSync(join(dir, FILES.summaryCsv), summaryCsv(rows));
  return table;
}
