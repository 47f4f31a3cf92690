// The lab's sweep over in-memory solver workers: records stored as they arrive, a cancelled
// sweep resumed by a "reopened window" (a fresh load from the same storage) runs only the rest.
import { describe, expect, it } from 'vitest';
import { memorySpawner } from '../../../core/protocol/memoryPort.ts';
import { memoryStorage } from '../../../renderer/src/lab/resultStore.ts';
import { cancelSweep, mergeResults, setExperimentText, setLabStorage, setShard, setWorkers, startSweep, sweepStore, workerPoolBackend } from '../../../renderer/src/lab/sweep.ts';
import type { SweepBackend, SweepPhase } from '../../../renderer/src/lab/sweepTypes.ts';
import { IncrementalAggregate } from '../../../renderer/src/lab/incrementalAggregate.ts';
import { aggregate } from '../../../core/experiments/aggregate.ts';
import { planRuns } from '../../../core/experiments/runPlan.ts';
import { shardRuns } from '../../../core/experiments/results.ts';
import { failureRecord } from '../../../core/experiments/runner.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';
import { bridgeSweep } from '../../fixtures/bridgeSweep.ts';

const SWEEP = bridgeSweep('unit-sweep');

/** Every run ends as an error record, as when each solver process crashed. */
const CRASHING: SweepBackend = {
  unit: 'crashing solver',
  start(runs, options) {
    for (const run of runs) options.onRecord(failureRecord(run, 'solver process crashed', 0));
    const progress = { done: runs.length, total: runs.length, failed: runs.length, running: 0, state: 'finished' as const, elapsedMs: 0, etaMs: undefined };
    return { pause() {}, resume() {}, cancel() {}, done: Promise.resolve({ cancelled: false, progress }) };
  },
};

function until(phase: SweepPhase): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (sweepStore.get().phase === phase) {
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = sweepStore.subscribe(check);
    check();
  });
}

