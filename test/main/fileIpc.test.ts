// Main's file IPC with Electron stubbed: the open and save dialogs (the window's when the sender
// has one), atomic saves remembered per window and in the recent list, Save to the current file
// without a dialog, a scenario's map and its kept comparisons read beside it, and File > Open
// Recent.
import { mkdirSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC, MAX_TEXT_FILE_BYTES, type ComparisonsBeside, type OpenedTextFile, type SaveOutcome } from '../../core/platform/desktopApi.ts';
import { comparisonsFile, parseComparisonsFile, serializeComparisonsFile } from '../../core/replayFile/comparisonFile.ts';
import type { Comparison } from '../../core/replayFile/comparisonSchema.ts';
import { comparisonsPathBeside } from '../../main/comparisonsBeside.ts';
import { stopLevelWatches } from '../../main/levelWatch.ts';

interface DialogCall {
  kind: 'open' | 'save';
  /** Shown as the window's sheet (the sender had a window). */
  inWindow: boolean;
  options: { defaultPath?: string; filters?: unknown; properties?: unknown };
}

const electron = vi.hoisted(() => ({
  handlers: new Map<string, (...args: unknown[]) => unknown>(),
  dialogs: [] as DialogCall[],
  /** The path the next save dialog picks; undefined: cancelled. */
  savePath: undefined as string | undefined,
  /** The path the next open dialog picks; undefined: cancelled. */
  openPath: undefined as string | undefined,
  recentDocuments: [] as string[],
  messages: [] as string[],
}));

vi.mock('electron', () => {
  const dialogCall = (kind: 'open' | 'save', args: unknown[]) => {
    const inWindow = args.length === 2;
    electron.dialogs.push({ kind, inWindow, options: args[args.length - 1] as DialogCall['options'] });
  };
  return {
    ipcMain: { handle: (channel: string, handler: (...args: unknown[]) => unknown) => electron.handlers.set(channel, handler) },
    // Window 2 has a BrowserWindow; the others are windowless senders.
    BrowserWindow: { fromWebContents: (contents: { id: number }) => (contents.id === 2 ? { id: 'window-2' } : null) },
    dialog: {
      showOpenDialog: async (...args: unknown[]) => {
        dialogCall('open', args);
        return electron.openPath ? { canceled: false, filePaths: [electron.openPath] } : { canceled: true, filePaths: [] };
      },
      showSaveDialog: async (...args: unknown[]) => {
        dialogCall('save', args);
        return electron.savePath ? { canceled: false, filePath: electron.savePath } : { canceled: true, filePath: '' };
      },
      showMessageBox: async (...args: unknown[]) => {
        electron.messages.push((args[args.length - 1] as { message: string }).message);
        return { response: 0 };
      },
    },
    webContents: { fromId: () => undefined },
    app: { addRecentDocument: (path: string) => void electron.recentDocuments.push(path) },
  };
});

const { registerFileIpc, openPathInWindow } = await import('../../main/ipc/fileIpc.ts');
const { sessionFor } = await import('../../main/documentSessions.ts');
const { RecentFiles } = await import('../../main/recentFiles.ts');

const recent = new RecentFiles(mkdtempSync(join(tmpdir(), 'mapf-lab-recent-')));
let recentChanged = 0;

const MAP_FILTERS = [{ name: 'Moving AI map', extensions: ['map'] }];
const JSON_FILTERS = [{ name: 'Scenario', extensions: ['json'] }];

/** The app's own page: the only sender main answers (main/ipc/trustedIpc.ts). */
const APP_FRAME = { url: 'app://mapf-lab/index.html', parent: null };
const sender = (id: number, senderFrame: unknown = APP_FRAME) => ({ sender: { id }, senderFrame });
const call = <T>(channel: string, ...args: unknown[]) => electron.handlers.get(channel)!(...args) as Promise<T>;

function folder(): string {
  return mkdtempSync(join(tmpdir(), 'mapf-lab-file-ipc-'));
}

