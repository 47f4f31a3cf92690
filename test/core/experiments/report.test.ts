// The HTML report's pieces: escaping, the chart data, the failure notes, one file with no
// external resources.
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../../core/experiments/aggregate.ts';
import { escapeHtml, jsonForScript, scriptForInline } from '../../../core/experiments/report/escape.ts';
import { chartSeries } from '../../../core/experiments/report/reportCharts.ts';
import { reportHtml } from '../../../core/experiments/report/reportHtml.ts';
import { planRuns } from '../../../core/experiments/runPlan.ts';
import { failureRecord } from '../../../core/experiments/runner.ts';
import type { RunRecord } from '../../../core/experiments/runRecord.ts';
import { parseExperiment } from '../../../core/experiments/schema.ts';

const experiment = parseExperiment({
  format: 'mapf-lab/experiment',
  version: 1,
  name: 'bridge </script><img src=x>',
  description: 'Does "success" fall as units are added? <b>bold</b> & more',
  maps: [{ kind: 'random', width: 8, height: 8, density: 0.1, seeds: [1, 2] }],
  agents: [2, 4],
  solvers: [{ solver: 'hca', label: 'HCA* <i>' }, { solver: 'independent' }],
});
const runs = planRuns(experiment);
const measured = (i: number, figures: Partial<RunRecord>): RunRecord => ({ ...failureRecord(runs[i], '', 1), status: 'solved', ...figures });
const records: RunRecord[] = [
  measured(0, { successes: 2, meanPathLength: 5, pathRatio: 1, initMs: 0.5, maxTurnMs: 0.25, sumOfCosts: 10, makespan: 6 }),
  measured(4, { successes: 1, meanPathLength: 7, pathRatio: 1.5, initMs: 1.5, maxTurnMs: 0, sumOfCosts: 14, makespan: 8 }),
  failureRecord(runs[2], 'the solver process crashed while running run 2 (exit code 3) <oops>', 3),
  failureRecord(runs[6], 'the solver process crashed while running run 2 (exit code 3) <oops>', 3),
  measured(1, { successes: 2, meanPathLength: 4, pathRatio: 1, initMs: 0.1, maxTurnMs: 0.1 }),
];

describe('report escaping', () => {
  it('escapes text, and keeps data and scripts from closing their element', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(jsonForScript({ s: '</script><script>alert(1)</script>' })).toBe('{"s":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}');
    expect(JSON.parse(jsonForScript({ s: '</script>\u2028' }))).toEqual({ s: '</script>\u2028' });
    expect(scriptForInline('a = "</SCRIPT>";')).toBe('a = "<\\/SCRIPT>";');
  });
});

describe('report charts', () => {
  it('draws a line per solver in solver order, points by agent count, with nulls where nothing was measured', () => {
    const series = chartSeries(aggregate(records));
    expect(series.map((s) => s.label)).toEqual(['HCA* <i>', 'independent']);
    const success = series[0].points.successRate;
    expect(success.map((p) => p[0])).toEqual([2, 4]);
    // 2 agents: 3 of 4 agents over two runs (Wilson interval); 4 agents: its only run failed.
    expect(success[0][1]).toBe(0.75);
    expect(success[1]).toEqual([4, null, null, null]);
    // Two runs: the t interval of init times (0.5, 1.5) goes below 0; on the log chart it is cut
    // at half the smallest positive value drawn (0.1 of 'independent', halved).
    const init = series[0].points.initMs[0];
    expect(init[1]).toBe(1);
    expect(init[2]).toBeCloseTo(0.05, 12);
    expect(init[3]).toBeCloseTo(1 + 12.7062 * 0.5, 3);
    // A path is never shorter than its lower bound: the band of path / bound starts at 1 (the
    // aggregate clamps it there); a zero time is left off a log chart.
    expect(series[0].points.pathRatio[0][2]).toBe(1);
    expect(series[0].points.maxTurnMs[0][1]).toBe(0.125);
  });
});

describe('reportHtml', () => {
  const html = reportHtml({
    experiment,
    experimentHash: '0123456789abcdef',
    records,
    runsPlanned: runs.length,
    machines: [{ os: 'Linux <x>', cpus: 2 }],
    scripts: { chartJs: '/* chart.js stand-in */ window.Chart = function () {};', drawCharts: '/* drawCharts stand-in */' },
    generatedAt: '2026-01-01T00:00:00Z',
    generator: 'mapf-lab test',
  });

  it('is one page with every text escaped and no external resource', () => {
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<i>');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain('<h1>bridge &lt;/script&gt;&lt;img src=x&gt;</h1>');
    expect(html).toContain('Does &quot;success&quot; fall as units are added? &lt;b&gt;bold&lt;/b&gt; &amp; more');
    expect(html.match(/<\/script>/g)).toHaveLength(3);
    expect(html).not.toMatch(/(src|href)\s*=\s*["']?https?:/i);
    expect(html).toContain('<td class="text">Linux &lt;x&gt;</td>');
  });

  it('has the counts, the summary numbers with intervals, and the failures with their first runs', () => {
    expect(html).toContain(`5 of ${runs.length} runs recorded (${runs.length - 5} not run yet); 2 errors.`);
    expect(html).toContain('<td>0.7500<span class="ci">[');
    expect(html).toContain('<td>6<span class="ci">'); // mean path length of HCA* with 2 agents: (5 + 7) / 2
    expect(html).toContain('2 of 5 runs measured nothing');
    expect(html).toContain('<strong>2×</strong> <code>the solver process crashed while running run 2 (exit code 3) &lt;oops&gt;</code>');
    expect(html).toMatch(/run 2 \(HCA\* &lt;i&gt;, random-8-8-10#0, 4 agents\); run 6 \(/);
  });

  it('shows the proved lower bound chart only when a solver proved one', () => {
    expect(html).not.toContain('chart-costOverBound');
    expect(html).not.toContain('chart-costLowerBound');
    const bounded = records.map((r) => (r.status === 'solved' ? { ...r, costLowerBound: r.sumOfCosts, costOverBound: 1 } : r));
    const withBound = reportHtml({
      experiment, experimentHash: '0123456789abcdef', records: bounded, runsPlanned: runs.length, machines: [],
      scripts: { chartJs: '', drawCharts: '' }, generatedAt: '2026-01-01T00:00:00Z', generator: 'mapf-lab test',
    });
    expect(withBound).toContain('<canvas id="chart-costOverBound" aria-label="Sum of costs / proved lower bound">');
    expect(withBound).toContain('<canvas id="chart-costLowerBound" aria-label="Proved lower bound on the sum of costs">');
  });
});
