import { describe, expect, it } from 'vitest';
import { CHUNK_LINES, ResultStore, chunkKey, clearStoredResults, memoryStorage, storedResults } from '../../../renderer/src/lab/resultStore.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import { NO_STREAM } from '../../../core/experiments/runRecord.ts';

function record(id: number, extra: Partial<RunRecord> = {}): RunRecord {
  return {
    id, key: `${id}:m#0/4:WHCA*`, map: 'm', instance: 0, agents: 4, solver: 'whca', label: 'WHCA*', seed: id, status: 'solved', message: '',
    successes: 4, arrived: 4, successRate: 1, meanPathLength: 5, meanLowerBound: 4, pathRatio: 1.25, cyclesPerAgent: 0, waitsPerAgent: 0, collisions: 0,
    replans: 0, initMs: 1, maxTurnMs: 0.5, meanTurnMs: 0.1, turns: 10, expanded: 100, reservationsMax: 10, costModel: 'rest', sumOfCosts: 20, makespan: 6, costLowerBound: NaN, costOverBound: NaN, pathStepsComputed: NaN, regionUnits: NaN, regionThroughput: NaN, regionMeanWait: NaN, regionCrossingRate: NaN, regionPeakCrossings: NaN, ...NO_STREAM, tasksFinished: NaN, tasksPerStep: NaN, elapsedMs: 2,
    ...extra,
  };
}

describe('ResultStore', () => {
  it('keeps records across instances (a reopened window) and appends after them', () => {
    const storage = memoryStorage();
    const first = new ResultStore(storage, 'abc');
    expect(first.load().records).toEqual([]);
    first.append([record(0), record(1)]);
    first.append([record(2)]);
    const again = new ResultStore(storage, 'abc');
    expect(again.load().records.map((r) => r.id)).toEqual([0, 1, 2]);
    again.append([record(3)]);
    expect(new ResultStore(storage, 'abc').load().records.map((r) => r.id)).toEqual([0, 1, 2, 3]);
  });

  it('keys by fingerprint: another definition sees none of them', () => {
    const storage = memoryStorage();
    new ResultStore(storage, 'abc').append([record(0)]);
    expect(new ResultStore(storage, 'def').load().records).toEqual([]);
  });

  it('writes in chunks, so an append rewrites only the last one', () => {
    const storage = memoryStorage();
    const store = new ResultStore(storage, 'h');
    store.load();
    const many = Array.from({ length: CHUNK_LINES * 2 + 5 }, (_, i) => record(i));
    store.append(many.slice(0, 10));
    store.append(many.slice(10));
    expect(storage.map.has(chunkKey('h', 2))).toBe(true);
    expect(storage.map.has(chunkKey('h', 3))).toBe(false);
    expect(storage.map.get(chunkKey('h', 0))!.split('\n').length - 1).toBe(CHUNK_LINES);
    const reloaded = new ResultStore(storage, 'h');
    expect(reloaded.load().records).toHaveLength(many.length);
    let writes = 0;
    const counting = { ...storage, setItem: (k: string, v: string) => { writes++; storage.setItem(k, v); } };
    const again = new ResultStore(counting, 'h');
    again.load();
    again.append([record(500)]);
    expect(writes).toBe(1);
  });

  it('keeps NaN figures and drops a line cut short by a failed write', () => {
    const storage = memoryStorage();
    const store = new ResultStore(storage, 'h');
    store.load();
    store.append([record(0, { status: 'error', message: 'crashed', meanPathLength: NaN, pathRatio: NaN })]);
    storage.setItem(chunkKey('h', 0), `${storage.getItem(chunkKey('h', 0))}{"id":1,"key":"1:`);
    const loaded = new ResultStore(storage, 'h').load();
    expect(loaded.records).toHaveLength(1);
    expect(loaded.records[0].meanPathLength).toBeNaN();
    expect(loaded.records[0].status).toBe('error');
  });

  it('clear forgets every chunk of its definition only', () => {
    const storage = memoryStorage();
    const store = new ResultStore(storage, 'h');
    store.append(Array.from({ length: CHUNK_LINES + 1 }, (_, i) => record(i)));
    new ResultStore(storage, 'other').append([record(0)]);
    store.clear();
    expect(new ResultStore(storage, 'h').load().records).toEqual([]);
    expect(new ResultStore(storage, 'other').load().records).toHaveLength(1);
  });

  it('a full quota throws to the caller and leaves what was stored', () => {
    const storage = memoryStorage();
    const store = new ResultStore(storage, 'h');
    store.append([record(0)]);
    const full = { ...storage, setItem: () => { throw new Error('QuotaExceededError'); } };
    const blocked = new ResultStore(full, 'h');
    blocked.load();
    expect(() => blocked.append([record(1)])).toThrow('QuotaExceededError');
    expect(new ResultStore(storage, 'h').load().records.map((r) => r.id)).toEqual([0]);
  });

  it('counts what the results of every experiment take and clears them all, leaving other keys alone', () => {
    const storage = memoryStorage();
    storage.setItem('mapf-lab/lab/experiment', '{}');
    expect(storedResults(storage)).toEqual({ bytes: 0, experiments: 0 });
    new ResultStore(storage, 'abc').append(Array.from({ length: CHUNK_LINES + 1 }, (_, i) => record(i)));
    new ResultStore(storage, 'def').append([record(0)]);
    let bytes = 0;
    for (const [key, value] of storage.map) if (key.startsWith('mapf-lab/lab/results/')) bytes += (key.length + value.length) * 2;
    expect(storedResults(storage)).toEqual({ bytes, experiments: 2 });
    clearStoredResults(storage);
    expect(storedResults(storage)).toEqual({ bytes: 0, experiments: 0 });
    expect(new ResultStore(storage, 'abc').load().records).toEqual([]);
    expect(storage.getItem('mapf-lab/lab/experiment')).toBe('{}');
  });
});
