// The desktop lab runs Moving AI maps by path: main reads the .map and .scen an experiment names,
// relative to the experiment file, and the pool runs them (the benchmark files themselves).
import { beforeEach, describe, expect, it } from 'vitest';
import { MOVING_AI, skipWithoutBenchmarks } from '../support/benchmarks.ts';
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planRuns } from '../../core/experiments/runPlan.ts';
import { parseExperiment } from '../../core/experiments/schema.ts';
import { memorySpawner } from '../../core/protocol/memoryPort.ts';
import type { LabSweepUpdate } from '../../core/platform/desktopApi.ts';
import { readExperimentFile, readExperimentFiles, readTextFile } from '../../main/labFiles.ts';
import { type NamedFileAccess, fileReads } from '../../main/namedFiles.ts';
import { LabSweeps } from '../../main/labSweeps.ts';

const BENCHMARKS = MOVING_AI;

/** Access for an experiment at `experiment`; the user answers `answer` when asked about a folder (recorded in `asked`). */
function access(experiment: string | null, answer = true): NamedFileAccess & { asked: string[] } {
  const asked: string[] = [];
  return { documentPath: experiment, allowed: new Set(), asked, ask: async (folder) => (asked.push(folder), answer) };
}

function folder(): { experiment: string; root: string } {
  const root = mkdtempSync(join(tmpdir(), 'mapf-lab-experiment-'));
  mkdirSync(join(root, 'exp'));
  mkdirSync(join(root, 'maps'));
  copyFileSync(join(BENCHMARKS, 'maps/random-32-32-10.map'), join(root, 'maps/random-32-32-10.map'));
  copyFileSync(join(BENCHMARKS, 'scen/random-32-32-10-even-1.scen'), join(root, 'maps/random-32-32-10-even-1.scen'));
  writeFileSync(join(root, 'maps/notes.txt'), 'not a map');
  return { experiment: join(root, 'exp/sweep.json'), root };
}

describe('main: Moving AI files by path for the lab', () => {
  beforeEach(skipWithoutBenchmarks);
  it('runs a Moving AI map and scenario named relative to the experiment file', async () => {
    const { experiment } = folder();
    const runs = planRuns(parseExperiment({
      format: 'mapf-lab/experiment', version: 1, name: 'by-path',
      maps: [{ kind: 'movingai', map: '../maps/random-32-32-10.map', scen: ['../maps/random-32-32-10-even-1.scen'] }],
      agents: [5, 10], placement: 'scenario', solvers: [{ solver: 'whca', params: { window: 8 } }], turnLimit: 200,
    }));
    const names: string[] = [];
    const files = access(experiment);
    const sweeps = new LabSweeps({
      spawn: memorySpawner().spawn,
      readFiles: (_owner, asked) => {
        names.push(...asked);
        return readExperimentFiles(files, asked);
      },
    });
    const updates: LabSweepUpdate[] = [];
    const end = await sweeps.start(1, 'lab-path', { runs, workers: 1 }, (_t, u) => updates.push(u));
    const records = [...updates.flatMap((u) => u.records), ...end.records];
    expect(names.sort()).toEqual(['../maps/random-32-32-10-even-1.scen', '../maps/random-32-32-10.map']);
    expect(records.map((r) => [r.agents, r.status]).sort()).toEqual([[10, 'solved'], [5, 'solved']]);
    expect(records.every((r) => r.successRate === 1)).toBe(true);
    // ../maps is outside the experiment's folder: the user was asked once, for that folder.
    expect(files.asked).toHaveLength(1);
    expect(files.asked[0]).toMatch(/maps$/);
  });

  it('says what is wrong with a file it will not or cannot read', async () => {
    const { experiment } = folder();
    await expect(readExperimentFile(access(experiment), '../maps/notes.txt')).rejects.toThrow(/only \.map and \.scen/);
    await expect(readExperimentFile(access(experiment), '../maps/missing.map')).rejects.toThrow('../maps/missing.map: no such file beside the experiment');
    await expect(readExperimentFile(access(null), 'a.map')).rejects.toThrow(/open or save the experiment as a file first/);
    await expect(readExperimentFile(access(experiment), '../maps/random-32-32-10.map')).resolves.toMatch(/^type octile/);
  });
});

