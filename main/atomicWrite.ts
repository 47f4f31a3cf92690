/**
 * Writes a file so that a crash or a power cut mid-save never leaves a broken one: the text goes
 * to a temporary file in the same folder and is flushed to disk (fsync) before it is renamed over
 * the target in one step; then the folder is flushed too, so the rename itself survives a power
 * cut (POSIX leaves a rename in the folder's cache until then; ext4's and XFS's delayed
 * allocation made "renamed but empty" files a known failure without the first fsync). Windows
 * cannot open a folder to flush it; there the rename is as durable as NTFS makes it.
 */
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

export async function writeFileAtomic(path: string, text: string | Uint8Array, fs: AtomicWriteFs = NODE_FS): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
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
