import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveBeside, resolveMapBeside } from '../../main/ipc/fileArgs.ts';
import { RecentFiles, MAX_RECENT_FILES } from '../../main/recentFiles.ts';
import { rememberFile, sessionFor, forgetSession, windowTitle } from '../../main/documentSessions.ts';

describe("a scenario's map file beside it", () => {
  it('resolves relative .map paths against the scenario folder', () => {
    const checked = resolveMapBeside('/work/levels/bridge.json', '../maps/bridge.map');
    expect(checked).toEqual({ ok: true, value: '/work/maps/bridge.map' });
  });
  // The exact messages: the scenario's map path is checked with the experiment's files' check (resolveBeside), in its own words.
  it.each([
    [null, 'a.map', 'open or save the scenario as a file first: its map is found beside it'],
    ['/w/s.json', '/etc/passwd', "the map path '/etc/passwd' must be relative to the scenario file"],
    ['/w/s.json', 'C:secret.map', "the map path 'C:secret.map' must be relative to the scenario file"],
    ['/w/s.json', '../.ssh/id_rsa', "'../.ssh/id_rsa' is not a .map file"],
    ['/w/s.json', 'a.scen', "'a.scen' is not a .map file"],
    ['/w/s.json', '', 'the map path must be a non-empty relative path'],
    ['/w/s.json', 42, 'the map path must be a non-empty relative path'],
    ['/w/s.json', 'a\0.map', 'the map path must be a non-empty relative path'],
    ['/w/s.json', `${'a'.repeat(1021)}.map`, 'the map path must be a non-empty relative path'],
  ])('refuses %s + %s', (scenario, relative, message) => {
    expect(resolveMapBeside(scenario as string | null, relative)).toEqual({ ok: false, message });
  });

  it('checks the name, that it is relative, its extension, then that the document has a path', () => {
    const words = { invalid: 'invalid', absolute: (n: string) => `absolute ${n}`, extension: (n: string) => `extension ${n}`, unsaved: (n: string) => `unsaved ${n}` };
    const check = (path: string | null, name: unknown) => resolveBeside(path, name, ['.map', '.scen'], words);
    expect(check(null, '')).toEqual({ ok: false, message: 'invalid' });
    expect(check(null, '/x.txt')).toEqual({ ok: false, message: 'absolute /x.txt' });
    expect(check(null, 'x.txt')).toEqual({ ok: false, message: 'extension x.txt' });
    expect(check(null, 'x.scen')).toEqual({ ok: false, message: 'unsaved x.scen' });
    expect(check('/d/e.json', 'x.SCEN')).toEqual({ ok: true, value: '/d/x.SCEN' });
  });

  it('takes .MAP in any case, and a path up to 1024 characters', () => {
    expect(resolveMapBeside('/w/s.json', 'Bridge.MAP')).toEqual({ ok: true, value: '/w/Bridge.MAP' });
    expect(resolveMapBeside('/w/s.json', `${'a'.repeat(1020)}.map`)).toEqual({ ok: true, value: `/w/${'a'.repeat(1020)}.map` });
  });
});

describe('recent files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mapf-lab-recent-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the newest first, without duplicates, at most ten, across restarts', async () => {
    const recent = new RecentFiles(dir);
    for (let i = 0; i < 12; i++) await recent.add(`/f/${i}.json`);
    await recent.add('/f/5.json');
    expect(recent.list()[0]).toBe('/f/5.json');
    expect(recent.list()).toHaveLength(MAX_RECENT_FILES);
    expect(new Set(recent.list()).size).toBe(MAX_RECENT_FILES);
    expect(new RecentFiles(dir).list()).toEqual(recent.list());
    await recent.remove('/f/5.json');
    expect(new RecentFiles(dir).list()).not.toContain('/f/5.json');
  });

  it('starts empty from a corrupt list instead of failing', () => {
    writeFileSync(join(dir, 'recent-files.json'), '{not json');
    expect(new RecentFiles(dir).list()).toEqual([]);
    writeFileSync(join(dir, 'recent-files.json'), JSON.stringify(['/a.json', 7, null]));
    expect(new RecentFiles(dir).list()).toEqual(['/a.json']);
    expect(readFileSync(join(dir, 'recent-files.json'), 'utf8')).toContain('/a.json');
  });
});

describe('document sessions', () => {
  it('remember the current file per extension and the scenario for map lookups', () => {
    const session = sessionFor(991);
    rememberFile(session, '/w/a.map');
    expect(session.scenarioPath).toBeNull();
    rememberFile(session, '/w/level.JSON');
    expect(session.files.get('.json')).toBe('/w/level.JSON');
    expect(session.scenarioPath).toBe('/w/level.JSON');
    forgetSession(991);
    expect(sessionFor(991).files.size).toBe(0);
    forgetSession(991);
  });
  it('mark unsaved changes in the window title', () => {
    expect(windowTitle({ name: 'bridge.json', dirty: true })).toBe('• bridge.json — MAPF Lab');
    expect(windowTitle({ name: 'bridge.json', dirty: false })).toBe('bridge.json — MAPF Lab');
  });
});
