// Main's lab IPC with Electron stubbed: sweeps reach solver "utility processes" (in-memory
// protocol servers behind a fake UtilityProcess, through main/solverHost.ts), the experiment file
// is saved atomically and remembered apart from the scenario's, and a closed window stops its sweeps.
import { EventEmitter } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { planRuns } from '../../core/experiments/runPlan.ts';
import { parseExperiment } from '../../core/experiments/schema.ts';
import { IPC, MAX_TEXT_FILE_BYTES, type LabSweepEnd, type LabSweepUpdate, type SaveOutcome } from '../../core/platform/desktopApi.ts';
import { createPortPair } from '../../core/protocol/memoryPort.ts';
import { serveSolvers } from '../../core/protocol/server.ts';
import { bridgeSweep } from '../fixtures/bridgeSweep.ts';

const electron = vi.hoisted(() => ({
  handlers: new Map<string, (...args: unknown[]) => unknown>(),
  forks: 0,
  kills: 0,
  saveDialogs: [] as string[],
  /** Every dialog's options, in order, and whether it was the window's sheet. */
  dialogs: [] as { kind: 'open' | 'save'; inWindow: boolean; options: unknown }[],
  /** The path the save dialog picks; empty: cancelled. */
  savePath: '',
  /** The file the open dialog picks, or undefined: cancelled. */
  openPath: undefined as string | undefined,
}));

vi.mock('electron', () => {
  /** A UtilityProcess stand-in whose "process" is serveSolvers over an in-memory port pair. */
  const fork = () => {
    electron.forks++;
    const [parent, child] = createPortPair();
    serveSolvers(child);
    const emitter = new EventEmitter();
    parent.onMessage((message) => emitter.emit('message', message));
    return Object.assign(emitter, {
      postMessage: (message: unknown) => parent.postMessage(message),
      kill: () => {
        electron.kills++;
        parent.close();
        setTimeout(() => emitter.emit('exit', 0), 0);
        return true;
      },
    });
  };
  const register = (channel: string, handler: (...args: unknown[]) => unknown) => electron.handlers.set(channel, handler);
  return {
    ipcMain: { handle: register, on: register },
    webContents: { fromId: () => undefined },
    utilityProcess: { fork },
    // Window 20 has a BrowserWindow; the others are windowless senders.
    BrowserWindow: { fromWebContents: (contents: { id: number }) => (contents.id === 20 ? { id: 'window-20' } : null) },
    dialog: {
      showSaveDialog: async (...args: unknown[]) => {
        const options = args[args.length - 1] as { defaultPath: string };
        electron.saveDialogs.push(options.defaultPath);
        electron.dialogs.push({ kind: 'save', inWindow: args.length === 2, options });
        return electron.savePath ? { canceled: false, filePath: electron.savePath } : { canceled: true, filePath: '' };
      },
      showOpenDialog: async (...args: unknown[]) => {
        electron.dialogs.push({ kind: 'open', inWindow: args.length === 2, options: args[args.length - 1] });
        return electron.openPath ? { canceled: false, filePaths: [electron.openPath] } : { canceled: true, filePaths: [] };
      },
      showMessageBox: async () => ({ response: 0 }),
    },
    app: { addRecentDocument: () => {}, getPath: () => tmpdir() },
  };
});

const { registerLabIpc } = await import('../../main/ipc/labIpc.ts');
const { sessionFor } = await import('../../main/documentSessions.ts');

function window(id: number) {
  const sent: LabSweepUpdate[] = [];
  let destroyed: (() => void) | undefined;
  return {
    sent,
    destroy: () => destroyed?.(),
    event: { senderFrame: { url: 'app://mapf-lab/index.html', parent: null }, sender: { id, isDestroyed: () => false, send: (_channel: string, _ticket: string, update: LabSweepUpdate) => sent.push(update), once: (_e: string, fn: () => void) => (destroyed = fn) } },
  };
}

const call = <T>(channel: string, ...args: unknown[]) => electron.handlers.get(channel)!(...args) as Promise<T>;

const RUNS = planRuns(parseExperiment(bridgeSweep('ipc', { agents: [1, 2], solvers: [{ solver: 'lra', label: 'LRA*' }], repeats: 10 })));

