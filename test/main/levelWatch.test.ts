import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stopLevelWatches, watchLevelFile } from '../../main/levelWatch.ts';

function target() {
  const sent: [string, string][] = [];
  return { sent, send: (channel: string, path: string) => void sent.push([channel, path]), isDestroyed: () => false };
}

afterEach(() => {
  stopLevelWatches(1);
  stopLevelWatches(2);
});

describe('main: watching a scenario\'s level', () => {
  it('tells the window once per save, by the path it read, when the level is replaced as Tiled saves (a new file renamed over it)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapf-level-watch-'));
    const level = join(dir, 'bridge.tmx');
    writeFileSync(level, '<map/>');
    writeFileSync(join(dir, 'notes.txt'), '');
    const window = target();
    watchLevelFile(1, window, 'changed', level, 'maps/bridge.tmx', 50);
    writeFileSync(join(dir, 'notes.txt'), 'unrelated');
    writeFileSync(join(dir, 'bridge.tmx.tmp'), '<map version="2"/>');
    renameSync(join(dir, 'bridge.tmx.tmp'), level);
    await expect.poll(() => window.sent, { timeout: 5000 }).toEqual([['changed', 'maps/bridge.tmx']]);
    // A burst settles into one message; nothing more comes without a change.
    await new Promise((done) => setTimeout(done, 200));
    expect(window.sent).toHaveLength(1);
  });

  it('stops telling a window whose watches were stopped (it closed)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mapf-level-watch-'));
    const level = join(dir, 'level.tmj');
    writeFileSync(level, '{}');
    const window = target();
    watchLevelFile(2, window, 'changed', level, 'level.tmj', 20);
    stopLevelWatches(2);
    writeFileSync(level, '{ "changed": true }');
    await new Promise((done) => setTimeout(done, 300));
    expect(window.sent).toEqual([]);
  });
});
