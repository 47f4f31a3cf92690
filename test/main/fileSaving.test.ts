import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open, rename, unlink } from 'node:fs/promises';
import { type AtomicWriteFs, writeFileAtomic } from '../../cli/atomicWrite.ts';
import { checkFilters, checkSaveArgs } from '../../main/ipc/fileArgs.ts';

describe('atomic file writes', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mapf-lab-save-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('replaces the file and leaves no temporary behind', async () => {
    const path = join(dir, 'a.map');
    writeFileSync(path, 'old');
    await writeFileAtomic(path, 'new content');
    expect(readFileSync(path, 'utf8')).toBe('new content');
    expect(readdirSync(dir)).toEqual(['a.map']);
  });

  it('keeps the old file intact when the write fails', async () => {
    const path = join(dir, 'b.map');
    writeFileSync(path, 'precious');
    // The target is a folder, so the final rename fails after the temporary was written.
    const folder = join(dir, 'folder.map');
    mkdirSync(folder);
    writeFileSync(join(folder, 'inside'), 'x');
    await expect(writeFileAtomic(folder, 'text')).rejects.toThrow();
    expect(readFileSync(path, 'utf8')).toBe('precious');
    expect(readdirSync(dir).sort()).toEqual(['b.map', 'folder.map']);
  });

  /** The real file system, with every step that reaches the disk written to `log`. */
  function recordingFs(log: string[]): AtomicWriteFs {
    const name = (path: string) => (path === dir ? 'folder' : path.endsWith('.tmp') ? 'temporary' : 'target');
    return {
      open: (async (path: string, flags?: string) => {
        const handle = await open(path, flags);
        log.push(`open ${name(path)}`);
        return Object.assign(Object.create(handle) as typeof handle, {
          writeFile: async (data: string, encoding: BufferEncoding) => {
            await handle.writeFile(data, encoding);
            log.push(`write ${name(path)}`);
          },
          sync: async () => {
            await handle.sync();
            log.push(`fsync ${name(path)}`);
          },
          close: async () => {
            await handle.close();
            log.push(`close ${name(path)}`);
          },
        });
      }) as AtomicWriteFs['open'],
      rename: async (from, to) => {
        await rename(from, to);
        log.push(`rename ${name(String(from))} -> ${name(String(to))}`);
      },
      unlink: async (path) => {
        await unlink(path);
        log.push(`unlink ${name(String(path))}`);
      },
    };
  }

  it('flushes the temporary file to disk before the rename, and the folder after it', async () => {
    const path = join(dir, 'c.map');
    writeFileSync(path, 'old');
    const log: string[] = [];
    await writeFileAtomic(path, 'new', recordingFs(log));
    expect(readFileSync(path, 'utf8')).toBe('new');
    expect(log).toEqual([
      'open temporary', 'write temporary', 'fsync temporary', 'close temporary',
      'rename temporary -> target',
      'open folder', 'fsync folder', 'close folder',
    ]);
  });
});

describe('file dialog arguments from the renderer', () => {
  it('accepts plain names and filters', () => {
    expect(checkSaveArgs('den520d.map', 'type octile\n').ok).toBe(true);
    expect(checkFilters([{ name: 'Moving AI map', extensions: ['map'] }]).ok).toBe(true);
  });
  it('refuses paths, non-text and odd filters, saying why', () => {
    const path = checkSaveArgs('../../etc/passwd', 'x');
    expect(path.ok).toBe(false);
    if (!path.ok) expect(path.message).toMatch(/not a path/);
    const binary = checkSaveArgs('a.map', new Uint8Array(3));
    expect(binary.ok).toBe(false);
    if (!binary.ok) expect(binary.message).toMatch(/must be text/);
    expect(checkFilters([{ name: 'x', extensions: ['../map'] }]).ok).toBe(false);
    expect(checkFilters('map').ok).toBe(false);
  });
});
