/**
 * `mapf-lab experiment FILE.json [--out DIR]`: runs an experiment sweep in this process, one run
 * after another, and writes per-run results (results.jsonl as they finish, results.csv at the
 * end) and the summary table (summary.txt, summary.csv) to DIR, printing the summary too.
 * Paths inside the file are resolved against the file's folder.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { Command } from '../command.ts';
import { UsageError } from '../command.ts';
import { planRuns } from '../../core/experiments/runPlan.ts';
import { RECORD_COLUMNS, type RunRecord, newRunContext, runSweep } from '../../core/experiments/runner.ts';
import { ExperimentError, parseExperiment } from '../../core/experiments/schema.ts';
import { SUMMARY_COLUMNS, formatSummary, summarize, toCsv } from '../../core/experiments/summary.ts';
import { solverNames } from '../../core/solvers/registry.ts';

const USAGE = [
  'Usage: mapf-lab experiment FILE.json [--out DIR] [--clock wall|process] [--quiet]',
  '',
  'Runs the sweep an experiment file describes (format mapf-lab/experiment, version 1) and',
  'prints the summary per solver and agent count: success rate, path length against the',
  'no-other-agents lower bound, cycles per agent, initial planning time, maximum turn time.',
  '',
  'Options:',
  '  --out DIR   where results.jsonl, results.csv, summary.txt and summary.csv go',
  '              (default: results/NAME in the current folder, NAME from the file)',
  '  --clock C   how init and turn times are measured: wall (default, performance.now) or',
  '              process (this process\'s CPU time: steadier on a busy machine)',
  '  --quiet     no progress lines on stderr',
].join('\n');

export const experimentCommand: Command = {
  name: 'experiment',
  summary: 'Run an experiment sweep from a JSON file and write results and a summary',
  usage: USAGE,
  async run(args, io) {
    let file: string | undefined;
    let out: string | undefined;
    let quiet = false;
    let clockName = 'wall';
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      if (arg === '--clock' || arg.startsWith('--clock=')) {
        clockName = arg === '--clock' ? args[++i] : arg.slice('--clock='.length);
        if (clockName !== 'wall' && clockName !== 'process') throw new UsageError(`--clock must be wall or process, got '${clockName ?? ''}'`);
      } else if (arg === '--out') {
        out = args[++i];
        if (out === undefined || out.startsWith('--')) throw new UsageError('--out needs a folder');
      } else if (arg.startsWith('--out=')) out = arg.slice('--out='.length);
      else if (arg === '--quiet') quiet = true;
      else if (arg.startsWith('-')) throw new UsageError(`unknown option '${arg}'`);
      else if (file === undefined) file = arg;
      else throw new UsageError(`one experiment file at a time (got '${file}' and '${arg}')`);
    }
    if (file === undefined) throw new UsageError('an experiment file is required');

    const text = readFileSync(file, 'utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new Error(`${file}: not valid JSON: ${(error as Error).message}`);
    }
    let experiment;
    try {
      experiment = parseExperiment(json, solverNames());
    } catch (error) {
      if (error instanceof ExperimentError) throw new Error(`${file}:\n  ${error.problems.join('\n  ')}`);
      throw error;
    }
    const folder = dirname(resolve(file));
    const files = { readText: (path: string) => readFileSync(isAbsolute(path) ? path : join(folder, path), 'utf8') };
    const runs = planRuns(experiment);
    const dir = resolve(out ?? join('results', experiment.name));
    mkdirSync(dir, { recursive: true });
    const jsonl = join(dir, 'results.jsonl');
    writeFileSync(jsonl, '');
    writeFileSync(join(dir, 'experiment.json'), `${JSON.stringify(experiment, null, 2)}\n`);

    const records: RunRecord[] = [];
    const started = Date.now();
    const clock = clockName === 'process' ? processCpuMs : undefined;
    for (const record of runSweep(runs, newRunContext(files, undefined, clock))) {
      records.push(record);
      appendFileSync(jsonl, `${JSON.stringify(record)}\n`);
      if (!quiet) {
        const outcome = record.status === 'error' ? `error: ${record.message}` : `${record.status}, ${(100 * record.successRate).toFixed(0)}% succeeded`;
        io.err(`[${records.length}/${runs.length}] ${record.label} on ${record.map}#${record.instance} with ${record.agents} agents: ${outcome}`);
      }
    }
    writeFileSync(join(dir, 'results.csv'), toCsv(records, RECORD_COLUMNS));
    const rows = summarize(records);
    const table = formatSummary(rows);
    writeFileSync(join(dir, 'summary.csv'), toCsv(rows, SUMMARY_COLUMNS));
    writeFileSync(join(dir, 'summary.txt'), `${table}\n`);
    const errors = records.filter((r) => r.status === 'error').length;
    io.out(`${experiment.name}: ${records.length} runs in ${((Date.now() - started) / 1000).toFixed(1)} s${errors > 0 ? `, ${errors} errors` : ''}; results in ${dir}\n\n${table}`);
    return errors > 0 ? 1 : 0;
  },
};

/** CPU time of this process in ms (all threads), a clock other processes do not advance. */
function processCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
