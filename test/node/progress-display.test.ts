// The sweep's progress on stderr: a bar redrawn in place on a terminal, plain lines otherwise,
// failures on lines of their own up to a limit.
import { describe, expect, it } from 'vitest';
import type { CommandIo } from '../../cli/command.ts';
import { createProgressDisplay } from '../../cli/experiments/progressDisplay.ts';
import type { PoolProgress } from '../../core/protocol/pool.ts';
import type { RunRecord } from '../../core/experiments/runRecord.ts';

const progress = (done: number, extra: Partial<PoolProgress> = {}): PoolProgress => ({ done, total: 10, failed: 0, running: 2, state: 'running', elapsedMs: done * 1000, etaMs: done > 0 ? (10 - done) * 1000 : undefined, ...extra });
const failure = (id: number) => ({ id, label: 'WHCA*', map: 'bridge', instance: 0, agents: 20, status: 'error', message: 'the solver process crashed' }) as RunRecord;

describe('progress display', () => {
  it('prints plain lines at most every interval when stderr is not a terminal', () => {
    const lines: string[] = [];
    let now = 0;
    const io: CommandIo = { out: () => {}, err: (t) => lines.push(t) };
    const display = createProgressDisplay(io, { alreadyDone: 5, intervalMs: 5000, now: () => now });
    display.update(progress(0));
    now = 1000;
    display.update(progress(1));
    now = 6000;
    display.update(progress(3, { failed: 1 }));
    display.failure(failure(7));
    now = 9000;
    display.end(progress(10, { state: 'finished', failed: 1, running: 0, etaMs: undefined, elapsedMs: 61_000 }));
    expect(lines).toEqual([
      '[5/15] 0s elapsed',
      '[8/15] 1 failed, 7s left, 3s elapsed',
      'run 7 (WHCA*, bridge#0, 20 agents) error: the solver process crashed',
      '[15/15] 1 failed, 1m 01s elapsed',
    ]);
  });

  it('redraws one bar on a terminal, fitting its width, and shows only the first failures', () => {
    let screen = '';
    const io: CommandIo = { out: () => {}, err: () => {}, errTerminal: { write: (t) => (screen += t), columns: 60 } };
    let now = 0;
    const display = createProgressDisplay(io, { alreadyDone: 0, failuresShown: 2, now: () => (now += 200) });
    display.update(progress(4));
    for (const id of [1, 2, 3]) display.failure(failure(id));
    display.end(progress(10, { state: 'cancelled', etaMs: undefined }));
    const drawn = screen.split('\r\x1b[K').filter(Boolean);
    expect(drawn[0]).toBe('[############-------------------] 4/10, 6s left, 4s elapsed');
    expect(drawn[0].length).toBeLessThan(60);
    expect(screen).toContain('run 1 (WHCA*, bridge#0, 20 agents) error: the solver process crashed\n');
    expect(screen).toContain('run 2 (WHCA*, bridge#0, 20 agents) error: the solver process crashed (further failures are counted, not shown; see results.jsonl)\n');
    expect(screen).not.toContain('run 3 ');
    expect(screen.endsWith('10/10, cancelled, 10s elapsed\n')).toBe(true);
  });
});
