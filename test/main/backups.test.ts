// Autosave's backups on the desktop (main/backups.ts): atomic files in the user's data folder,
// written in order per key, read back at start; only the known keys, text or null.
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_TEXT_FILE_BYTES } from '../../core/platform/desktopApi.ts';
import { BackupFolder, checkBackupWrite } from '../../main/backups.ts';

describe('main: autosave backups', () => {
  it('writes each backup as a file, the last write winning, and reads them all back', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'mapf-lab-backups-')), 'backups');
    const backups = new BackupFolder(folder);
    expect(await backups.readAll()).toEqual({});
    // Many writes at once to one key land in order: the last one is on disk.
    await Promise.all(Array.from({ length: 20 }, (_, i) => backups.write('mapf-lab/autosave', `{"edit":${i}}`)));
    await backups.write('mapf-lab/autosave-offered', '{"offered":true}');
    expect(readFileSync(join(folder, 'autosave.json'), 'utf8')).toBe('{"edit":19}');
    expect(await new BackupFolder(folder).readAll()).toEqual({ 'mapf-lab/autosave': '{"edit":19}', 'mapf-lab/autosave-offered': '{"offered":true}' });
    // No temporary files are left behind.
    expect(readdirSync(folder).sort()).toEqual(['autosave-offered.json', 'autosave.json']);
    await backups.write('mapf-lab/autosave', null);
    expect(existsSync(join(folder, 'autosave.json'))).toBe(false);
    expect(Object.keys(await backups.readAll())).toEqual(['mapf-lab/autosave-offered']);
  });

  it('accepts only the known keys, and text no larger than the app saves, or null', () => {
    expect(checkBackupWrite('mapf-lab/autosave', 'x')).toEqual({ ok: true, value: { key: 'mapf-lab/autosave', text: 'x' } });
    expect(checkBackupWrite('mapf-lab/autosave-offered', null)).toEqual({ ok: true, value: { key: 'mapf-lab/autosave-offered', text: null } });
    expect(checkBackupWrite('../../etc/passwd', 'x')).toMatchObject({ ok: false, message: expect.stringMatching(/unknown backup/) });
    expect(checkBackupWrite('mapf-lab/autosave', 7)).toMatchObject({ ok: false, message: expect.stringMatching(/text or null/) });
    expect(checkBackupWrite('mapf-lab/autosave', 'x'.repeat(MAX_TEXT_FILE_BYTES + 1))).toMatchObject({ ok: false, message: expect.stringMatching(/at most/) });
  });
});
