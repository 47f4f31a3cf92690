/**
 * The recent files list (File > Open Recent), kept in the user's app data folder. A missing or
 * corrupt list is simply empty: it is a convenience, never a reason to fail.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../cli/atomicWrite.ts';

export const MAX_RECENT_FILES = 10;

export class RecentFiles {
  private paths: string[] = [];
  private readonly file: string;

  constructor(userDataDir: string) {
    this.file = join(userDataDir, 'recent-files.json');
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
      if (Array.isArray(parsed)) this.paths = parsed.filter((p): p is string => typeof p === 'string').slice(0, MAX_RECENT_FILES);
    } catch {
      this.paths = [];
    }
  }

  list(): readonly string[] {
    return this.paths;
  }

  /** Moves `path` to the top; returns the promise of the write to disk. */
  add(path: string): Promise<void> {
    this.paths = [path, ...this.paths.filter((p) => p !== path)].slice(0, MAX_RECENT_FILES);
    return this.save();
  }

  remove(path: string): Promise<void> {
    this.paths = this.paths.filter((p) => p !== path);
    return this.save();
  }

  clear(): Promise<void> {
    this.paths = [];
    return this.save();
  }

  private save(): Promise<void> {
    return writeFileAtomic(this.file, `${JSON.stringify(this.paths, null, 2)}\n`).catch(() => undefined);
  }
}
