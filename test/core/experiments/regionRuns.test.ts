/**
 * An experiment's measured region ("and as measures in the lab"): every run records
 * the units that stood in it, their throughput and mean wait; a map it does not fit and an
 * experiment without one record NaN; older results lines read as NaN; the summary has the columns.
 */
import { describe, expect, it } from 'vitest';
import { planRuns } from '../../../core/experiments/runPlan.ts';
import { executeRun, newRunContext, runSweep } from '../../../core/experiments/runner.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';
import { readResults, recordLine } from '../../../core/experiments/results.ts';
import { summarize } from '../../../core/experiments/summary.ts';
import { runSpecSchema } from '../../../core/experiments/runSchemas.ts';

// 4x3: agent 1 from (0, 0) to (3, 2), agent 2 from (3, 0) to (0, 2), round a wall in the middle row.
const SCEN = ['version 1', '0\ttiny.map\t4\t3\t0\t0\t3\t2\t5', '0\ttiny.map\t4\t3\t3\t0\t0\t2\t5', ''].join('\n');
const MAP = ['type octile', 'height 3', 'width 4', 'map', '....', '.@@.', '....', ''].join('\n');
const files = { readText: (path: string) => (path === 'tiny.map' ? MAP : path === 'tiny.scen' ? SCEN : '') };

const base = {
  format: 'mapf-lab/experiment', version: 1, name: 'region',
  maps: [{ kind: 'movingai', map: 'tiny.map', scen: ['tiny.scen'] }],
  agents: [2],
  solvers: [{ solver: 'hca' }],
};

describe('runs with a measured region', () => {
  it('records the units through it, their throughput and mean wait', () => {
    const experiment = parseExperiment({ ...base, region: { name: 'right column', from: [3, 0], to: [3, 2] } });
    const [record] = [...runSweep(planRuns(experiment), newRunContext(files))];
    expect(record.status).toBe('solved');
    // Agent 2 starts in the right column and agent 1 ends there.
    expect(record.regionUnits).toBe(2);
    expect(record.regionThroughput).toBeGreaterThan(0);
    expect(record.regionMeanWait).toBeGreaterThanOrEqual(0);
    const row = summarize([record])[0];
    expect(row.regionThroughput).toBeCloseTo(record.regionThroughput);
    // One starts in the column and one ends in it: neither got across it.
    expect(record.regionCrossingRate).toBe(0);
    expect(record.regionPeakCrossings).toBe(0);
    expect(row.regionCrossingRate).toBe(0);
  });

  it('records the crossings of a region units get across, and their peak', () => {
    const experiment = parseExperiment({ ...base, region: { name: 'middle column', from: [1, 0], to: [2, 2] } });
    const [record] = [...runSweep(planRuns(experiment), newRunContext(files))];
    // Both units cross the middle columns, west to east and east to west.
    expect(record.regionCrossingRate).toBeGreaterThan(0);
    expect(record.regionPeakCrossings).toBeGreaterThanOrEqual(2);
  });

  it('keeps its region on the way to a solver process (the run request\'s schema)', () => {
    const [run] = planRuns(parseExperiment({ ...base, region: { name: 'right column', from: [3, 0], to: [3, 2] } }));
    const sent = runSpecSchema.parse(JSON.parse(JSON.stringify(run)));
    expect(sent.region).toEqual({ name: 'right column', from: [3, 0], to: [3, 2] });
  });

  it('a map the region does not fit, and an experiment without one, record NaN', () => {
    const off = planRuns(parseExperiment({ ...base, region: { name: 'far', from: [10, 10], to: [12, 12] } }));
    expect(executeRun(off[0], newRunContext(files)).regionUnits).toBeNaN();
    const none = planRuns(parseExperiment(base));
    const record = executeRun(none[0], newRunContext(files));
    expect([record.regionUnits, record.regionThroughput, record.regionMeanWait]).toEqual([NaN, NaN, NaN]);
  });

  it('results lines from before regions read as NaN; new lines keep the figures', () => {
    const experiment = parseExperiment({ ...base, region: { name: 'right column', from: [3, 0], to: [3, 2] } });
    const record = executeRun(planRuns(experiment)[0], newRunContext(files));
    const line = JSON.parse(recordLine(record));
    expect(readResults(`${JSON.stringify(line)}\n`).records[0].regionUnits).toBe(2);
    delete line.regionUnits;
    delete line.regionThroughput;
    delete line.regionMeanWait;
    expect(readResults(`${JSON.stringify(line)}\n`).records[0].regionThroughput).toBeNaN();
  });
});

describe('a run whose solver gave no plan', () => {
  it('records no cycles or waits per agent (NaN, left out of the charts and means), not 0', () => {
    const [run] = planRuns(parseExperiment({ ...base, solvers: [{ solver: 'cbs' }] }));
    const timedOut = executeRun({ ...run, timeLimitMs: 0 }, newRunContext(files));
    expect(timedOut.status).toBe('timeout');
    expect(timedOut.cyclesPerAgent).toBeNaN();
    expect(timedOut.waitsPerAgent).toBeNaN();
    const solved = executeRun(run, newRunContext(files));
    expect(solved.status).toBe('solved');
    expect(Number.isFinite(solved.cyclesPerAgent)).toBe(true);
  });
});
