// main's check of a lab sweep from the renderer: the run limit is core's MAX_RUNS, the figure the
// lab plans by and the command line refuses by, and a sweep past it is refused by its length
// with a message naming the limit (its runs are garbage here: they are never looked at).
import { describe, expect, it } from 'vitest';
import { checkLabRequest } from '../../main/ipc/labArgs.ts';
import { MAX_RUNS } from '../../core/util/limits.ts';

describe('checkLabRequest', () => {
  it('refuses more than MAX_RUNS runs by count, naming the lab\'s run limit', () => {
    const checked = checkLabRequest({ runs: new Array(MAX_RUNS + 1).fill(0), workers: 2 });
    expect(checked).toEqual({ ok: false, message: "invalid lab sweep: runs: 1,000,001 runs; at most 1,000,000 runs per sweep (the lab's run limit)" });
  });

  it('still checks each run of a sweep within the limit', () => {
    const checked = checkLabRequest({ runs: [0], workers: 2 });
    expect(checked.ok).toBe(false);
    expect(checked.ok ? '' : checked.message).toMatch(/^invalid lab sweep: runs\.0: /);
  });
});