/** A file one byte over the limit, sparse: nothing is written to disk. */
function oversized(path: string): string {
  writeFileSync(path, '');
  truncateSync(path, MAX_TEXT_FILE_BYTES + 1);
  return path;
}

beforeAll(() => registerFileIpc(recent, () => void recentChanged++));

beforeEach(() => {
  electron.dialogs.length = 0;
  electron.savePath = undefined;
  electron.openPath = undefined;
});

describe('main: file open', () => {
  it('shows the open dialog with the renderer\'s filters and All files, in the window when there is one', async () => {
    await expect(call(IPC.fileOpen, sender(1), MAP_FILTERS)).resolves.toBeNull();
    await expect(call(IPC.fileOpen, sender(2), MAP_FILTERS)).resolves.toBeNull();
    expect(electron.dialogs).toEqual([
      { kind: 'open', inWindow: false, options: { properties: ['openFile'], filters: [...MAP_FILTERS, { name: 'All files', extensions: ['*'] }] } },
      { kind: 'open', inWindow: true, options: { properties: ['openFile'], filters: [...MAP_FILTERS, { name: 'All files', extensions: ['*'] }] } },
    ]);
  });

  it('reads the picked file, remembers it for the window and adds it to the recent files', async () => {
    const dir = folder();
    electron.openPath = join(dir, 'level.json');
    writeFileSync(electron.openPath, '{"format":"mapf-lab/scenario"}');
    const changed = recentChanged;
    await expect(call<OpenedTextFile>(IPC.fileOpen, sender(3), JSON_FILTERS)).resolves.toEqual({ name: 'level.json', text: '{"format":"mapf-lab/scenario"}' });
    expect(sessionFor(3).scenarioPath).toBe(electron.openPath);
    expect(recent.list()[0]).toBe(electron.openPath);
    expect(electron.recentDocuments.at(-1)).toBe(electron.openPath);
    expect(recentChanged).toBe(changed + 1);
  });

  it('refuses a file larger than the app opens, naming it, and remembers nothing', async () => {
    electron.openPath = oversized(join(folder(), 'huge.map'));
    await expect(call(IPC.fileOpen, sender(4), MAP_FILTERS)).rejects.toThrow(`huge.map is ${MAX_TEXT_FILE_BYTES + 1} bytes, more than the ${MAX_TEXT_FILE_BYTES} this app opens`);
    expect(sessionFor(4).files.size).toBe(0);
  });

  it('refuses odd filters before any dialog', async () => {
    await expect(call(IPC.fileOpen, sender(1), [{ name: 'x', extensions: ['../map'] }])).rejects.toThrow(/invalid file filters/);
    expect(electron.dialogs).toEqual([]);
  });
});

