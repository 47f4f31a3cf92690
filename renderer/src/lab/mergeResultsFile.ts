/**
 * Merge in the lab: the results of this experiment run elsewhere (a shard on another machine,
 * `mapf-lab experiment --shard I/N`'s results.jsonl, another window's JSONL export) join the
 * ones here, and Run then does only what is still missing. Records carry no fingerprint of their
 * definition (the command line keeps it in the folder's manifest), so the lab keeps only records
 * of runs this definition plans, and asks before it merges. A measurement in the file replaces an
 * error record here (sweep.ts's mergeResults, by core's rule).
 */
import { readResults } from '../../../core/experiments/results.ts';
import { notify } from '../solve/solveState.ts';
import { fileService } from '../platform/index.ts';
import { mergeResults, sweepStore } from './sweep.ts';

export async function mergeResultsFile(): Promise<void> {
  try {
    const file = await fileService.openText([{ name: 'Run records (JSON Lines)', extensions: ['jsonl'] }]);
    if (!file) return;
    const read = readResults(file.text);
    if (read.records.length === 0) throw new Error(`${file.name} holds no run records${read.problems.length > 0 ? ` (${read.problems[0]})` : ''}`);
    const name = sweepStore.get().experiment?.name ?? 'this experiment';
    const ask = `Merge the run records of ${file.name} into “${name}”?\n\nOnly records of runs this definition plans are kept, but a record does not say which definition made it: merge results of this same experiment only (its shards, the command line's results.jsonl, a JSONL export).`;
    if (!window.confirm(ask)) return;
    const outcome = mergeResults(read.records);
    const skipped = [
      outcome.duplicates > 0 ? `${outcome.duplicates} already here` : '',
      outcome.foreign > 0 ? `${outcome.foreign} of runs this experiment does not plan` : '',
      read.problems.length > 0 ? `${read.problems.length} unreadable lines` : '',
    ].filter((s) => s !== '');
    const replaced = outcome.replaced > 0 ? ` ${outcome.replaced} of them measure runs recorded here as errors, and replace those.` : '';
    notify('info', `Merged ${outcome.added + outcome.replaced} run records from ${file.name}${skipped.length > 0 ? ` (left out: ${skipped.join(', ')})` : ''}.${replaced}`);
  } catch (error) {
    notify('error', `The results could not be merged: ${error instanceof Error ? error.message : String(error)}`);
  }
}
