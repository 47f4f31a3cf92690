import { describe, expect, it } from 'vitest';
import {
  PLAN_WINDOWS_VERSION,
  PlanWindowRecorder,
  checkPlanWindows,
  indexPlanWindows,
  reservedCellsAt,
  windowEnd,
  windowEntryAt,
} from '../../../core/contract/planWindows.ts';

const cells = (...values: number[]) => Int32Array.from(values);

describe('PlanWindowRecorder', () => {
  it('keeps each window with its agent and start turn, in flat arrays', () => {
    const recorder = new PlanWindowRecorder(2, 4);
    recorder.plan(0, 0, cells(1, 2, 3, 4, 5), 5);
    recorder.plan(1, 0, cells(9, 9, 99), 2); // only the first `length` cells count
    recorder.plan(0, 2, cells(3, 13), 2);
    const w = recorder.finish();
    checkPlanWindows(w, 100);
    expect(w.window).toBe(4);
    expect(Array.from(w.agent)).toEqual([0, 1, 0]);
    expect(Array.from(w.t0)).toEqual([0, 0, 2]);
    expect(Array.from(w.offsets)).toEqual([0, 5, 7, 9]);
    expect(Array.from(w.cells)).toEqual([1, 2, 3, 4, 5, 9, 9, 3, 13]);
  });

  it('grows past its first buffers without losing entries', () => {
    const recorder = new PlanWindowRecorder(3, 16);
    const path = new Int32Array(17).map((_, k) => k);
    for (let k = 0; k < 500; k++) recorder.plan(k % 3, k >> 1, path, 17);
    const w = recorder.finish();
    checkPlanWindows(w, 17);
    expect(w.agent.length).toBe(500);
    expect(w.cells.length).toBe(500 * 17);
    expect(w.t0[499]).toBe(249);
    expect(Array.from(w.cells.subarray(w.offsets[499], w.offsets[500]))).toEqual(Array.from(path));
  });
});

describe('reserved cells of an agent at a turn', () => {
  // Agent 0 plans cells 10..14 at t=0, replans at t=2 (twice: the last one wins), agent 1 at t=1.
  const recorder = new PlanWindowRecorder(3, 4);
  recorder.plan(0, 0, cells(10, 11, 12, 13, 14), 5);
  recorder.plan(1, 1, cells(50, 51, 52), 3);
  recorder.plan(0, 2, cells(12, 22, 32), 3);
  recorder.plan(0, 2, cells(12, 12, 22, 32, 42), 5);
  const windows = recorder.finish();
  const index = indexPlanWindows(windows);

  it('are the last window with t0 <= t, from time t on', () => {
    expect(windowEntryAt(windows, index, 0, 0)).toBe(0);
    expect(windowEntryAt(windows, index, 0, 1)).toBe(0);
    expect(windowEntryAt(windows, index, 0, 2)).toBe(3);
    expect(windowEntryAt(windows, index, 0, 9)).toBe(3);
    const at1 = reservedCellsAt(windows, index, 0, 1)!;
    expect(Array.from(at1.cells)).toEqual([11, 12, 13, 14]);
    expect([at1.firstTime, windowEnd(at1)]).toEqual([1, 4]);
    expect(at1.plannedAt).toBe(0);
    const at3 = reservedCellsAt(windows, index, 0, 3)!;
    expect(Array.from(at3.cells)).toEqual([12, 22, 32, 42]);
    expect([at3.firstTime, windowEnd(at3)]).toEqual([3, 6]);
    expect(at3.plannedAt).toBe(2);
  });

  it('are none before the first window, after the window ran out, or for an agent without windows', () => {
    expect(reservedCellsAt(windows, index, 1, 0)).toBeNull();
    expect(Array.from(reservedCellsAt(windows, index, 1, 3)!.cells)).toEqual([52]);
    expect(reservedCellsAt(windows, index, 1, 4)).toBeNull();
    expect(reservedCellsAt(windows, index, 2, 1)).toBeNull();
    expect(reservedCellsAt(windows, index, 7, 1)).toBeNull();
  });
});

describe('checkPlanWindows', () => {
  const good = () => {
    const recorder = new PlanWindowRecorder(2, 2);
    recorder.plan(0, 0, cells(1, 2), 2);
    recorder.plan(1, 1, cells(3), 1);
    return recorder.finish();
  };

  it('refuses another format or a newer version by name', () => {
    expect(() => checkPlanWindows({ ...good(), format: 'x' as never })).toThrow(/not plan windows: format is x/);
    expect(() => checkPlanWindows({ ...good(), version: (PLAN_WINDOWS_VERSION + 1) as never })).toThrow(/plan windows version 2 is not supported/);
  });

  it('says which entry is inconsistent', () => {
    expect(() => checkPlanWindows({ ...good(), agent: cells(0, 2) })).toThrow(/entry 1: agent 2 is not one of the 2 agents/);
    expect(() => checkPlanWindows({ ...good(), t0: cells(3, 1) })).toThrow(/entry 1: t0 1 is negative or earlier/);
    expect(() => checkPlanWindows({ ...good(), offsets: cells(0, 2) })).toThrow(/offsets has 2 entries, expected entries \+ 1 = 3/);
    expect(() => checkPlanWindows({ ...good(), offsets: cells(0, 2, 4) })).toThrow(/offsets must run from 0 to the 3 cells/);
    expect(() => checkPlanWindows(good(), 3)).toThrow(/cell 3 is outside the map/);
    expect(() => checkPlanWindows(good(), 4)).not.toThrow();
    expect(() => checkPlanWindows({ ...good(), extra: cells(-1) })).toThrow(/extra has 1 entries, expected one per cell \(3\)/);
    expect(() => checkPlanWindows({ ...good(), extra: cells(-1, 9, -1) }, 4)).toThrow(/extra cell 9 is outside the map/);
  });
});

describe('the second cell of a slow move (extra)', () => {
  it('is null until a plan has one, then -1 for every cell recorded without one, across growth', () => {
    const recorder = new PlanWindowRecorder(2, 4);
    recorder.plan(0, 0, cells(1, 2), 2, cells(-1, -1));
    expect(recorder.finish().extra).toBeNull();
    // A speed-2 move from 2 to 3: at turn 1 the unit holds 2 and already covers 3.
    recorder.plan(1, 1, cells(2, 2, 3), 3, cells(-1, 3, -1));
    recorder.plan(0, 2, cells(5, 6), 2);
    const w = recorder.finish();
    expect(Array.from(w.extra!)).toEqual([-1, -1, -1, 3, -1, -1, -1]);
    const path = new Int32Array(600).fill(7);
    recorder.plan(1, 3, path, 600);
    const grown = recorder.finish();
    expect(grown.extra!.length).toBe(grown.cells.length);
    expect(grown.extra![3]).toBe(3);
    expect(grown.extra!.subarray(7).every((c) => c === -1)).toBe(true);
    const reserved = reservedCellsAt(w, indexPlanWindows(w), 1, 2)!;
    expect(Array.from(reserved.cells)).toEqual([2, 3]);
    expect(Array.from(reserved.extra!)).toEqual([3, -1]);
  });
});