describe('main: named files stay in the folders the user opened', () => {
  beforeEach(skipWithoutBenchmarks);
  it('refuses a link named .map to another file, wherever it points', async () => {
    const { experiment, root } = folder();
    writeFileSync(join(root, 'secret.txt'), 'password');
    symlinkSync(join(root, 'secret.txt'), join(root, 'exp/evil.map'));
    symlinkSync(join(root, 'secret.txt'), join(root, 'exp/evil.scen'));
    const read = await readExperimentFiles(access(experiment), ['evil.map', 'evil.scen']);
    expect(String(read.get('evil.map'))).toMatch(/evil\.map: a link to a file that is not \.map or \.scen; not read/);
    expect(String(read.get('evil.scen'))).toMatch(/not read/);
  });

  it('reads outside the document\'s folder only when the user allows that folder, and asks once per window', async () => {
    const { experiment } = folder();
    const refused = access(experiment, false);
    const denied = await readExperimentFiles(refused, ['../maps/random-32-32-10.map', '../maps/random-32-32-10-even-1.scen']);
    expect(refused.asked).toHaveLength(1);
    for (const value of denied.values()) expect(String(value)).toMatch(/outside the folders opened in this window; not read/);
    const allowed = access(experiment, true);
    const first = await readExperimentFiles(allowed, ['../maps/random-32-32-10.map']);
    expect(first.get('../maps/random-32-32-10.map')).toMatch(/^type octile/);
    await readExperimentFiles(allowed, ['../maps/random-32-32-10-even-1.scen']);
    expect(allowed.asked).toHaveLength(1);
    // The experiment's own folder needs no question; a link out of it does (its real place counts).
    const { experiment: other, root } = folder();
    symlinkSync(join(root, 'maps/random-32-32-10.map'), join(root, 'exp/linked.map'));
    const inside = access(other, false);
    writeFileSync(join(root, 'exp/local.map'), 'type octile\nheight 1\nwidth 1\nmap\n.\n');
    expect((await readExperimentFiles(inside, ['local.map'])).get('local.map')).toMatch(/^type octile/);
    expect(inside.asked).toEqual([]);
    expect(String((await readExperimentFiles(inside, ['linked.map'])).get('linked.map'))).toMatch(/outside the folders/);
    expect(inside.asked).toHaveLength(1);
  });

  it('reads one file named many ways once, and no error carries an absolute path', async () => {
    const { experiment, root } = folder();
    copyFileSync(join(root, 'maps/random-32-32-10.map'), join(root, 'exp/here.map'));
    const spellings = ['here.map', './here.map', '././here.map', '../exp/here.map', 'sub/../here.map'];
    mkdirSync(join(root, 'exp/sub'));
    const before = fileReads.count;
    const read = await readExperimentFiles(access(experiment), spellings);
    for (const name of spellings) expect(read.get(name)).toMatch(/^type octile/);
    expect(fileReads.count - before).toBe(1);
    const errors = await readExperimentFiles(access(experiment), ['gone.map', '../maps/notes.map', 'sub.map']);
    mkdirSync(join(root, 'exp/dir.map'));
    errors.set('dir.map', (await readExperimentFiles(access(experiment), ['dir.map'])).get('dir.map')!);
    for (const value of errors.values()) expect(String(value)).not.toContain(root);
    await expect(readTextFile(join(root, 'nothing.json'))).rejects.toThrow('nothing.json: no such file');
    await expect(readTextFile(join(root, 'nothing.json')).catch((e: Error) => e.message)).resolves.not.toContain(root);
  });
});
