/** IPC for autosave's backups on the desktop: read them all at start, write one at a time (backups.ts). */
import { app } from 'electron';
import { join } from 'node:path';
import { IPC } from '../../core/platform/desktopApi.ts';
import { BackupFolder, checkBackupWrite } from '../backups.ts';
import { handle } from './trustedIpc.ts';

export function registerBackupIpc(folder = join(app.getPath('userData'), 'backups')): BackupFolder {
  const backups = new BackupFolder(folder);
  handle(IPC.backupRead, () => backups.readAll());
  handle(IPC.backupWrite, async (_event, key: unknown, text: unknown) => {
    const checked = checkBackupWrite(key, text);
    if (!checked.ok) throw new Error(checked.message);
    try {
      await backups.write(checked.value.key, checked.value.text);
    } catch (error) {
      // Said without the folder's path: the renderer never learns where files are.
      throw new Error(`the backup could not be written (${(error as { code?: string })?.code ?? 'error'})`);
    }
  });
  return backups;
}
