/**
 * An experiment on a stream: runs record the stream's measures (throughput, time in system,
 * units that appeared and left, backlog; test/node/experiment-streams.test.ts checks them against
 * `mapf-lab solve --scenario`); older results lines read NaN; a run without a stream
 * records NaN; bad streams are refused naming where.
 */
import { describe, expect, it } from 'vitest';
import { planRuns } from '../../../core/experiments/runPlan.ts';
import { executeRun, newRunContext, runSweep } from '../../../core/experiments/runner.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';
import { readResults, recordLine } from '../../../core/experiments/results.ts';
import { runSpecSchema } from '../../../core/experiments/runSchemas.ts';
import { STREAM_COLUMNS } from '../../../core/experiments/runRecord.ts';

// Two yards joined by a one-cell corridor; units spawn in the west yard and leave from the east one.
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
const files = { readText: () => '' };

describe('experiment runs on a stream', () => {
  it('record the stream measures of every unit that appeared', () => {
    const runs = planRuns(parseExperiment(experiment));
    expect(runs).toHaveLength(2);
    // The stream crosses a process boundary with the run.
    expect(runSpecSchema.parse(JSON.parse(JSON.stringify(runs[0]))).streams?.spawners[0].name).toBe('gate');
    for (const record of runSweep(runs, newRunContext(files))) {
      expect(record.status).toBe('solved');
      expect([record.streamAppeared, record.streamLeft, record.streamBacklogEnd]).toEqual([12, 12, 0]);
      // 12 exits over the run's turns, and no unit faster than the walk from its gate to the dock (9 columns).
      expect(record.streamExitThroughput).toBeCloseTo((12 * 10) / record.turns, 9);
      expect(record.streamTimeMax).toBeGreaterThanOrEqual(9);
      expect(record.streamTimeMean).toBeGreaterThanOrEqual(9);
    }
  });

  it('write and read back the stream columns; older lines and batch runs read NaN', () => {
    const [record] = [...runSweep(planRuns(parseExperiment({ ...experiment, solvers: [{ solver: 'pibt' }] })), newRunContext(files))];
    const [back] = readResults(recordLine(record)).records;
    for (const c of STREAM_COLUMNS) expect(back[c]).toBe(record[c]);
    const old = JSON.parse(recordLine(record)) as Record<string, unknown>;
    for (const c of STREAM_COLUMNS) delete old[c];
    const [older] = readResults(`${JSON.stringify(old)}\n`).records;
    for (const c of STREAM_COLUMNS) expect(older[c]).toBeNaN();
    const batch = parseExperiment({ format: 'mapf-lab/experiment', version: 1, name: 'batch', maps: [{ kind: 'inline', name: 'corridor', rows: ROWS, agents: [[0, 1, 9, 1]] }], agents: [1], placement: 'scenario', solvers: [{ solver: 'pibt' }] });
    const plain = executeRun(planRuns(batch)[0], newRunContext(files));
    expect(plain.status).toBe('solved');
    for (const c of STREAM_COLUMNS) expect(plain[c]).toBeNaN();
  });

  it('refuses an exit the streams do not have, and 0 units without a stream; a solver that plans once records why', () => {
    expect(() => parseExperiment({ ...experiment, streams: { ...STREAMS, exits: [{ name: 'pier', area: { cells: [[9, 1]] } }] } })).toThrow(/streams\.spawners\[0\]: spawner 'gate' goes to exit 'dock', which the experiment's streams do not have \(exits: 'pier'\)/);
    const { streams: _s, ...batch } = experiment;
    void _s;
    expect(() => parseExperiment(batch)).toThrow(/agents: 0 units is a stream experiment's count/);
    const [record] = [...runSweep(planRuns(parseExperiment({ ...experiment, solvers: [{ solver: 'lacam' }] })), newRunContext(files))];
    expect(record.status).toBe('error');
    expect(record.message).toMatch(/lacam plans once for a fixed set of units/);
  });
});
