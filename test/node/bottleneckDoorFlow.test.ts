// The shipped bottleneck experiment charts its door's flow against the width (report/doorFlow.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { doorFlowData } from '../../core/experiments/report/doorFlow.ts';
import { planRuns } from '../../core/experiments/runPlan.ts';
import { failureRecord } from '../../core/experiments/runner.ts';
import { parseExperiment } from '../../core/experiments/schema.ts';

describe('experiments/bottleneck.json', () => {
  it('the shipped bottleneck experiment asks for it, a door 1 to 6 cells wide', () => {
    const shipped = parseExperiment(JSON.parse(readFileSync(new URL('../../experiments/bottleneck.json', import.meta.url), 'utf8')));
    expect(shipped.doorFlow).toEqual({ cellMetres: 0.5, turnSeconds: 1 });
    const all = planRuns(shipped);
    const data = doorFlowData(shipped, all.map((run) => ({ ...failureRecord(run, '', 1), status: 'solved', regionCrossingRate: 10 })))!;
    expect(data.series[0].points.map((p) => p.widthCells)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