beforeAll(() => {
  registerLabIpc();
});

describe('main: lab IPC', () => {
  it('runs a sweep on N solver utility processes and sends its records to the window', async () => {
    const w = window(11);
    const forks = electron.forks;
    const kills = electron.kills;
    const end = await call<LabSweepEnd>(IPC.labStart, w.event, 'lab-ipc', { runs: RUNS, workers: 2 });
    const keys = [...w.sent.flatMap((u) => u.records), ...end.records].map((r) => r.key);
    expect(keys.sort()).toEqual(RUNS.map((r) => r.key).sort());
    expect(end.progress.failed).toBe(0);
    expect(electron.forks - forks).toBe(2);
    // The sweep's processes end with it.
    expect(electron.kills - kills).toBe(2);
  });

  it('refuses a malformed sweep before a process starts', async () => {
    const forks = electron.forks;
    const end = await call<LabSweepEnd>(IPC.labStart, window(12).event, 'lab-bad', { runs: [{ id: -1 }], workers: 2 });
    expect(end.error).toMatch(/invalid lab sweep: runs\.0/);
    expect(electron.forks).toBe(forks);
  });

  it('stops a window\'s sweep when the window goes away', async () => {
    const w = window(13);
    const ending = call<LabSweepEnd>(IPC.labStart, w.event, 'lab-close', { runs: [...RUNS, ...RUNS.map((r) => ({ ...r, id: r.id + 100, key: `${r.key}-again` }))], workers: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    w.destroy();
    expect((await ending).cancelled).toBe(true);
  });

  it('saves the experiment atomically and remembers it apart from the scenario; Save writes there again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapf-lab-ipc-'));
    electron.savePath = join(dir, 'sweep.json');
    const w = window(14);
    const first = await call<SaveOutcome>(IPC.labSaveExperiment, w.event, 'sweep.json', '{"a":1}', {});
    expect(first).toEqual({ saved: true, name: 'sweep.json' });
    expect(readFileSync(electron.savePath, 'utf8')).toBe('{"a":1}');
    const session = sessionFor(14);
    expect(session.experimentPath).toBe(electron.savePath);
    // The scenario's Save and its map-beside lookups are untouched.
    expect(session.scenarioPath).toBeNull();
    expect(session.files.size).toBe(0);
    const dialogs = electron.saveDialogs.length;
    await call<SaveOutcome>(IPC.labSaveExperiment, w.event, 'other.json', '{"a":2}', { reuseCurrentFile: true });
    expect(electron.saveDialogs.length).toBe(dialogs);
    expect(readFileSync(electron.savePath, 'utf8')).toBe('{"a":2}');
    expect((await call<SaveOutcome>(IPC.labSaveExperiment, w.event, '../x.json', '{}', {})).error).toMatch(/not a path/);

    // The files the experiment names are read relative to it.
    writeFileSync(join(dir, 'tiny.map'), 'type octile\nheight 1\nwidth 2\nmap\n..\n');
    await expect(call(IPC.labReadExperimentFile, w.event, 'tiny.map')).resolves.toEqual({ name: 'tiny.map', text: 'type octile\nheight 1\nwidth 2\nmap\n..\n' });
    await expect(call(IPC.labReadExperimentFile, w.event, 'sweep.json')).rejects.toThrow(/only \.map and \.scen/);
    await expect(call(IPC.labReadExperimentFile, window(15).event, 'tiny.map')).rejects.toThrow(/open or save the experiment as a file first/);

    // Opening a file that is not an experiment fails before main remembers it, so the next Save
    // still goes to the experiment and never over, say, a scenario.
    electron.openPath = join(dir, 'scenario.json');
    writeFileSync(electron.openPath, '{"format":"mapf-lab/scenario"}');
    await expect(call(IPC.labOpenExperiment, w.event)).rejects.toThrow(/scenario\.json is not an experiment file/);
    expect(session.experimentPath).toBe(electron.savePath);
    await call<SaveOutcome>(IPC.labSaveExperiment, w.event, 'sweep.json', '{"a":3}', { reuseCurrentFile: true });
    expect(readFileSync(electron.openPath, 'utf8')).toBe('{"format":"mapf-lab/scenario"}');
    electron.openPath = join(dir, 'sweep.json');
    await expect(call(IPC.labOpenExperiment, w.event)).rejects.toThrow(/not an experiment file/); // {"a":3} has no format either
    electron.openPath = undefined;
  });

  it('shows the open dialog for experiments (and All files), in the window when there is one; cancelled, nothing changes', async () => {
    electron.dialogs.length = 0;
    electron.openPath = undefined;
    const session = sessionFor(20);
    session.experimentPath = '/somewhere/kept.json';
    await expect(call(IPC.labOpenExperiment, window(20).event)).resolves.toBeNull();
    await expect(call(IPC.labOpenExperiment, window(21).event)).resolves.toBeNull();
    const filters = [{ name: 'Experiment', extensions: ['json'] }, { name: 'All files', extensions: ['*'] }];
    expect(electron.dialogs).toEqual([
      { kind: 'open', inWindow: true, options: { properties: ['openFile'], filters } },
      { kind: 'open', inWindow: false, options: { properties: ['openFile'], filters } },
    ]);
    expect(session.experimentPath).toBe('/somewhere/kept.json');

    // An experiment opens and becomes the window's experiment file.
    const dir = mkdtempSync(join(tmpdir(), 'mapf-lab-ipc-open-'));
    electron.openPath = join(dir, 'sweep.json');
    writeFileSync(electron.openPath, '{"format":"mapf-lab/experiment","version":1}');
    await expect(call(IPC.labOpenExperiment, window(20).event)).resolves.toEqual({ name: 'sweep.json', text: '{"format":"mapf-lab/experiment","version":1}' });
    expect(session.experimentPath).toBe(electron.openPath);
    expect(session.files.size).toBe(0);
    electron.openPath = undefined;
  });

  it('saves through a dialog offering experiments only; cancelled or failed, the experiment file stays as it was', async () => {
    electron.dialogs.length = 0;
    const session = sessionFor(22);
    // Save (reuseCurrentFile) without an experiment file yet asks where.
    electron.savePath = '';
    await expect(call<SaveOutcome>(IPC.labSaveExperiment, window(22).event, 'sweep.json', '{}', { reuseCurrentFile: true })).resolves.toEqual({ saved: false });
    expect(electron.dialogs).toEqual([{ kind: 'save', inWindow: false, options: { defaultPath: 'sweep.json', filters: [{ name: 'Experiment', extensions: ['json'] }] } }]);
    expect(session.experimentPath).toBeNull();

    const dir = mkdtempSync(join(tmpdir(), 'mapf-lab-ipc-fail-'));
    electron.savePath = join(dir, 'taken.json');
    mkdirSync(electron.savePath);
    const failed = await call<SaveOutcome>(IPC.labSaveExperiment, window(22).event, 'taken.json', '{}', {});
    expect(failed.saved).toBe(false);
    expect(failed.error).toMatch(/^could not save taken\.json: /);
    expect(session.experimentPath).toBeNull();
    expect((await call<SaveOutcome>(IPC.labSaveExperiment, window(22).event, 'a.json', 7, {})).error).toMatch(/must be text/);
  });

  it('reads only what the experiment names, no larger than the app opens, and never says where it is', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapf-lab-ipc-read-'));
    mkdirSync(join(dir, 'exp'));
    mkdirSync(join(dir, 'maps'));
    sessionFor(23).experimentPath = join(dir, 'exp/sweep.json');
    writeFileSync(join(dir, 'maps/huge.map'), '');
    truncateSync(join(dir, 'maps/huge.map'), MAX_TEXT_FILE_BYTES + 1);
    await expect(call(IPC.labReadExperimentFile, window(23).event, '../maps/huge.map')).rejects.toThrow(`../maps/huge.map is ${MAX_TEXT_FILE_BYTES + 1} bytes, more than the ${MAX_TEXT_FILE_BYTES} this app opens`);
    const missing = call(IPC.labReadExperimentFile, window(23).event, '../maps/gone.map');
    await expect(missing).rejects.toThrow('../maps/gone.map: no such file beside the experiment');
    await expect(missing).rejects.not.toThrow(dir);
    await expect(call(IPC.labReadExperimentFile, window(23).event, 42)).rejects.toThrow('a map or scenario path must be a non-empty relative path');
  });
});
