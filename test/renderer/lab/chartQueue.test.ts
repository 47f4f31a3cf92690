// The live charts' queue: one step per task, a chart's draw in a task after its update, charts
// out of view wait, new data mid-round updates each chart once more, a failing chart does not
// stop the others.
import { describe, expect, it } from 'vitest';
import { ChartQueue, type QueuedChart, type Schedule } from '../../../renderer/src/lab/chartQueue.ts';

/** A scheduler that runs nothing until told: each run() is one task. */
function fakeTasks() {
  const queued: { run: () => void; delay: number }[] = [];
  const schedule: Schedule = (run, delay) => void queued.push({ run, delay });
  return {
    schedule,
    queued,
    /** Runs the next task; returns what it did. */
    runTask(log: string[]): string[] {
      const task = queued.shift();
      if (!task) throw new Error('no task scheduled');
      const from = log.length;
      task.run();
      return log.slice(from);
    },
  };
}

function chart(name: string, log: string[], options: { visible?: () => boolean; fail?: boolean } = {}): QueuedChart {
  return {
    visible: options.visible ?? (() => true),
    update: () => {
      log.push(`${name} update`);
      if (options.fail) throw new Error(`${name} broke`);
      return () => void log.push(`${name} draw`);
    },
  };
}

describe('ChartQueue', () => {
  it('runs one step per task, each chart drawn in the task after its update, with a gap before each', () => {
    const log: string[] = [];
    const tasks = fakeTasks();
    const queue = new ChartQueue(tasks.schedule, { gapMs: 8, intervalMs: 0 });
    queue.add(chart('a', log));
    queue.add(chart('b', log));
    const perTask: string[][] = [];
    while (tasks.queued.length > 0) {
      // Never more than one task waiting: steps cannot pile up into one task.
      expect(tasks.queued).toHaveLength(1);
      expect(tasks.queued[0].delay).toBe(8);
      perTask.push(tasks.runTask(log));
    }
    expect(perTask).toEqual([['a update'], ['a draw'], ['b update'], ['b draw']]);
    expect(queue.waiting).toBe(0);
  });

  it('updates every chart again after new data, a chart already waiting only once', () => {
    const log: string[] = [];
    const tasks = fakeTasks();
    const queue = new ChartQueue(tasks.schedule, { gapMs: 0, intervalMs: 0 });
    queue.add(chart('a', log));
    queue.add(chart('b', log));
    tasks.runTask(log); // a update
    queue.invalidate(); // new data while b still waits
    expect(tasks.queued).toHaveLength(1);
    while (tasks.queued.length > 0) tasks.runTask(log);
    expect(log).toEqual(['a update', 'a draw', 'b update', 'b draw', 'a update', 'a draw']);
  });

  it('leaves charts out of view waiting until they are seen', () => {
    const log: string[] = [];
    const tasks = fakeTasks();
    const queue = new ChartQueue(tasks.schedule, { gapMs: 0, intervalMs: 0 });
    let seen = false;
    queue.add(chart('hidden', log, { visible: () => seen }));
    queue.add(chart('shown', log));
    while (tasks.queued.length > 0) tasks.runTask(log);
    expect(log).toEqual(['shown update', 'shown draw']);
    expect(queue.waiting).toBe(1);
    queue.invalidate();
    while (tasks.queued.length > 0) tasks.runTask(log);
    expect(log.filter((l) => l.startsWith('hidden'))).toEqual([]);
    seen = true;
    queue.kick();
    while (tasks.queued.length > 0) tasks.runTask(log);
    expect(log.slice(-2)).toEqual(['hidden update', 'hidden draw']);
    expect(queue.waiting).toBe(0);
  });

  it('goes on with the other charts when one throws, and schedules nothing once all are done', () => {
    const log: string[] = [];
    const tasks = fakeTasks();
    const queue = new ChartQueue(tasks.schedule, { gapMs: 0, intervalMs: 0 });
    queue.add(chart('bad', log, { fail: true }));
    queue.add(chart('good', log));
    expect(() => tasks.runTask(log)).toThrow('bad broke');
    while (tasks.queued.length > 0) tasks.runTask(log);
    expect(log).toEqual(['bad update', 'good update', 'good draw']);
    queue.kick();
    expect(tasks.queued).toHaveLength(0);
  });

  it('takes new data at most once per interval, then the latest at once', () => {
    const log: string[] = [];
    const tasks = fakeTasks();
    let now = 0;
    const queue = new ChartQueue(tasks.schedule, { gapMs: 0, intervalMs: 1000, now: () => now });
    queue.add(chart('a', log));
    while (tasks.queued.length > 0) tasks.runTask(log);
    queue.invalidate(); // the first data: at once
    expect(queue.waiting).toBe(1);
    while (tasks.queued.length > 0) tasks.runTask(log);
    now = 300;
    queue.invalidate();
    now = 600;
    queue.invalidate(); // both wait for the one update at 1000
    expect(queue.waiting).toBe(0);
    expect(tasks.queued.map((t) => t.delay)).toEqual([700]);
    now = 1000;
    tasks.runTask(log);
    expect(queue.waiting).toBe(1);
    while (tasks.queued.length > 0) tasks.runTask(log);
    expect(log).toEqual(['a update', 'a draw', 'a update', 'a draw', 'a update', 'a draw']);
    now = 2500;
    queue.invalidate(); // a quiet interval: at once again
    expect(queue.waiting).toBe(1);
  });

  it('takes new data at once when asked (no sweep running), whatever the interval', () => {
    const log: string[] = [];
    const tasks = fakeTasks();
    let now = 0;
    const queue = new ChartQueue(tasks.schedule, { gapMs: 0, intervalMs: 1000, now: () => now });
    queue.add(chart('a', log));
    queue.invalidate();
    while (tasks.queued.length > 0) tasks.runTask(log);
    now = 10;
    queue.invalidate(true);
    expect(queue.waiting).toBe(1);
  });

  it('forgets a removed chart', () => {
    const log: string[] = [];
    const tasks = fakeTasks();
    const queue = new ChartQueue(tasks.schedule, { gapMs: 0, intervalMs: 0 });
    const gone = chart('gone', log);
    queue.add(gone);
    queue.add(chart('kept', log));
    queue.remove(gone);
    while (tasks.queued.length > 0) tasks.runTask(log);
    expect(log).toEqual(['kept update', 'kept draw']);
  });
});
