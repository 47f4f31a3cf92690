/**
 * The command line's file reads and writes. Reads check the size first, so a file too large to
 * be what it says it is (an 8 GB .scen) is refused at once, naming the file and the limit, instead
 * of filling memory for a minute and failing with a message that names nothing. Writes of files
 * rewritten in place go through a temporary file flushed to disk and a rename, so a crash or a
 * power cut leaves the old file or the new one, never a torn one.
 */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const MiB = 1024 * 1024;

/** The largest file of each kind the command line reads (V8 strings end near 512 MiB anyway). */
export const READ_LIMITS = {
  /** 8192 x 8192 cells (the largest map the schemas allow) is about 64 MiB of text. */
  map: 80 * MiB,
  /** Moving AI scenarios hold thousands of lines; a million is about 60 MiB. */
  scenario: 128 * MiB,
  experiment: 16 * MiB,
  manifest: 16 * MiB,
  results: 480 * MiB,
} as const;

export type FileKind = keyof typeof READ_LIMITS;

const KIND_NAMES: Record<FileKind, string> = {
  map: 'a map',
  scenario: 'a scenario',
  experiment: 'an experiment file',
  manifest: 'a results manifest',
  results: 'a results file',
};


/** The text of `file`, refused with a message naming it when it is larger than its kind allows or unreadable. */
export function readTextFile(file: string, kind: FileKind): string {
  let bytes: number;
  try {
    bytes = statSync(file).size;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot be read (${(error as Error).message})`);
  }
  const limit = READ_LIMITS[kind];
  if (bytes > limit) throw new Error(`${file}: ${bytes.toLocaleString('en-US')} bytes is more than the ${limit / MiB} MiB ${KIND_NAMES[kind]} may have; is it the right file?`);
  return readFileSync(file, 'utf8');
}

/** The file operations a write uses (node:fs; tests record their order). */
export interface AtomicWriteFs {
  openSync: typeof openSync;
  writeFileSync: typeof writeFileSync;
  fsyncSync: typeof fsyncSync;
  closeSync: typeof closeSync;
  renameSync: typeof renameSync;
  unlinkSync: typeof unlinkSync;
}

const NODE_FS: AtomicWriteFs = { openSync, writeFileSync, fsyncSync, closeSync, renameSync, unlinkSync };

/**
 * Replaces `file` with `text` atomically and durably: written beside it and flushed to disk
 * (fsync) before it is renamed over it, then the folder flushed so the rename survives a power
 * cut too (without the first fsync, delayed allocation can leave a renamed but empty file; a
 * cluster node that loses power mid-sweep must keep its results). Windows cannot open a folder
 * to flush it; there the rename is as durable as NTFS makes it.
 */
export function writeFileAtomic(file: string, text: string, fs: AtomicWriteFs = NODE_FS): void {
  const temporary = `${file}.${process.pid}.tmp`;
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
  syncFolder(dirname(file), fs);
}

/** Flushes a folder's entries (a rename) to disk where the system allows opening a folder. */
function syncFolder(folder: string, fs: AtomicWriteFs): void {
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
