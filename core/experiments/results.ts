/**
 * The results file (results.jsonl, one run record per line, appended as runs finish) and what
 * resume, shards and merge do with it. Pure: the host reads and writes the files.
 */
import type { CostModel } from '../mapf/plan.ts';
import type { RunSpec } from './runPlan.ts';
import { RECORD_COLUMNS, type RunRecord, isFailure } from './runRecord.ts';
import { runRecordSchema } from './runSchemas.ts';
import { STREAM_COLUMNS } from './runRecord.ts';

/** One line of results.jsonl. NaN figures become null (JSON has no NaN); readResults turns them back. */
export function recordLine(record: RunRecord): string {
  return `${JSON.stringify(record)}\n`;
}

export interface ReadResults {
  /** One per run key: a later line for the same run (a failed run tried again) replaces an earlier one. */
  records: RunRecord[];
  /**
   * Length of the text up to the end of the last complete line. A process killed mid-write
   * leaves a partial last line; the host cuts the file back to this before appending, and the
   * run on that line is run again.
   */
  completeLength: number;
  /** Complete lines that are not a run record, by line number (they are skipped). */
  problems: string[];
}

const NUMERIC = RECORD_COLUMNS.filter((c) => !['key', 'map', 'solver', 'label', 'message', 'status', 'costModel'].includes(c));

/**
 * `costModel`: the model of lines written before records named theirs (the experiment's; 'away'
 * when not given, the default of the versions that wrote such lines).
 */
export function readResults(text: string, costModel: CostModel = 'away'): ReadResults {
  const completeLength = text.lastIndexOf('\n') + 1;
  const byKey = new Map<string, RunRecord>();
  const problems: string[] = [];
  const lines = text.slice(0, completeLength).split('\n');
  lines.pop(); // after the final newline
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      problems.push(`line ${i + 1}: not JSON`);
      return;
    }
    if (json && typeof json === 'object') {
      const raw = json as Record<string, unknown>;
      for (const c of NUMERIC) if (raw[c] === null) raw[c] = NaN;
      if (!('costModel' in raw)) raw.costModel = costModel;
      // Lines from before unsolved runs had no cost: their costs were not results, and what
      // they reached was not recorded apart.
      if (raw.status !== 'solved') raw.sumOfCosts = raw.makespan = NaN;
      if (!('arrived' in raw)) raw.arrived = NaN;
      // Lines from before solvers' lower bounds were recorded.
      if (!('costLowerBound' in raw)) raw.costLowerBound = NaN;
      if (!('costOverBound' in raw)) raw.costOverBound = NaN;
      // Lines from before runs among moving obstacles.
      if (!('pathStepsComputed' in raw)) raw.pathStepsComputed = NaN;
      // Lines from before measured regions.
      for (const c of ['regionUnits', 'regionThroughput', 'regionMeanWait']) if (!(c in raw)) raw[c] = NaN;
      // Lines from before region crossings.
      for (const c of ['regionCrossingRate', 'regionPeakCrossings']) if (!(c in raw)) raw[c] = NaN;
      // Lines from before LoRR problems' throughput.
      for (const c of ['tasksFinished', 'tasksPerStep']) if (!(c in raw)) raw[c] = NaN;
      // Lines from before stream runs.
      for (const c of STREAM_COLUMNS) if (!(c in raw)) raw[c] = NaN;
    }
    const parsed = runRecordSchema.safeParse(json);
    if (parsed.success) {
      byKey.delete(parsed.data.key); // so that the replacement takes the later place
      byKey.set(parsed.data.key, parsed.data);
    }
    else {
      const issues = parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`);
      problems.push(`line ${i + 1}: not a run record (${issues.slice(0, 2).join('; ')}${issues.length > 2 ? `; ${issues.length - 2} more` : ''})`);
    }
  });
  return { records: [...byKey.values()], completeLength, problems };
}

/** "I/N" with 1 <= I <= N, as in `--shard 2/4`. */
export function parseShard(text: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (!match || count < 1 || index < 1 || index > count) throw new RangeError(`a shard is I/N with 1 <= I <= N (e.g. 2/4), got '${text}'`);
  return { index, count };
}

/**
 * Shard I of N (1-based): the runs of every Nth instance (instances numbered in run order, the
 * shard takes those whose number % N == I - 1). Whole instances, not every Nth run: the solvers
 * of one instance are adjacent in the run list, so splitting by run would give each shard one
 * solver's runs (unequal work) and make every shard build every instance.
 */
export function shardRuns(runs: readonly RunSpec[], shard: { index: number; count: number }): RunSpec[] {
  const instanceOf = new Map<string, number>();
  return runs.filter((run) => {
    let instance = instanceOf.get(run.instanceKey);
    if (instance === undefined) instanceOf.set(run.instanceKey, (instance = instanceOf.size));
    return instance % shard.count === shard.index - 1;
  });
}

/** The runs without a record yet, and with `retryErrors` those whose record is a failure (status 'error'). */
export function pendingRuns(runs: readonly RunSpec[], records: readonly RunRecord[], retryErrors = false): RunSpec[] {
  const recorded = new Set(records.filter((r) => !(retryErrors && isFailure(r))).map((r) => r.key));
  return runs.filter((run) => !recorded.has(run.key));
}

/**
 * Records of several result sets, one per run key, in run order. A measured record beats an
 * error record of the same run whatever the order (one shard's run crashed, another's measured
 * it: the measurement is the result); otherwise the first seen wins.
 */
export function mergeRecords(sets: readonly (readonly RunRecord[])[]): { records: RunRecord[]; duplicates: number } {
  const byKey = new Map<string, RunRecord>();
  let duplicates = 0;
  for (const set of sets) {
    for (const record of set) {
      const kept = byKey.get(record.key);
      if (kept === undefined) byKey.set(record.key, record);
      else {
        duplicates++;
        if (isFailure(kept) && !isFailure(record)) byKey.set(record.key, record);
      }
    }
  }
  return { records: [...byKey.values()].sort((a, b) => a.id - b.id), duplicates };
}
