// The desktop lab runs Moving AI maps by path: main reads the .map and .scen an experiment names,
// relative to the experiment file, and the pool runs them (the benchmark files themselves).
import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { planRuns } from '../../core/experiments/runPlan.ts';
import { parseExperiment } from '../../core/experiments/schema.ts';
import { memorySpawner } from '../../core/protocol/memoryPort.ts';
import type { LabSweepUpdate } from '../../core/platform/desktopApi.ts';
import { readExperimentFile } from '../../main/labFiles.ts';
import { LabSweeps } from '../../main/labSweeps.ts';

const BENCHMARKS = fileURLToPath(new URL('../../../shared/benchmarks/movingai/', import.meta.url));

function folder(): { experiment: string } {
  const root = mkdtempSync(join(tmpdir(), 'mapf-lab-experiment-'));
  mkdirSync(join(root, 'exp'));
  mkdirSync(join(root, 'maps'));
  copyFileSync(join(BENCHMARKS, 'maps/random-32-32-10.map'), join(root, 'maps/random-32-32-10.map'));
  copyFileSync(join(BENCHMARKS, 'scen/random-32-32-10-even-1.scen'), join(root, 'maps/random-32-32-10-even-1.scen'));
  writeFileSync(join(root, 'maps/notes.txt'), 'not a map');
  return { experiment: join(root, 'exp/sweep.json') };
}

describe('main: Moving AI files by path for the lab', () => {
  it('runs a Moving AI map and scenario named relative to the experiment file', async () => {
    const { experiment } = folder();
    const runs = planRuns(parseExperiment({
      format: 'mapf-lab/experiment', version: 1, name: 'by-path',
      maps: [{ kind: 'movingai', map: '../maps/random-32-32-10.map', scen: ['../maps/random-32-32-10-even-1.scen'] }],
      agents: [5, 10], placement: 'scenario', solvers: [{ solver: 'whca', params: { window: 8 } }], turnLimit: 200,
    }));
    const names: string[] = [];
    const sweeps = new LabSweeps({
      spawn: memorySpawner().spawn,
      readFile: (_owner, name) => {
        names.push(name);
        return readExperimentFile(experiment, name);
      },
    });
    const updates: LabSweepUpdate[] = [];
    const end = await sweeps.start(1, 'lab-path', { runs, workers: 1 }, (_t, u) => updates.push(u));
    const records = [...updates.flatMap((u) => u.records), ...end.records];
    expect(names.sort()).toEqual(['../maps/random-32-32-10-even-1.scen', '../maps/random-32-32-10.map']);
    expect(records.map((r) => [r.agents, r.status]).sort()).toEqual([[10, 'solved'], [5, 'solved']]);
    expect(records.every((r) => r.successRate === 1)).toBe(true);
  });

  it('says what is wrong with a file it will not or cannot read', async () => {
    const { experiment } = folder();
    await expect(readExperimentFile(experiment, '../maps/notes.txt')).rejects.toThrow(/only \.map and \.scen/);
    await expect(readExperimentFile(experiment, '../maps/missing.map')).rejects.toThrow('../maps/missing.map: no such file beside the experiment');
    await expect(readExperimentFile(null, 'a.map')).rejects.toThrow(/open or save the experiment as a file first/);
    await expect(readExperimentFile(experiment, '../maps/random-32-32-10.map')).resolves.toMatch(/^type octile/);
  });
});
