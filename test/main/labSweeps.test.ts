// Main's lab pool over in-memory solver processes (the same protocol server a utility process
// runs): records batched to the window, malformed requests refused before anything starts,
// Moving AI files read once by main and sent to each process once, cancel by the window and by
// closing it.
import { describe, expect, it } from 'vitest';
import { planRuns } from '../../core/experiments/runPlan.ts';
import { parseExperiment } from '../../core/experiments/schema.ts';
import { memorySpawner } from '../../core/protocol/memoryPort.ts';
import type { LabSweepUpdate } from '../../core/platform/desktopApi.ts';
import { LabSweeps } from '../../main/labSweeps.ts';
import { resolveExperimentFile } from '../../main/ipc/labArgs.ts';
import { bridgeSweep } from '../fixtures/bridgeSweep.ts';

const SWEEP = bridgeSweep('main-sweep');

const MAP = ['type octile', 'height 3', 'width 4', 'map', '....', '.@@.', '....', ''].join('\n');
const SCEN = ['version 1', '0\ttiny.map\t4\t3\t0\t0\t3\t2\t5', '0\ttiny.map\t4\t3\t3\t0\t0\t2\t5', ''].join('\n');

function runsOf(experiment: object) {
  return planRuns(parseExperiment(experiment));
}

function collector() {
  const updates: LabSweepUpdate[] = [];
  return { updates, send: (_ticket: string, update: LabSweepUpdate) => void updates.push(structuredClone(update)) };
}

/** A sweep on a Moving AI map by path, so that it waits for main to read the files. */
const TINY = { ...SWEEP, maps: [{ kind: 'movingai', map: 'tiny.map', scen: ['tiny.scen'] }], agents: [1, 2], placement: 'scenario' };

/** main's readFiles over a reader of one name (its rejection becomes that name's Error). */
function eachName(read: (owner: number, name: string) => Promise<string>) {
  return async (owner: number, names: readonly string[]): Promise<Map<string, string | Error>> =>
    new Map(await Promise.all(names.map(async (name): Promise<[string, string | Error]> => [name, await read(owner, name).catch((error: Error) => error)])));
}

/** A file reader that answers only once opened: the sweep's pool has not started before. */
function fileGate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    open,
    readFile: async (_owner: number, name: string) => {
      await opened;
      return name.endsWith('.map') ? MAP : SCEN;
    },
  };
}

/** A sweep of TINY started on `workers` processes while its Moving AI files are still being read (gate.open() lets them arrive). */
function gatedSweep(workers: number) {
  const gate = fileGate();
  const spawner = memorySpawner();
  const sweeps = new LabSweeps({ spawn: spawner.spawn, readFiles: eachName(gate.readFile), flushMs: 0 });
  const runs = runsOf(TINY);
  const { updates, send } = collector();
  const ending = sweeps.start(1, 'lab-1', { runs, workers }, send);
  return { gate, spawner, sweeps, runs, updates, ending };
}

const noFiles = async (_owner: number, name: string): Promise<string> => {
  throw new Error(`${name}: no files in this test`);
};