describe('main: file save', () => {
  it('asks where with the suggested name and the renderer\'s filters, writes there, remembers it; Save writes there again', async () => {
    const dir = folder();
    electron.savePath = join(dir, 'den.map');
    const changed = recentChanged;
    await expect(call<SaveOutcome>(IPC.fileSave, sender(2), 'den.map', 'type octile\n', MAP_FILTERS, {})).resolves.toEqual({ saved: true, name: 'den.map' });
    expect(electron.dialogs).toEqual([{ kind: 'save', inWindow: true, options: { defaultPath: 'den.map', filters: MAP_FILTERS } }]);
    expect(readFileSync(electron.savePath, 'utf8')).toBe('type octile\n');
    expect(sessionFor(2).files.get('.map')).toBe(electron.savePath);
    expect(recent.list()[0]).toBe(electron.savePath);
    expect(electron.recentDocuments.at(-1)).toBe(electron.savePath);
    expect(recentChanged).toBe(changed + 1);

    // Save (reuseCurrentFile) goes to the window's file of that extension, whatever the name.
    await expect(call<SaveOutcome>(IPC.fileSave, sender(2), 'other.map', 'type octile\nv2\n', MAP_FILTERS, { reuseCurrentFile: true })).resolves.toEqual({ saved: true, name: 'den.map' });
    expect(electron.dialogs).toHaveLength(1);
    expect(readFileSync(electron.savePath, 'utf8')).toBe('type octile\nv2\n');

    // No current file of that extension (or reuse not asked for): the dialog again.
    electron.savePath = join(dir, 'level.json');
    await call<SaveOutcome>(IPC.fileSave, sender(2), 'level.json', '{}', JSON_FILTERS, { reuseCurrentFile: true });
    await call<SaveOutcome>(IPC.fileSave, sender(2), 'den.map', 'x', MAP_FILTERS, { reuseCurrentFile: 'yes' });
    expect(electron.dialogs.map((d) => d.options.defaultPath)).toEqual(['den.map', 'level.json', 'den.map']);
  });

  it('writes nothing when the dialog is cancelled', async () => {
    await expect(call<SaveOutcome>(IPC.fileSave, sender(5), 'a.map', 'x', MAP_FILTERS, undefined)).resolves.toEqual({ saved: false });
    expect(electron.dialogs).toHaveLength(1);
    expect(sessionFor(5).files.size).toBe(0);
  });

  it('says why a write failed, and does not remember the path', async () => {
    const dir = folder();
    electron.savePath = join(dir, 'folder.map');
    mkdirSync(electron.savePath);
    const outcome = await call<SaveOutcome>(IPC.fileSave, sender(6), 'folder.map', 'x', MAP_FILTERS, {});
    expect(outcome.saved).toBe(false);
    expect(outcome.error).toMatch(/^could not save folder\.map: /);
    expect(sessionFor(6).files.size).toBe(0);
  });

  it('refuses a path for a name, non-text and odd filters before any dialog', async () => {
    expect((await call<SaveOutcome>(IPC.fileSave, sender(1), '../a.map', 'x', MAP_FILTERS, {})).error).toMatch(/invalid file name: .*not a path/);
    expect((await call<SaveOutcome>(IPC.fileSave, sender(1), 'a.map', 7, MAP_FILTERS, {})).error).toMatch(/must be text/);
    expect((await call<SaveOutcome>(IPC.fileSave, sender(1), 'a.map', 'x', 'map', {})).error).toMatch(/invalid file filters/);
    expect(electron.dialogs).toEqual([]);
  });
});

describe('main: binary save (a replay clip)', () => {
  const GIF_FILTERS = [{ name: 'GIF (animated image)', extensions: ['gif'] }];

  it('asks where, writes the bytes as they are, and remembers neither a document nor a recent file', async () => {
    const dir = folder();
    electron.savePath = join(dir, 'clip.gif');
    const bytes = Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x00, 0xff, 0x80, 0x0a, 0x0d]);
    const changed = recentChanged;
    await expect(call<SaveOutcome>(IPC.fileSaveBinary, sender(2), 'bridge-turns-0-40.gif', bytes, GIF_FILTERS)).resolves.toEqual({ saved: true, name: 'clip.gif' });
    expect(electron.dialogs).toEqual([{ kind: 'save', inWindow: true, options: { defaultPath: 'bridge-turns-0-40.gif', filters: GIF_FILTERS } }]);
    expect([...readFileSync(electron.savePath)]).toEqual([...bytes]);
    expect(recentChanged).toBe(changed);
    expect(sessionFor(2).files.get('.gif')).toBeUndefined();
  });

  it('saves nothing when the dialog is cancelled', async () => {
    await expect(call<SaveOutcome>(IPC.fileSaveBinary, sender(8), 'clip.webm', new Uint8Array(4), GIF_FILTERS)).resolves.toEqual({ saved: false });
  });

  it('refuses a path for a name, text for bytes and odd filters before any dialog', async () => {
    expect((await call<SaveOutcome>(IPC.fileSaveBinary, sender(1), '../clip.gif', new Uint8Array(1), GIF_FILTERS)).error).toMatch(/invalid file name: .*not a path/);
    expect((await call<SaveOutcome>(IPC.fileSaveBinary, sender(1), 'clip.gif', 'GIF89a', GIF_FILTERS)).error).toMatch(/must be bytes/);
    expect((await call<SaveOutcome>(IPC.fileSaveBinary, sender(1), 'clip.gif', new Uint8Array(1), 'gif')).error).toMatch(/invalid file filters/);
    expect(electron.dialogs).toEqual([]);
  });
});

