// The bottleneck's chart: each setting's flow per metre through the door against its width (the
// region's free cells on each inline map), beside the pedestrian line, and where it lands.
import { describe, expect, it } from 'vitest';
import { DOOR_FLOW_FACTOR, PEDESTRIAN_FLOW_PER_M, doorFlowData, doorFlowVerdict } from '../../../core/experiments/report/doorFlow.ts';
import { reportHtml } from '../../../core/experiments/report/reportHtml.ts';
import { planRuns } from '../../../core/experiments/runPlan.ts';
import { failureRecord } from '../../../core/experiments/runner.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';

const door = (width: number) => ({ kind: 'inline' as const, name: `door-${width}`, rows: ['..@..', width >= 2 ? '.....' : '..@..', '.....', '..@..'], agents: [[0, 2, 4, 2] as [number, number, number, number]] });
const definition = {
  format: 'mapf-lab/experiment',
  version: 1,
  name: 'door',
  maps: [door(1), door(2)],
  agents: [1],
  placement: 'scenario',
  solvers: [{ solver: 'orca' }, { solver: 'lacam' }],
  region: { name: 'door', from: [2, 0], to: [2, 3] },
  doorFlow: { cellMetres: 0.5, turnSeconds: 1 },
};
const experiment = parseExperiment(definition);
const runs = planRuns(experiment);
const record = (i: number, regionCrossingRate: number): RunRecord => ({ ...failureRecord(runs[i], '', 1), status: 'solved', regionCrossingRate });

describe('flow through a door against its width', () => {
  it('divides each run\'s crossings per second by the door\'s width in metres, per setting and width, and says where it lands', () => {
    const byKey = (map: string, solver: string) => runs.findIndex((r) => r.mapName === map && r.solver === solver);
    // door-1 is 1 free cell of the region (0.5 m), door-2 two (1 m).
    const records = [record(byKey('door-1', 'orca'), 8), record(byKey('door-2', 'orca'), 20), record(byKey('door-2', 'lacam'), 60), failureRecord(runs[byKey('door-1', 'lacam')], 'crashed', 1)];
    const data = doorFlowData(experiment, records)!;
    expect(data.line).toBe(PEDESTRIAN_FLOW_PER_M);
    const orca = data.series.find((s) => s.label === 'orca')!;
    // 8 crossings per 10 turns of 1 s through 0.5 m: 1.6 persons/s/m; 20 through 1 m: 2.
    expect(orca.points.map((p) => [p.widthCells, p.widthM, p.flow])).toEqual([[1, 0.5, 1.6], [2, 1, 2]]);
    expect(orca.points[1].ratio).toBeCloseTo(2 / 1.9, 10);
    const lacam = data.series.find((s) => s.label === 'lacam')!;
    expect(lacam.points.map((p) => p.flow)).toEqual([6]);
    expect(doorFlowVerdict(lacam.points[0].ratio)).toBe(`above the line by more than a factor ${DOOR_FLOW_FACTOR} (3.16x)`);
    expect(doorFlowVerdict(orca.points[1].ratio)).toBe(`within a factor ${DOOR_FLOW_FACTOR} of the line (1.05x)`);
    expect(doorFlowVerdict(0.4)).toMatch(/^below the line/);
    // The pedestrian points as specific flows: 0.8 m, 1.29-1.43 persons/s.
    expect(data.pedestrian[0]).toEqual([0.8, 1.29 / 0.8, 1.43 / 0.8]);
  });

  it('is in the report only when the experiment asks for it, with the chart and the table', () => {
    const scripts = { chartJs: '', drawCharts: '' };
    const input = { experimentHash: 'h', records: [record(0, 8)], runsPlanned: runs.length, machines: [], scripts, generatedAt: 'now', generator: 'test' };
    const html = reportHtml({ ...input, experiment });
    expect(html).toContain('id="chart-doorFlow"');
    expect(html).toMatch(/<table class="summary" id="door-flow">.*orca.*1 \(0\.5 m\).*1\.6.*within a factor 2 of the line \(0\.84x\)/s);
    const { doorFlow: _, ...plain } = definition;
    expect(reportHtml({ ...input, experiment: parseExperiment(plain) })).not.toContain('chart-doorFlow');
  });
});
