/**
 * Sweep progress on stderr: a bar redrawn in place when stderr is a terminal, plain lines every
 * few seconds otherwise (a log file or CI gets no carriage returns). Failures get a line of their
 * own with the reason, up to a limit, so a broken sweep shows why early.
 */
import type { CommandIo } from '../command.ts';
import type { PoolProgress } from '../../core/protocol/pool.ts';
import type { RunRecord } from '../../core/experiments/runRecord.ts';
import { formatDuration } from '../../core/util/names.ts';

export interface ProgressDisplayOptions {
  /** Runs recorded before this invocation (resume), counted as done. */
  alreadyDone: number;
  /** Between plain lines (default 5 s). */
  intervalMs?: number;
  /** Failures shown one by one before the rest are only counted (default 10). */
  failuresShown?: number;
  now?: () => number;
}

export interface ProgressDisplay {
  update(progress: PoolProgress): void;
  failure(record: RunRecord): void;
  /** Draws the last state and ends the bar's line. */
  end(progress: PoolProgress): void;
}

function describe(progress: PoolProgress, alreadyDone: number): { count: string; rest: string } {
  const done = alreadyDone + progress.done;
  const total = alreadyDone + progress.total;
  const failed = progress.failed > 0 ? `, ${progress.failed} failed` : '';
  const state = progress.state === 'paused' ? ', paused' : progress.state === 'cancelled' ? ', cancelled' : '';
  const left = progress.state === 'running' && progress.etaMs !== undefined && progress.done < progress.total ? `, ${formatDuration(progress.etaMs, '?')} left` : '';
  return { count: `${done}/${total}`, rest: `${failed}${state}${left}, ${formatDuration(progress.elapsedMs, '?')} elapsed` };
}

export function createProgressDisplay(io: CommandIo, options: ProgressDisplayOptions): ProgressDisplay {
  const now = options.now ?? Date.now;
  const intervalMs = options.intervalMs ?? 5000;
  const failuresShown = options.failuresShown ?? 10;
  const terminal = io.errTerminal;
  let failures = 0;
  let lastDrawn = -Infinity;
  let lastLine = '';
  let lastPlain = '';

  const bar = (progress: PoolProgress): string => {
    const { count, rest } = describe(progress, options.alreadyDone);
    const total = options.alreadyDone + progress.total;
    const fraction = total === 0 ? 1 : (options.alreadyDone + progress.done) / total;
    const text = ` ${count}${rest}`;
    const width = Math.max(10, Math.min(40, terminal!.columns - text.length - 3));
    const filled = Math.round(fraction * width);
    return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]${text}`.slice(0, Math.max(1, terminal!.columns - 1));
  };

  const draw = (progress: PoolProgress, force: boolean): void => {
    const at = now();
    if (terminal) {
      if (!force && at - lastDrawn < 100) return;
      lastDrawn = at;
      lastLine = bar(progress);
      terminal.write(`\r\x1b[K${lastLine}`);
      return;
    }
    if (!force && at - lastDrawn < intervalMs) return;
    lastDrawn = at;
    const { count, rest } = describe(progress, options.alreadyDone);
    const line = `[${count}]${rest.replace(/^, /, ' ')}`;
    if (line !== lastPlain) io.err(line);
    lastPlain = line;
  };

  return {
    update: (progress) => draw(progress, false),
    failure(record) {
      failures++;
      if (failures > failuresShown) return;
      const text = failures === failuresShown ? ' (further failures are counted, not shown; see results.jsonl)' : '';
      const line = `run ${record.id} (${record.label}, ${record.map}#${record.instance}, ${record.agents} agents) ${record.status}: ${record.message}${text}`;
      if (terminal) terminal.write(`\r\x1b[K${line}\n${lastLine}`);
      else io.err(line);
    },
    end(progress) {
      draw(progress, true);
      if (terminal) terminal.write('\n');
    },
  };
}