describe('lab sweep', () => {
  it('says what is wrong with a definition and does not run it', () => {
    setLabStorage(memoryStorage());
    setExperimentText(JSON.stringify({ ...SWEEP, solvers: [{ solver: 'nope' }] }));
    expect(sweepStore.get().experiment).toBeNull();
    expect(sweepStore.get().problems.join('\n')).toContain("unknown solver 'nope'");
    setExperimentText('{');
    expect(sweepStore.get().problems).toHaveLength(1);
  });

  it("refuses an experiment on the 'cpu' clock in Web Workers, which cannot read it, before any run", () => {
    setLabStorage(memoryStorage());
    setExperimentText(JSON.stringify({ ...SWEEP, timeLimitClock: 'cpu' }));
    expect(sweepStore.get().experiment).not.toBeNull();
    startSweep(workerPoolBackend(memorySpawner().spawn));
    expect(sweepStore.get().phase).toBe('idle');
    expect(sweepStore.get().records).toEqual([]);
    expect(sweepStore.get().warning).toMatch(/^timeLimitClock 'cpu': Web Workers cannot read their CPU time/);
  });

  it('runs every run, stores each record, and a reopened window finds them all', async () => {
    const storage = memoryStorage();
    setLabStorage(storage);
    setExperimentText(JSON.stringify(SWEEP));
    expect(sweepStore.get().planned).toBe(3 * 3 * 2);
    setWorkers(2);
    startSweep(workerPoolBackend(memorySpawner().spawn));
    await until('finished');
    expect(sweepStore.get().records).toHaveLength(18);
    expect(sweepStore.get().records.filter((r) => r.status === 'error')).toEqual([]);
    setLabStorage(storage);
    setExperimentText(JSON.stringify(SWEEP));
    expect(sweepStore.get().records).toHaveLength(18);
    startSweep(workerPoolBackend(memorySpawner().spawn));
    expect(sweepStore.get().phase).toBe('finished');
  });

  it('cancel keeps the finished runs; resume runs only the rest', async () => {
    const storage = memoryStorage();
    setLabStorage(storage);
    setExperimentText(JSON.stringify(SWEEP));
    setWorkers(1);
    const first = memorySpawner();
    startSweep(workerPoolBackend(first.spawn), 0);
    await new Promise<void>((resolve) => {
      const unsubscribe = sweepStore.subscribe(() => {
        if ((sweepStore.get().progress?.done ?? 0) >= 4) {
          unsubscribe();
          cancelSweep();
          resolve();
        }
      });
    });
    await until('cancelled');
    const kept = sweepStore.get().records.length;
    expect(kept).toBeGreaterThanOrEqual(4);
    expect(kept).toBeLessThan(18);
    setLabStorage(storage);
    setExperimentText(JSON.stringify(SWEEP));
    expect(sweepStore.get().records).toHaveLength(kept);
    const second = memorySpawner();
    startSweep(workerPoolBackend(second.spawn));
    await until('finished');
    const records = sweepStore.get().records;
    expect(records).toHaveLength(18);
    expect(new Set(records.map((r) => r.key)).size).toBe(18);
    expect(sweepStore.get().progress?.total).toBe(18 - kept);
  });

  it('a run that fails is recorded with its reason and the sweep goes on', async () => {
    setLabStorage(memoryStorage());
    setExperimentText(JSON.stringify({ ...SWEEP, solvers: [...SWEEP.solvers, { solver: 'whca', label: 'bad', params: { window: -3 } }] }));
    startSweep(workerPoolBackend(memorySpawner().spawn), 0);
    await until('finished');
    const records = sweepStore.get().records;
    expect(records).toHaveLength(27);
    const failed = records.filter((r) => r.status === 'error');
    expect(failed.map((r) => r.label)).toEqual(Array(9).fill('bad'));
    expect(failed[0].message).toMatch(/window/);
  });

  it('runs one shard; another machine\'s shard merged in completes the sweep', async () => {
    // Machine 2 runs shard 2/2 into its own storage.
    setLabStorage(memoryStorage());
    setExperimentText(JSON.stringify(SWEEP));
    setShard({ index: 2, count: 2 });
    startSweep(workerPoolBackend(memorySpawner().spawn), 0);
    await until('finished');
    const theirs = sweepStore.get().records;
    const planned = planRuns(parseExperiment(SWEEP));
    const idsOf = (records: readonly { id: number }[]) => records.map((r) => r.id).sort((a, b) => a - b);
    expect(idsOf(theirs)).toEqual(shardRuns(planned, { index: 2, count: 2 }).map((r) => r.id));
    // Machine 1 runs shard 1/2, then merges machine 2's records and a stranger's.
    const mine = memoryStorage();
    setLabStorage(mine);
    setExperimentText(JSON.stringify(SWEEP));
    setShard({ index: 1, count: 2 });
    startSweep(workerPoolBackend(memorySpawner().spawn), 0);
    await until('finished');
    expect(idsOf(sweepStore.get().records)).toEqual(shardRuns(planned, { index: 1, count: 2 }).map((r) => r.id));
    const stranger = { ...theirs[0], key: 'not-a-run-of-this-plan' };
    expect(mergeResults([...theirs, theirs[0], stranger])).toEqual({ added: theirs.length, replaced: 0, duplicates: 1, foreign: 1 });
    expect(new Set(sweepStore.get().records.map((r) => r.key)).size).toBe(18);
    // The merged records were stored, and nothing is left to run.
    setLabStorage(mine);
    setExperimentText(JSON.stringify(SWEEP));
    expect(sweepStore.get().records).toHaveLength(18);
    setShard(null);
    const spawner = memorySpawner();
    startSweep(workerPoolBackend(spawner.spawn), 0);
    expect(sweepStore.get().phase).toBe('finished');
    expect(spawner.workers).toHaveLength(0);
    expect(mergeResults(theirs)).toEqual({ added: 0, replaced: 0, duplicates: theirs.length, foreign: 0 });
  });

  it('a measured record merged in replaces an error record here, not the other way round, and a reload agrees', async () => {
    // Machine 2 measures every run.
    setShard(null);
    setLabStorage(memoryStorage());
    setExperimentText(JSON.stringify(SWEEP));
    startSweep(workerPoolBackend(memorySpawner().spawn), 0);
    await until('finished');
    const measured = sweepStore.get().records;
    expect(measured.filter((r) => r.status === 'error')).toEqual([]);
    // Here every run crashed.
    const mine = memoryStorage();
    setLabStorage(mine);
    setExperimentText(JSON.stringify(SWEEP));
    startSweep(CRASHING, 0);
    await until('finished');
    const crashed = sweepStore.get().records;
    expect(crashed.filter((r) => r.status === 'error')).toHaveLength(18);
    const charts = new IncrementalAggregate();
    charts.rows(crashed);
    const fixed = measured.slice(0, 6);
    expect(mergeResults(fixed)).toEqual({ added: 0, replaced: 6, duplicates: 0, foreign: 0 });
    const records = sweepStore.get().records;
    expect(records).toHaveLength(18);
    expect(records.filter((r) => r.status !== 'error')).toEqual(fixed);
    // The charts, which take appended records only, see the replacement.
    expect(charts.rows(records)).toEqual(aggregate(records));
    // An error record merged in does not replace a measurement here.
    const failedThere = crashed.slice(0, 6);
    expect(failedThere.map((r) => r.key)).toEqual(fixed.map((r) => r.key));
    expect(mergeResults(failedThere)).toEqual({ added: 0, replaced: 0, duplicates: 6, foreign: 0 });
    expect(sweepStore.get().records).toBe(records);
    // The replacements were stored: a reopened window has the same records in the same order.
    setLabStorage(mine);
    setExperimentText(JSON.stringify(SWEEP));
    expect(sweepStore.get().records).toEqual(records);
  });
});