describe('main: the lab pool of solver processes', () => {
  it('runs every run on N processes and sends the records in batches, each once', async () => {
    const spawner = memorySpawner();
    const sweeps = new LabSweeps({ spawn: spawner.spawn, readFiles: eachName(noFiles), flushMs: 5 });
    const runs = runsOf(SWEEP);
    const { updates, send } = collector();
    const end = await sweeps.start(1, 'lab-1', { runs, workers: 2 }, send);
    expect(end.error).toBeUndefined();
    expect(end.cancelled).toBe(false);
    const keys = [...updates.flatMap((u) => u.records), ...end.records].map((r) => r.key);
    expect(keys.sort()).toEqual(runs.map((r) => r.key).sort());
    expect(new Set(keys).size).toBe(runs.length);
    expect(updates.length).toBeGreaterThan(0);
    // Batched: fewer messages than records.
    expect(updates.length).toBeLessThan(runs.length);
    expect(end.progress).toMatchObject({ done: runs.length, total: runs.length, failed: 0, state: 'finished' });
    expect(spawner.workers.length).toBe(2);
    expect(spawner.workers.every((w) => w.terminated)).toBe(true);
    expect(sweeps.running).toBe(0);
  });

  it.each([
    ['a run without a solver', (runs: object[]) => ({ runs: [{ ...runs[0], solver: undefined }], workers: 1 }), /runs\.0\.solver/],
    ['no workers', (runs: object[]) => ({ runs, workers: 0 }), /workers/],
    ['too many workers', (runs: object[]) => ({ runs, workers: 65 }), /workers/],
    ['no runs list', () => ({ workers: 2 }), /runs/],
  ])('refuses %s, saying which field, and starts nothing', async (_what, make, field) => {
    const spawner = memorySpawner();
    const sweeps = new LabSweeps({ spawn: spawner.spawn, readFiles: eachName(noFiles) });
    const end = await sweeps.start(1, 'lab-1', make(runsOf(SWEEP)), () => {});
    expect(end.error).toMatch(/invalid lab sweep/);
    expect(end.error).toMatch(field);
    expect(spawner.workers).toHaveLength(0);
  });

  it('refuses a bad ticket and a ticket already running', async () => {
    const sweeps = new LabSweeps({ spawn: memorySpawner().spawn, readFiles: eachName(noFiles) });
    expect((await sweeps.start(1, '../x', { runs: [], workers: 1 }, () => {})).error).toMatch(/invalid solve ticket/);
    const first = sweeps.start(1, 'lab-1', { runs: runsOf(SWEEP), workers: 1 }, () => {});
    expect((await sweeps.start(1, 'lab-1', { runs: [], workers: 1 }, () => {})).error).toMatch(/already running/);
    // The same ticket from another window is another sweep.
    expect((await sweeps.start(2, 'lab-1', { runs: [], workers: 1 }, () => {})).error).toBeUndefined();
    await first;
  });

  it('reads each Moving AI file once for the window that asked; an unreadable one fails its runs, not the sweep', async () => {
    const reads: string[] = [];
    const readFile = async (owner: number, name: string) => {
      reads.push(`${owner}:${name}`);
      if (name === 'tiny.map') return MAP;
      if (name === 'tiny.scen') return SCEN;
      throw new Error(`${name}: no such file beside the experiment`);
    };
    const experiment = {
      ...SWEEP,
      maps: [{ kind: 'movingai', map: 'tiny.map', scen: ['tiny.scen'] }, { kind: 'movingai', map: 'gone.map', scen: ['tiny.scen'] }],
      agents: [1, 2],
      placement: 'scenario',
    };
    const runs = runsOf(experiment);
    // The files each process was sent, request by request.
    const sent: string[][][] = [];
    const spawner = memorySpawner();
    const spawn = () => {
      const worker = spawner.spawn();
      const mine: string[][] = [];
      sent.push(mine);
      const postMessage = (m: unknown) => {
        const files = (m as { body?: { files?: object } }).body?.files;
        if (files) mine.push(Object.keys(files));
        worker.port.postMessage(m);
      };
      return { port: { postMessage, onMessage: worker.port.onMessage.bind(worker.port) }, terminate: worker.terminate, onExit: worker.onExit };
    };
    const sweeps = new LabSweeps({ spawn, readFiles: eachName(readFile), flushMs: 5 });
    const { updates, send } = collector();
    const end = await sweeps.start(7, 'lab-files', { runs, workers: 2 }, send);
    // Each process got the texts with its first run and none after (the pool's sendFilesOnce).
    expect(sent.length).toBeGreaterThan(0);
    for (const requests of sent) expect(requests.map((names) => names.sort())).toEqual([['tiny.map', 'tiny.scen'], ...requests.slice(1).map(() => [])]);
    const records = [...updates.flatMap((u) => u.records), ...end.records];
    expect(records).toHaveLength(runs.length);
    expect(reads.sort()).toEqual(['7:gone.map', '7:tiny.map', '7:tiny.scen']);
    const failed = records.filter((r) => r.status === 'error');
    expect(failed.length).toBe(runs.length / 2);
    expect(failed.every((r) => r.message.includes('gone.map: no such file beside the experiment'))).toBe(true);
    expect(records.filter((r) => r.status === 'solved').length).toBe(runs.length / 2);
  });

  it('pauses, resumes and cancels on the window\'s word; a cancelled sweep keeps what it sent', async () => {
    const spawner = memorySpawner();
    const sweeps = new LabSweeps({ spawn: spawner.spawn, readFiles: eachName(noFiles), flushMs: 0 });
    const runs = runsOf({ ...SWEEP, repeats: 20 });
    const { updates, send } = collector();
    const ending = sweeps.start(1, 'lab-1', { runs, workers: 2 }, send);
    await new Promise((resolve) => setTimeout(resolve, 30));
    sweeps.control(1, 'lab-1', 'pause');
    await expect.poll(() => updates.at(-1)?.progress.state).toBe('paused');
    sweeps.control(1, 'lab-1', 'resume');
    await expect.poll(() => updates.at(-1)?.progress.state).toBe('running');
    sweeps.control(1, 'lab-1', 'explode'); // ignored
    sweeps.control(2, 'lab-1', 'cancel'); // another window's ticket: ignored
    sweeps.control(1, 'lab-1', 'cancel');
    const end = await ending;
    expect(end.cancelled).toBe(true);
    const recorded = updates.flatMap((u) => u.records).length + end.records.length;
    expect(recorded).toBeLessThan(runs.length);
    expect(spawner.workers.every((w) => w.terminated)).toBe(true);
  });

  it('keeps a pause sent while its files are read, and starts paused: nothing runs until resume', async () => {
    const { gate, sweeps, runs, updates, ending } = gatedSweep(2);
    sweeps.control(1, 'lab-1', 'pause');
    gate.open();
    await expect.poll(() => updates.at(-1)?.progress.state).toBe('paused');
    // Give a pause that had been dropped time to show: runs would be dispatched and recorded.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(updates.every((u) => u.progress.state === 'paused' && u.progress.done === 0 && u.progress.running === 0)).toBe(true);
    expect(updates.flatMap((u) => u.records)).toEqual([]);
    sweeps.control(1, 'lab-1', 'resume');
    const end = await ending;
    expect(end.cancelled).toBe(false);
    expect([...updates.flatMap((u) => u.records), ...end.records]).toHaveLength(runs.length);
    expect(end.progress).toMatchObject({ done: runs.length, state: 'finished' });
  });

  it('forgets a pause resumed before the start', async () => {
    const { gate, sweeps, runs, updates, ending } = gatedSweep(1);
    sweeps.control(1, 'lab-1', 'pause');
    sweeps.control(1, 'lab-1', 'resume');
    gate.open();
    const end = await ending;
    expect(updates.some((u) => u.progress.state === 'paused')).toBe(false);
    expect(end.progress).toMatchObject({ done: runs.length, state: 'finished' });
  });

  it.each([
    ['cancelled by the window', (sweeps: LabSweeps) => sweeps.control(1, 'lab-1', 'cancel')],
    ['paused, then cancelled', (sweeps: LabSweeps) => (sweeps.control(1, 'lab-1', 'pause'), sweeps.control(1, 'lab-1', 'cancel'))],
    ['its window closed', (sweeps: LabSweeps) => sweeps.closeOwner(1)],
    ['main shutting down', (sweeps: LabSweeps) => sweeps.dispose()],
  ])('never starts a sweep %s while its files are read: cancelled, nothing done, no process', async (_what, stop) => {
    const { gate, spawner, sweeps, runs, updates, ending } = gatedSweep(2);
    stop(sweeps);
    gate.open();
    const end = await ending;
    expect(end).toEqual({ records: [], cancelled: true, progress: { done: 0, total: runs.length, failed: 0, running: 0, state: 'cancelled', elapsedMs: 0, etaMs: undefined } });
    expect(updates).toEqual([]);
    expect(spawner.workers).toHaveLength(0);
    expect(sweeps.running).toBe(0);
  });

  it('stops a window\'s sweeps when it closes, and only that window\'s', async () => {
    const sweeps = new LabSweeps({ spawn: memorySpawner().spawn, readFiles: eachName(noFiles) });
    const runs = runsOf({ ...SWEEP, repeats: 20 });
    const closing = sweeps.start(1, 'lab-a', { runs, workers: 1 }, () => {});
    const other = sweeps.start(2, 'lab-b', { runs: runs.slice(0, 4), workers: 1 }, () => {});
    sweeps.closeOwner(1);
    expect((await closing).cancelled).toBe(true);
    expect((await other).cancelled).toBe(false);
  });
});

