/**
 * Every shipped experiment is a Lab preset, and one that names Moving AI files by path is stopped
 * before Run in the browser edition (its Web Workers read no files), naming the files to add,
 * instead of recording an error for each of its runs.
 */
import { describe, expect, it } from 'vitest';
import { filesNamedByPath } from '../../../core/experiments/namedFiles.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';
import { PRESETS } from '../../../renderer/src/lab/presets.ts';
import { memoryStorage } from '../../../renderer/src/lab/resultStore.ts';
import { setExperimentText, setLabStorage, startSweep, sweepStore } from '../../../renderer/src/lab/sweep.ts';
import type { SweepBackend } from '../../../renderer/src/lab/sweepTypes.ts';

// The shipped experiment files as the bundler reads them (the lab's presets are these texts).
const SHIPPED = import.meta.glob('../../../experiments/*.json', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

describe('the lab presets', () => {
  it('are every experiment file shipped in experiments/, text for text', () => {
    const files = Object.entries(SHIPPED).map(([path, text]) => [path.split('/').pop()!, text] as const);
    expect(files.length).toBeGreaterThanOrEqual(7);
    for (const [file, text] of files) {
      const preset = PRESETS.find((p) => p.fileName === file);
      expect(preset, file).toBeDefined();
      expect(preset!.text).toBe(text);
    }
  });

  it('name the files each reads by path: none for the random-map experiments, the .map and .scen of each Moving AI map for the others', () => {
    const named = (id: string) => filesNamedByPath(parseExperiment(JSON.parse(PRESETS.find((p) => p.id === id)!.text)));
    for (const id of ['small', 'silver2005', 'standley2010', 'standley2010-4c']) expect(named(id), id).toEqual([]);
    const scale = named('scale');
    expect(scale.map((m) => m.map)).toEqual([0, 1, 2]);
    expect(scale[0].files.map((f) => f.split('/').pop())).toEqual(['den520d.map', 'den520d-random-1.scen']);
    for (const id of ['patel-moving-obstacles', 'cbs-family', 'cbs-family-1s']) expect(named(id).length, id).toBeGreaterThan(0);
  });

  it('a backend that reads no files by path does not start such an experiment; one that does, does', () => {
    setLabStorage(memoryStorage());
    setExperimentText(PRESETS.find((p) => p.id === 'scale')!.text);
    expect(sweepStore.get().experiment).not.toBeNull();
    let started = 0;
    const backend = (readsFilesByPath: boolean): SweepBackend => ({
      unit: 'test worker',
      readsFilesByPath,
      start: () => {
        started++;
        return { pause() {}, resume() {}, cancel() {}, done: new Promise(() => {}) } as unknown as ReturnType<SweepBackend['start']>;
      },
    });
    startSweep(backend(false));
    expect(started).toBe(0);
    expect(sweepStore.get().phase).toBe('idle');
    startSweep(backend(true));
    expect(started).toBe(1);
  });
});
