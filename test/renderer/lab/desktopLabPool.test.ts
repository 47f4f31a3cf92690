// The lab's desktop path: a sweep goes to main's pool through the preload API (here a scripted
// stand-in), records from updates and from the end are stored once each, controls reach main,
// and a failed IPC leaves a cancelled sweep with the reason, not a stuck one.
import { describe, expect, it } from 'vitest';
import type { PoolProgress } from '../../../core/protocol/pool.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import type { DesktopApi, LabSweepEnd, LabSweepRequest, LabSweepUpdate } from '../../../core/platform/desktopApi.ts';
import { failureRecord } from '../../../core/experiments/runner.ts';
import { desktopLabPool } from '../../../renderer/src/lab/desktopLabPool.ts';
import { memoryStorage } from '../../../renderer/src/lab/resultStore.ts';
import { bridgeSweep } from '../../fixtures/bridgeSweep.ts';
import { setExperimentText, setLabStorage, startSweep, sweepStore, pauseSweep, cancelSweep } from '../../../renderer/src/lab/sweep.ts';

const SWEEP = bridgeSweep('desktop-sweep', { agents: [1, 2], solvers: [{ solver: 'lra', label: 'LRA*' }] });

/** Plays main: answers labStart by sending all but the last record as an update, the last with the end. */
function fakeMain(behaviour: 'finish' | 'hold' | 'reject' = 'finish') {
  const calls: unknown[][] = [];
  let listener: ((ticket: string, update: LabSweepUpdate) => void) | null = null;
  let release: ((end: LabSweepEnd) => void) | null = null;
  const progress = (done: number, total: number, state: PoolProgress['state']): PoolProgress => ({ done, total, failed: done, running: 0, state, elapsedMs: 1, etaMs: undefined });
  const api = {
    labStart(ticket: string, request: LabSweepRequest): Promise<LabSweepEnd> {
      calls.push(['start', ticket, request.workers, request.runs.length]);
      if (behaviour === 'reject') return Promise.reject(new Error('main went away'));
      const records: RunRecord[] = request.runs.map((run) => failureRecord(run, 'scripted', 1));
      const total = records.length;
      queueMicrotask(() => listener?.(ticket, { records: records.slice(0, -1), progress: progress(total - 1, total, 'running') }));
      if (behaviour === 'hold') return new Promise((resolve) => (release = resolve));
      return new Promise((resolve) => setTimeout(() => resolve({ records: records.slice(-1), cancelled: false, progress: progress(total, total, 'finished') }), 5));
    },
    labControl: (ticket: string, action: string) => {
      calls.push(['control', ticket, action]);
      if (action === 'cancel') release?.({ records: [], cancelled: true, progress: progress(0, 0, 'cancelled') });
    },
    onLabUpdate(l: (ticket: string, update: LabSweepUpdate) => void) {
      listener = l;
      return () => {
        calls.push(['unsubscribe']);
        listener = null;
      };
    },
  };
  return { api: api as unknown as DesktopApi, calls };
}

function until(check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = sweepStore.subscribe(() => {
      if (check()) {
        unsubscribe();
        resolve();
      }
    });
    if (check()) resolve();
  });
}

describe('lab on the desktop: main\'s pool through the preload API', () => {
  it('sends the pending runs with the worker count and stores every record once', async () => {
    setLabStorage(memoryStorage());
    setExperimentText(JSON.stringify(SWEEP));
    sweepStore.set({ workers: 3 });
    const main = fakeMain();
    startSweep(desktopLabPool(main.api), 0);
    expect(sweepStore.get().unit).toBe('solver process');
    await until(() => sweepStore.get().phase === 'finished');
    expect(main.calls[0]).toEqual(['start', expect.stringMatching(/^lab-/), 3, 6]);
    const keys = sweepStore.get().records.map((r) => r.key);
    expect(keys).toHaveLength(6);
    expect(new Set(keys).size).toBe(6);
    expect(main.calls.at(-1)).toEqual(['unsubscribe']);
  });

  it('forwards pause and cancel to main under the sweep\'s ticket', async () => {
    setLabStorage(memoryStorage());
    setExperimentText(JSON.stringify(SWEEP));
    const main = fakeMain('hold');
    startSweep(desktopLabPool(main.api), 0);
    pauseSweep();
    cancelSweep();
    await until(() => sweepStore.get().phase === 'cancelled');
    const ticket = main.calls[0][1];
    expect(main.calls.filter((c) => c[0] === 'control')).toEqual([['control', ticket, 'pause'], ['control', ticket, 'cancel']]);
  });

  it('ends a sweep whose IPC fails as cancelled, saying why', async () => {
    setLabStorage(memoryStorage());
    setExperimentText(JSON.stringify(SWEEP));
    startSweep(desktopLabPool(fakeMain('reject').api), 0);
    await until(() => sweepStore.get().phase === 'cancelled');
    expect(sweepStore.get().warning).toMatch(/main went away/);
  });
});
