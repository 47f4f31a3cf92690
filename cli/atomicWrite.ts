/**
 * Writes a file so that a crash or a power cut mid-save never leaves a broken one: the text goes
 * to a temporary file in the same folder and is flushed to disk (fsync) before it is renamed over
 * the target in one step; then the folder is flushed too, so the rename itself survives a power
 * cut (POSIX leaves a rename in the folder's cache until then; ext4's and XFS's delayed
 * allocation made "renamed but empty" files a known failure without the first fsync). Windows
 * cannot open a folder to flush it; there the rename is as durable as NTFS makes it. The app's
 * saves use the asynchronous form, the command line's (a cluster node that loses power
 * mid-sweep keeps its results) the synchronous one.
 */
import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { open as openFile, rename as renameFile, unlink as unlinkFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** The file operations a write uses (node:fs/promises; tests record their order). */
export interface AtomicWriteFs {
  open: typeof openFile;
  rename: typeof renameFile;
  unlink: typeof unlinkFile;
}

const NODE_FS: AtomicWriteFs = { open: openFile, rename: renameFile, unlink: unlinkFile };

/** A fresh temporary name beside `path` (random: two writers never share one). */
function temporaryBeside(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
}

export async function writeFileAtomic(path: string, text: string | Uint8Array, fs: AtomicWriteFs = NODE_FS): Promise<void> {
  const temporary = temporaryBeside(path);
  const handle = await fs.open(temporary, 'wx');
  try {
    await (typeof text === 'string' ? handle.writeFile(text, 'utf8') : handle.writeFile(text));
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.unlink(temporary).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await fs.rename(temporary, path);
  } catch (error) {
    await fs.unlink(temporary).catch(() => undefined);
    throw error;
  }
  await syncFolder(dirname(path), fs);
}

/** Flushes a folder's entries (the rename) to disk where the system allows opening a folder. */
async function syncFolder(folder: string, fs: AtomicWriteFs): Promise<void> {
  let handle;
  try {
    handle = await fs.open(folder, 'r');
  } catch {
    return; // Windows: EISDIR/EPERM; the file itself is already flushed
  }
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a folder (EINVAL); the data is flushed, the rename is done.
  } finally {
    await handle.close();
  }
}

/** The file operations a write uses (node:fs; tests record their order). */
export interface AtomicWriteSyncFs {
  openSync: typeof openSync;
  writeFileSync: typeof writeFileSync;
  fsyncSync: typeof fsyncSync;
  closeSync: typeof closeSync;
  renameSync: typeof renameSync;
  unlinkSync: typeof unlinkSync;
}

const NODE_FS_SYNC: AtomicWriteSyncFs = { openSync, writeFileSync, fsyncSync, closeSync, renameSync, unlinkSync };

/** writeFileAtomic for a caller that must not yield (the command line's writers). */
export function writeFileAtomicSync(file: string, text: string, fs: AtomicWriteSyncFs = NODE_FS_SYNC): void {
  const temporary = temporaryBeside(file);
  try {
    const fd = fs.openSync(temporary, 'w');
    try {
      fs.writeFileSync(fd, text);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
  } catch (error) {
    try {
      fs.unlinkSync(temporary);
    } catch {
      // never written, or already renamed
    }
    throw error;
  }
  syncFolderSync(dirname(file), fs);
}

/** Flushes a folder's entries (a rename) to disk where the system allows opening a folder. */
function syncFolderSync(folder: string, fs: AtomicWriteSyncFs): void {
  let fd: number;
  try {
    fd = fs.openSync(folder, 'r');
  } catch {
    return; // Windows: EISDIR/EPERM; the file itself is already flushed
  }
  try {
    fs.fsyncSync(fd);
  } catch {
    // Some file systems refuse fsync on a folder (EINVAL); the data is flushed, the rename is done.
  } finally {
    fs.closeSync(fd);
  }
}
