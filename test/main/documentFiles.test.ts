import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveMapBeside } from '../../main/ipc/fileArgs.ts';
import { RecentFiles, MAX_RECENT_FILES } from '../../main/recentFiles.ts';
import { rememberFile, sessionFor, forgetSession, windowTitle } from '../../main/documentSessions.ts';

describe("a scenario's map file beside it", () => {
  it('resolves relative .map paths against the scenario folder', () => {
    const checked = resolveMapBeside('/work/levels/bridge.json', '../maps/bridge.map');
    expect(checked).toEqual({ ok: true, value: '/work/maps/bridge.map' });
  });
  it.each([
    [null, 'a.map', /open or save the scenario as a file first/],
    ['/w/s.json', '/etc/passwd', /must be relative/],
    ['/w/s.json', 'C:secret.map', /must be relative/],
    ['/w/s.json', '../.ssh/id_rsa', /not a \.map file/],
    ['/w/s.json', '', /non-empty relative path/],
    ['/w/s.json', 42, /non-empty relative path/],
  ])('refuses %s + %s', (scenario, relative, reason) => {
    const checked = resolveMapBeside(scenario as string | null, relative);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toMatch(reason);
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
