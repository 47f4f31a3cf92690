/**
 * An experiment on a stream and the command line give the same figures: each run's stream
 * columns equal what `mapf-lab solve --scenario --seed SEED --json` prints for the same stream.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planRuns } from '../../core/experiments/runPlan.ts';
import { newRunContext, runSweep } from '../../core/experiments/runner.ts';
import { parseExperiment } from '../../core/experiments/schema.ts';
import { runSpecSchema } from '../../core/experiments/runSchemas.ts';
import { main } from '../../cli/main.ts';
import type { CommandIo } from '../../cli/command.ts';

const WALL = '..@@@@@@..';
const ROWS = [WALL, '..........', WALL];
const STREAMS = {
  spawners: [{ name: 'gate', area: { from: [0, 0], to: [0, 2] }, every: 2, count: 12, goal: { exit: 'dock' } }],
  exits: [{ name: 'dock', area: { from: [9, 0], to: [9, 2] } }],
};
const experiment = {
  format: 'mapf-lab/experiment', version: 1, name: 'corridor stream',
  maps: [{ kind: 'inline', name: 'corridor', rows: ROWS }],
  agents: [0], solvers: [{ solver: 'pibt' }, { solver: 'whca', label: 'WHCA*(8)', params: { window: 8 } }], turnLimit: 300, streams: STREAMS,
};

function capture(): CommandIo & { stdout: string[] } {
  const stdout: string[] = [];
  return { stdout, out: (t) => stdout.push(t), err: () => undefined };
}

describe('an experiment on a stream and mapf-lab solve --scenario', () => {
  it('record the stream measures, the same figures as `mapf-lab solve --scenario` with the run\'s seed', async () => {
    const runs = planRuns(parseExperiment(experiment));
    expect(runs).toHaveLength(2);
    // The stream crosses a process boundary with the run.
    expect(runSpecSchema.parse(JSON.parse(JSON.stringify(runs[0]))).streams?.spawners[0].name).toBe('gate');
    const records = [...runSweep(runs, newRunContext({ readText: () => '' }))];
    const dir = mkdtempSync(join(tmpdir(), 'mapf-stream-exp-'));
    const file = join(dir, 'corridor.json');
    writeFileSync(file, JSON.stringify({ format: 'mapf-lab/scenario', version: 4, name: 'corridor', map: { kind: 'inline', rows: ROWS }, agents: [], ...STREAMS }));
    for (const [k, record] of records.entries()) {
      expect(record.status).toBe('solved');
      expect(record.streamAppeared).toBe(12);
      expect(record.streamLeft).toBe(12);
      expect(record.streamBacklogEnd).toBe(0);
      const io = capture();
      const args = ['solve', '--scenario', file, '--solver', runs[k].solver, '--seed', String(record.seed), '--param', 'turnLimit=300', ...(k === 1 ? ['--window', '8'] : []), '--json'];
      expect(await main(args, io)).toBe(0);
      const cli = JSON.parse(io.stdout.join('')).streams;
      expect(record.streamThroughput).toBe(cli.throughput);
      expect(record.streamExitThroughput).toBe(cli.exitThroughput);
      expect([record.streamTimeMean, record.streamTimeP95, record.streamTimeMax]).toEqual([cli.timeInSystem.mean, cli.timeInSystem.p95, cli.timeInSystem.max]);
      expect(record.streamLeft).toBe(cli.left);
      // A unit crosses at least the walk from its gate to the dock (9 columns).
      expect(record.streamTimeMax).toBeGreaterThanOrEqual(9);
    }
  });

});
