// Patel's growth claims in the report: path steps against path length on one-unit runs, with
// the growth exponent per setting. The figures come from the real replanning rules on a
// corridor (followAmongObstacles), not from made-up numbers: recalc every 10 grows with the
// square of the length, splice with the length.
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { logLogSlope, pathStepsScatter } from '../../../core/experiments/report/pathStepsScatter.ts';
import { reportHtml } from '../../../core/experiments/report/reportHtml.ts';
import { planRuns } from '../../../core/experiments/runPlan.ts';
import { failureRecord } from '../../../core/experiments/runner.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';
import type { ReplanRule } from '../../../core/simulation/obstacleRules.ts';
import { followAmongObstacles } from '../../../core/simulation/obstacleFollow.ts';

const experiment = parseExperiment({
  format: 'mapf-lab/experiment',
  version: 1,
  name: 'growth',
  maps: [{ kind: 'random', width: 8, height: 8, density: 0.1, seeds: [1] }],
  agents: [1, 3],
  solvers: [{ solver: 'independent', label: 'recalc every 10' }, { solver: 'independent', label: 'splice m=10' }],
});
const runs = planRuns(experiment);
const template = (label: string, agents: number) => runs.find((r) => r.label === label && r.agents === agents)!;

/** A one-unit run's record with what the rule computed along a corridor of `length` moves. */
function corridorRecord(label: string, rule: ReplanRule, length: number): RunRecord {
  const corridor = new Grid(length + 1, 1);
  const run = followAmongObstacles(corridor, FOUR_CONNECTED, 0, length, [], rule);
  return { ...failureRecord(template(label, 1), '', 1), status: 'solved', agents: 1, meanLowerBound: length, pathStepsComputed: run.pathStepsComputed };
}

const lengths = [40, 60, 80, 100, 150, 200];
const records: RunRecord[] = [
  ...lengths.map((l) => corridorRecord('recalc every 10', { kind: 'recalc', every: 10 }, l)),
  ...lengths.map((l) => corridorRecord('splice m=10', { kind: 'splice', m: 10 }, l)),
  // Runs of several units and a unit that never arrived (no lower bound) are not points.
  { ...failureRecord(template('recalc every 10', 3), '', 1), status: 'solved', meanLowerBound: 50, pathStepsComputed: 999 },
  { ...failureRecord(template('splice m=10', 1), '', 1), status: 'failed', meanLowerBound: NaN, pathStepsComputed: 400 },
];

describe('path steps against path length (Patel, "Dealing with moving obstacles")', () => {
  it('measures square growth for recalc and linear growth for splice on the real rules', () => {
    const [recalc, splice] = pathStepsScatter(records);
    expect(recalc.label).toBe('recalc every 10');
    expect(recalc.points.map((p) => p[0])).toEqual(lengths);
    // Patel's 550 for a 100-step path, as bench:obstacles measures.
    expect(recalc.points.find((p) => p[0] === 100)![1]).toBe(550);
    // L^2/20 + L/2 between 40 and 200 moves: the fitted exponent is close to 2, splice's to 1.
    expect(recalc.exponent!).toBeGreaterThan(1.8);
    expect(recalc.exponent!).toBeLessThan(2.05);
    expect(splice.points).toHaveLength(lengths.length);
    expect(Math.abs(splice.exponent! - 1)).toBeLessThan(0.1);
    expect(splice.stepsPerLength).toBeGreaterThanOrEqual(2);
    expect(splice.stepsPerLength).toBeLessThanOrEqual(3);
  });

  it('fits the exponent by least squares on logs, and has none for one length', () => {
    expect(logLogSlope([[10, 100], [20, 400], [40, 1600]])).toBeCloseTo(2, 12);
    expect(logLogSlope([[10, 30], [20, 60]])).toBeCloseTo(1, 12);
    expect(logLogSlope([[10, 30], [10, 60]])).toBeNull();
    expect(logLogSlope([[10, 30]])).toBeNull();
  });

  it('puts the chart and the growth table in the report only when there are one-unit runs', () => {
    const input = { experiment, experimentHash: 'ab', runsPlanned: runs.length, machines: [], scripts: { chartJs: '', drawCharts: '' }, generatedAt: '2026-01-01T00:00:00Z', generator: 'test' };
    const html = reportHtml({ ...input, records });
    expect(html).toContain('<canvas id="chart-pathStepsScatter"');
    const table = html.slice(html.indexOf('id="path-steps-growth"'));
    expect(table).toMatch(/<td class="text">recalc every 10<\/td><td>6<\/td><td>1\.\d\d<\/td>/);
    const data = JSON.parse(html.slice(html.indexOf('id="report-data">') + 17, html.indexOf('</script>', html.indexOf('id="report-data">'))));
    expect(data.scatter[1].points).toHaveLength(lengths.length);
    const without = reportHtml({ ...input, records: records.filter((r) => r.agents !== 1) });
    expect(without).not.toContain('chart-pathStepsScatter');
  });
});
