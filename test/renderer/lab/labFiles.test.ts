/**
 * The browser edition's lab could not run a LoRR experiment: it reads no file by path and asked
 * only for .map and .scen files. A problem's JSON, then the map, agents and tasks files it names,
 * are now added by name, and the sweep's workers read them by the experiment's paths.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { filesMissing } from '../../../core/experiments/namedFiles.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';
import { addLabFiles, givenLabFile, labFilesReader, labFilesStore } from '../../../renderer/src/lab/labFiles.ts';
import { memoryStorage } from '../../../renderer/src/lab/resultStore.ts';
import { setExperimentText, setLabStorage, startSweep, sweepStore } from '../../../renderer/src/lab/sweep.ts';
import type { SweepBackend } from '../../../renderer/src/lab/sweepTypes.ts';

const MAP = ['type octile', 'height 3', 'width 4', 'map', '..E.', '.@S.', '....', ''].join('\n');
const PROBLEM = JSON.stringify({ mapFile: 'maps/m.map', agentFile: 'a.agents', taskFile: 't.tasks', teamSize: 2, numTasksReveal: 1.5 });
const AGENTS = '# version for LoRR 2024\n2\n0\n11\n';
const TASKS = '# version for LoRR 2024\n2\n2,11\n6,3,8\n';
const EXPERIMENT = {
  format: 'mapf-lab/experiment',
  version: 1,
  name: 'tiny lorr',
  maps: [{ kind: 'lorr', problem: 'probs/p.json', teamSizes: [2], steps: 5, stepLimitMs: 50 }],
  agents: [2],
  solvers: [{ solver: 'pibt-rotations' }],
  seed: 1,
  timeLimitClock: 'wall',
};
const experiment = parseExperiment(EXPERIMENT);

beforeEach(() => labFilesStore.set({ files: {} }));

describe("the browser lab's files for a LoRR problem", () => {
  it('asks for the problem JSON, then for the files it names, beside it', () => {
    expect(filesMissing(experiment, givenLabFile)).toEqual([{ map: 0, kind: 'lorr', files: ['probs/p.json'] }]);
    const first = addLabFiles(experiment, [{ name: 'p.json', text: PROBLEM }]);
    expect(first).toEqual({ added: ['probs/p.json'], unused: [], missing: ['probs/maps/m.map', 'probs/a.agents', 'probs/t.tasks'] });
    expect(filesMissing(experiment, givenLabFile)[0].files).toEqual(['probs/maps/m.map', 'probs/a.agents', 'probs/t.tasks']);
  });

  it('takes the JSON and its files in one choice, says which chosen files it did not use, and the workers read them by path', () => {
    const result = addLabFiles(experiment, [
      { name: 'm.map', text: MAP },
      { name: 'other.scen', text: '' },
      { name: 'p.json', text: PROBLEM },
      { name: 'a.agents', text: AGENTS },
      { name: 't.tasks', text: TASKS },
    ]);
    expect(result.missing).toEqual([]);
    expect(result.unused).toEqual(['other.scen']);
    expect(new Set(result.added)).toEqual(new Set(['probs/p.json', 'probs/maps/m.map', 'probs/a.agents', 'probs/t.tasks']));
    expect(labFilesReader.readText('probs/t.tasks')).toBe(TASKS);
    expect(() => labFilesReader.readText('probs/gone.map')).toThrow(/probs\/gone\.map: the browser edition reads no files by path.*LoRR problem's files with Add files/);
  });

  it('refuses a problem JSON that does not read, saying where', () => {
    const result = addLabFiles(experiment, [{ name: 'p.json', text: '{ "mapFile": 3 }' }]);
    expect(result.added).toEqual([]);
    expect(result.unused[0]).toMatch(/^p\.json \(.*probs\/p\.json/);
    expect(result.missing).toEqual(['probs/p.json']);
  });

  it('a backend that reads no files by path starts the experiment once every file is added, not before', () => {
    setLabStorage(memoryStorage());
    setExperimentText(JSON.stringify(EXPERIMENT));
    expect(sweepStore.get().experiment).not.toBeNull();
    let started = 0;
    const backend: SweepBackend = {
      unit: 'test worker',
      start: () => {
        started++;
        return { pause() {}, resume() {}, cancel() {}, done: new Promise(() => {}) } as unknown as ReturnType<SweepBackend['start']>;
      },
    };
    addLabFiles(experiment, [{ name: 'p.json', text: PROBLEM }]);
    startSweep(backend);
    expect(started).toBe(0);
    addLabFiles(experiment, [{ name: 'm.map', text: MAP }, { name: 'a.agents', text: AGENTS }, { name: 't.tasks', text: TASKS }]);
    startSweep(backend);
    expect(started).toBe(1);
  });
});