describe('main: a scenario\'s map beside it', () => {
  it('reads the .map named relative to the window\'s scenario, or says why not', async () => {
    const dir = folder();
    mkdirSync(join(dir, 'maps'));
    writeFileSync(join(dir, 'maps/bridge.map'), 'type octile\n');
    sessionFor(7).scenarioPath = join(dir, 'level.json');
    await expect(call(IPC.fileReadBeside, sender(7), 'maps/bridge.map')).resolves.toEqual({ name: 'bridge.map', text: 'type octile\n' });
    await expect(call(IPC.fileReadBeside, sender(7), 'maps/notes.txt')).rejects.toThrow(/not a \.map file/);
    await expect(call(IPC.fileReadBeside, sender(7), 'maps/gone.map')).rejects.toThrow(/^maps\/gone\.map: no such file$/);
    await expect(call(IPC.fileReadBeside, sender(8), 'maps/bridge.map')).rejects.toThrow(/open or save the scenario as a file first/);
    oversized(join(dir, 'maps/huge.map'));
    await expect(call(IPC.fileReadBeside, sender(7), 'maps/huge.map')).rejects.toThrow(/^maps\/huge\.map is \d+ bytes/);
  });

  it('reads a LoRR problem\'s .agents and .tasks files beside it only when asked for a LoRR problem\'s files', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'r.agents'), '# robots\n1\n0\n');
    sessionFor(9).scenarioPath = join(dir, 'problem.json');
    await expect(call(IPC.fileReadBeside, sender(9), 'r.agents', 'lorr')).resolves.toEqual({ name: 'r.agents', text: '# robots\n1\n0\n' });
    await expect(call(IPC.fileReadBeside, sender(9), 'r.agents')).rejects.toThrow(/not a \.map file/);
    await expect(call(IPC.fileReadBeside, sender(9), 'notes.txt', 'lorr')).rejects.toThrow(/'notes\.txt' is not a \.map, \.agents or \.tasks file/);
  });

  it('reads a level\'s Tiled and LDtk files beside the scenario only when asked for a level\'s files', async () => {
    const dir = folder();
    mkdirSync(join(dir, 'tilesets'));
    writeFileSync(join(dir, 'bridge.tmx'), '<map/>');
    writeFileSync(join(dir, 'tilesets/stone.tsx'), '<tileset/>');
    sessionFor(10).scenarioPath = join(dir, 'bridge.json');
    await expect(call(IPC.fileReadBeside, sender(10), 'bridge.tmx', 'level')).resolves.toEqual({ name: 'bridge.tmx', text: '<map/>' });
    await expect(call(IPC.fileReadBeside, sender(10), 'tilesets/stone.tsx', 'level')).resolves.toEqual({ name: 'stone.tsx', text: '<tileset/>' });
    await expect(call(IPC.fileReadBeside, sender(10), 'bridge.tmx')).rejects.toThrow(/not a \.map file/);
    await expect(call(IPC.fileReadBeside, sender(10), 'notes.txt', 'level')).rejects.toThrow(/'notes\.txt' is not a Tiled map, tileset or template/);
    await expect(call(IPC.fileReadBeside, sender(11), 'bridge.tmx', 'level')).rejects.toThrow(/open or save the scenario as a file first: its level is found beside it/);
    // Reading it started a watch on its folder for the window (test/main/levelWatch.test.ts); the window is gone.
    stopLevelWatches(10);
  });

  it('asks the user, in main\'s dialog, before reading a map outside the scenario\'s folder', async () => {
    const dir = folder();
    mkdirSync(join(dir, 'levels'));
    mkdirSync(join(dir, 'maps'));
    writeFileSync(join(dir, 'maps/bridge.map'), 'type octile\n');
    sessionFor(12).scenarioPath = join(dir, 'levels/level.json');
    const asked = electron.messages.length;
    await expect(call(IPC.fileReadBeside, sender(12), '../maps/bridge.map')).resolves.toEqual({ name: 'bridge.map', text: 'type octile\n' });
    expect(electron.messages.slice(asked)).toEqual(['level.json names files outside its folder']);
    // Allowed for the window: not asked again.
    await call(IPC.fileReadBeside, sender(12), '../maps/bridge.map');
    expect(electron.messages.length).toBe(asked + 1);
  });
});

