/**
 * Autosave's backups on the desktop: one file per key in the user's data
 * folder, each written atomically (atomicWrite.ts: a temporary file, flushed, renamed over), so
 * a killed app leaves either the last backup or the one before it, never a torn one. Writes to
 * one key are done in order. No Electron here: main passes the folder, tests a temporary one.
 */
import { mkdir, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { BACKUP_KEYS, MAX_TEXT_FILE_BYTES } from '../core/platform/desktopApi.ts';
import { writeFileAtomic } from '../cli/atomicWrite.ts';
import type { Checked } from './ipc/validate.ts';

type BackupKey = (typeof BACKUP_KEYS)[number];

/** The file of a key: 'mapf-lab/autosave' -> autosave.json. */
function fileName(key: BackupKey): string {
  return `${key.slice('mapf-lab/'.length)}.json`;
}

/** What the renderer may ask to write: a known key and text no larger than the app saves, or null to remove. */
export function checkBackupWrite(key: unknown, text: unknown): Checked<{ key: BackupKey; text: string | null }> {
  const known = BACKUP_KEYS.find((k) => k === key);
  if (known === undefined) return { ok: false, message: `unknown backup ${JSON.stringify(key)} (known: ${BACKUP_KEYS.join(', ')})` };
  if (text !== null && typeof text !== 'string') return { ok: false, message: `a backup is text or null, got ${typeof text}` };
  if (typeof text === 'string' && text.length > MAX_TEXT_FILE_BYTES) return { ok: false, message: `a backup is at most ${MAX_TEXT_FILE_BYTES} bytes` };
  return { ok: true, value: { key: known, text } };
}

export class BackupFolder {
  private readonly queues = new Map<BackupKey, Promise<void>>();

  constructor(private readonly folder: string) {}

  /** Every backup there is, by key. */
  async readAll(): Promise<Record<string, string>> {
    const found: Record<string, string> = {};
    for (const key of BACKUP_KEYS) {
      try {
        found[key] = await readFile(join(this.folder, fileName(key)), 'utf8');
      } catch {
        // None yet (or unreadable): nothing to offer.
      }
    }
    return found;
  }

  /** Writes (or with null removes) the backup; resolves once done, after earlier writes to the key. */
  write(key: BackupKey, text: string | null): Promise<void> {
    const path = join(this.folder, fileName(key));
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.then(async () => {
      if (text === null) await unlink(path).catch(() => undefined);
      else {
        await mkdir(this.folder, { recursive: true });
        await writeFileAtomic(path, text);
      }
    });
    // A failed write does not stop the next one; the caller hears of its own.
    this.queues.set(key, next.catch(() => undefined));
    return next;
  }
}