describe('main: the files an experiment names', () => {
  it('resolves .map and .scen files against the experiment file', () => {
    expect(resolveExperimentFile('/data/exp/sweep.json', '../maps/a.map')).toEqual({ ok: true, value: '/data/maps/a.map' });
    expect(resolveExperimentFile('/data/exp/sweep.json', 'a.scen')).toEqual({ ok: true, value: '/data/exp/a.scen' });
  });

  it.each([
    [null, 'a.map', 'a.map: open or save the experiment as a file first; its maps are found relative to it'],
    ['/data/e.json', '/etc/passwd.map', '/etc/passwd.map: give the path relative to the experiment file'],
    ['/data/e.json', 'C:x.scen', 'C:x.scen: give the path relative to the experiment file'],
    ['/data/e.json', '../secrets.txt', '../secrets.txt: only .map and .scen files are read for an experiment'],
    ['/data/e.json', '', 'a map or scenario path must be a non-empty relative path'],
    ['/data/e.json', 42, 'a map or scenario path must be a non-empty relative path'],
    ['/data/e.json', 'a\0.map', 'a map or scenario path must be a non-empty relative path'],
  ])('refuses %s / %s', (experimentPath, name, message) => {
    expect(resolveExperimentFile(experimentPath, name)).toEqual({ ok: false, message });
  });
});