/** A kept comparison as the Compare panel's Save… writes it (two units, one solved run with its plan). */
function comparisonsText(scenario: string): string {
  const comparison: Comparison = {
    id: 'c1', name: 'Bridge, Monday', createdAt: '2026-11-27T01:00:00.000Z', scenarioHash: 'abc-1-2', costModel: 'rest', width: 7, regions: [],
    rows: [{
      solver: 'pibt', label: 'PIBT', settings: { solver: 'pibt', order: 'given', seed: 1, params: {} }, status: 'solved', agents: 2, arrived: 2,
      makespan: 2, sumOfCosts: 4, totalWait: 0, maxWait: 0, lowerBound: null, conflicts: 0, solveMs: 1, regions: [], stats: {}, paths: [[0, 1, 2], [6, 5, 4]],
    }],
  };
  return serializeComparisonsFile(comparisonsFile(scenario, [comparison]));
}

describe('main: the comparisons kept beside a scenario', () => {
  it('reads NAME.compare.json beside the scenario the window opened, checked by the format\'s schema', async () => {
    const dir = folder();
    electron.openPath = join(dir, 'bridge.json');
    writeFileSync(electron.openPath, '{"format":"mapf-lab/scenario"}');
    writeFileSync(join(dir, 'bridge.compare.json'), comparisonsText('Bridge'));
    await call(IPC.fileOpen, sender(21), JSON_FILTERS);
    const beside = await call<ComparisonsBeside>(IPC.fileReadComparisons, sender(21));
    expect(beside).not.toBeNull();
    if (beside === null || 'error' in beside) throw new Error(`expected comparisons, got ${JSON.stringify(beside)}`);
    expect(beside.name).toBe('bridge.compare.json');
    expect(beside.file).toEqual(parseComparisonsFile(comparisonsText('Bridge')));
    expect(beside.file.comparisons[0].rows[0].paths).toEqual([[0, 1, 2], [6, 5, 4]]);
  });

  it('has none for a scenario without the side file, a window with no scenario, or a map', async () => {
    const dir = folder();
    sessionFor(22).scenarioPath = join(dir, 'alone.json');
    await expect(call(IPC.fileReadComparisons, sender(22))).resolves.toBeNull();
    await expect(call(IPC.fileReadComparisons, sender(23))).resolves.toBeNull();
    expect(comparisonsPathBeside(join(dir, 'den.map'))).toBeNull();
    expect(comparisonsPathBeside(join(dir, 'Bridge.JSON'))).toBe(join(dir, 'Bridge.compare.json'));
    // A comparisons file opened as if a scenario has no side file of its own.
    expect(comparisonsPathBeside(join(dir, 'bridge.compare.json'))).toBeNull();
  });

  it('says what is wrong with a damaged side file, by file, line, column and field', async () => {
    const dir = folder();
    sessionFor(24).scenarioPath = join(dir, 'bridge.json');
    const text = comparisonsText('Bridge').replace('"costModel": "rest"', '"costModel": "fast"');
    writeFileSync(join(dir, 'bridge.compare.json'), text);
    const line = text.split('\n').findIndex((l) => l.includes('"fast"')) + 1;
    const beside = await call<ComparisonsBeside>(IPC.fileReadComparisons, sender(24));
    expect(beside).toMatchObject({ name: 'bridge.compare.json' });
    expect((beside as { error: string }).error).toMatch(new RegExp(`^bridge\\.compare\\.json:${line}:\\d+: comparisons\\[0\\]\\.costModel: `));
    writeFileSync(join(dir, 'bridge.compare.json'), '{"format": "mapf-lab/comparisons",');
    expect(await call(IPC.fileReadComparisons, sender(24))).toMatchObject({ error: expect.stringMatching(/^bridge\.compare\.json:1:\d+: not JSON/) });
    oversized(join(dir, 'bridge.compare.json'));
    expect(await call(IPC.fileReadComparisons, sender(24))).toEqual({ name: 'bridge.compare.json', error: `bridge.compare.json is ${MAX_TEXT_FILE_BYTES + 1} bytes, more than the ${MAX_TEXT_FILE_BYTES} this app opens` });
  });

  it('answers only the app page', async () => {
    await expect(call(IPC.fileReadComparisons, sender(21, { url: 'https://example.com/', parent: null }))).rejects.toThrow(`refused ${IPC.fileReadComparisons}`);
  });
});

describe('main: File > Open Recent', () => {
  it('sends the file to the window and remembers it; a file gone is dropped from the list and the window is told', async () => {
    const dir = folder();
    const path = join(dir, 'level.json');
    writeFileSync(path, '{}');
    const sent: unknown[][] = [];
    const contents = (id: number) => ({ id, send: (...args: unknown[]) => void sent.push(args) }) as unknown as Parameters<typeof openPathInWindow>[0];
    await openPathInWindow(contents(9), path, recent);
    expect(sent).toEqual([[IPC.fileOpened, { name: 'level.json', text: '{}' }]]);
    expect(sessionFor(9).scenarioPath).toBe(path);
    expect(recent.list()[0]).toBe(path);

    const gone = join(dir, 'gone.json');
    await recent.add(gone);
    await openPathInWindow(contents(2), gone, recent);
    expect(sent).toHaveLength(1);
    expect(recent.list()).not.toContain(gone);
    expect(electron.messages.at(-1)).toBe('Could not open gone.json: no such file');
  });
});

describe('main: who may ask', () => {
  it('answers no file request from a frame other than the app page\'s top frame, and opens no dialog', async () => {
    const dir = folder();
    const scenario = join(dir, 'scenario.json');
    writeFileSync(scenario, '{}');
    writeFileSync(join(dir, 'beside.map'), 'type octile\nheight 1\nwidth 1\nmap\n.\n');
    electron.openPath = scenario;
    await call(IPC.fileOpen, sender(7), JSON_FILTERS);
    const dialogs = electron.dialogs.length;
    const strangers: [string, unknown][] = [
      ['a page at https://example.com/', { url: 'https://example.com/', parent: null }],
      ['an embedded frame', { url: 'app://mapf-lab/index.html', parent: APP_FRAME }],
      ['a frame that is gone', null],
      ['a page at data:', { url: 'data:text/html,<p>x</p>', parent: null }],
    ];
    for (const [from, frame] of strangers) {
      await expect(call(IPC.fileReadBeside, sender(7, frame), 'beside.map')).rejects.toThrow(`refused ${IPC.fileReadBeside}: the message came from ${from}`);
      await expect(call(IPC.fileOpen, sender(7, frame), JSON_FILTERS)).rejects.toThrow('refused');
      await expect(call(IPC.fileSave, sender(7, frame), 'x.json', '{}', JSON_FILTERS, {})).rejects.toThrow('refused');
    }
    expect(electron.dialogs.length).toBe(dialogs);
    // The app's own page still gets its answer.
    await expect(call<OpenedTextFile>(IPC.fileReadBeside, sender(7), 'beside.map')).resolves.toMatchObject({ name: 'beside.map' });
  });
});
