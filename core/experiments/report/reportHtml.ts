/**
 * The self-contained HTML report of a sweep: one file that opens offline in any browser, with
 * the experiment definition, the machines and versions, the charts (Chart.js inlined), the
 * summary table with 95% intervals, and notes on failures. Every piece of text from the
 * experiment or the records is escaped; data goes in as JSON that cannot close its script.
 */
import { type AggregateRow, aggregate } from '../aggregate.ts';
import { type RunRecord, isFailure } from '../runRecord.ts';
import type { Experiment } from '../schema.ts';
import type { Estimate } from '../stats.ts';
import { escapeHtml, jsonForScript, scriptForInline } from './escape.ts';
import { CHART_MEASURES, type ChartMeasure, chartSeries } from './reportCharts.ts';
import { type PathStepsSeries, pathStepsScatter } from './pathStepsScatter.ts';
import { type DoorFlowData, PEDESTRIAN_POINTS, doorFlowData, doorFlowVerdict } from './doorFlow.ts';
import { kneeSentence, throughputKnees } from '../throughputKnee.ts';

export interface ReportInput {
  experiment: Experiment;
  experimentHash: string;
  records: readonly RunRecord[];
  runsPlanned: number;
  /** Machines and versions the runs ran on, as flat name -> value lists. */
  machines: readonly Record<string, string | number>[];
  /** Browser scripts inlined into the page, so the report needs no network. */
  scripts: ReportScripts;
  generatedAt: string;
  /** Who wrote the report, e.g. "mapf-lab 0.1.0 (Node v20)". */
  generator: string;
}

/**
 * The page's scripts, which core/ only inlines (it holds no browser code): the callers load them
 * from their own side (the command line from disk, the app as bundled text).
 */
export interface ReportScripts {
  /** Chart.js's UMD bundle (it defines the global `Chart`). */
  chartJs: string;
  /** assets/report/drawCharts.js: draws the charts from the page's data block. */
  drawCharts: string;
}

const h = escapeHtml;

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '-';
  if (Number.isInteger(value)) return String(value);
  const abs = Math.abs(value);
  return value.toFixed(abs >= 100 ? 1 : abs >= 1 ? 3 : 4);
}

function estimateCell(e: Estimate): string {
  const interval = Number.isFinite(e.low) ? `<span class="ci">[${formatNumber(e.low)}, ${formatNumber(e.high)}]</span>` : '';
  return `<td>${formatNumber(e.mean)}${interval}</td>`;
}

/**
 * The measures this report shows: all of them, but the proved lower bound's only when a solver
 * of the experiment proved one, and path steps only among moving obstacles (most experiments
 * have neither, and an empty chart says nothing).
 */
function reportedMeasures(rows: readonly AggregateRow[]): readonly ChartMeasure[] {
  // LoRR runs (lifelong, no goals to reach): throughput and the planning times, nothing of paths and costs.
  const lifelong = rows.length > 0 && rows.every((row) => Number.isFinite(row.tasksPerStep.mean));
  if (lifelong) return CHART_MEASURES.filter((m) => LIFELONG_MEASURES.includes(m.key));
  return CHART_MEASURES.filter((m) => !OPTIONAL_MEASURES.includes(m.key) || rows.some((row) => Number.isFinite(row[m.key as 'costOverBound'].mean)));
}

/** What a report on LoRR problems charts. */
const LIFELONG_MEASURES: readonly string[] = ['tasksPerStep', 'initMs', 'maxTurnMs'];

/** Measures only some experiments have: a proved lower bound, path steps among moving obstacles, a measured region. */
const OPTIONAL_MEASURES: readonly string[] = ['costLowerBound', 'costOverBound', 'pathStepsComputed', 'regionThroughput', 'regionMeanWait', 'regionCrossingRate', 'tasksPerStep'];

function summaryTable(rows: readonly AggregateRow[]): string {
  const measures = reportedMeasures(rows);
  const head = ['solver', 'agents', 'runs', 'errors', 'unsolved', ...measures.map((m) => (m.log ? `${m.title} (ms)` : m.key === 'sumOfCosts' || m.key === 'makespan' ? `${m.title} (solved runs)` : m.title)), 'Worst turn (ms)', 'Cost model'];
  const body = rows.map((row) => [
    `<td class="text">${h(row.label)}</td>`,
    `<td>${row.agents}</td>`,
    `<td>${row.runs}</td>`,
    `<td>${row.failures}</td>`,
    `<td>${row.unsolved}</td>`,
    ...measures.map((m) => estimateCell(row[m.key])),
    `<td>${formatNumber(row.worstTurnMs)}</td>`,
    `<td class="text">${h(row.costModel)}</td>`,
  ].join(''));
  return `<table class="summary"><thead><tr>${head.map((x) => `<th>${h(x)}</th>`).join('')}</tr></thead><tbody>${body.map((r) => `<tr>${r}</tr>`).join('\n')}</tbody></table>`;
}

/** Patel's growth claims on the one-unit runs (pathStepsScatter.ts); empty without such runs. */
function pathStepsSection(scatter: readonly PathStepsSeries[]): string {
  if (scatter.length === 0) return '';
  const rows = scatter.map((s) => `<tr><td class="text">${h(s.label)}</td><td>${s.points.length}</td><td>${s.exponent === null ? '-' : s.exponent.toFixed(2)}</td><td>${formatNumber(s.stepsPerLength)}</td></tr>`);
  return `<h2>Path steps against path length (Patel, "Dealing with moving obstacles")</h2>
<p>The one-unit runs among moving obstacles: one point per run, the path steps the unit computed against its path length without obstacles. Patel: recalculating the whole path every k steps grows with the square of the length (about L&sup2;/2k), splicing with the length (2L to 3L, whatever m is). The exponent is the slope of a least-squares line through log steps against log length (2 for square growth, 1 for linear); units that never arrived are left out.</p>
<div class="charts"><div class="chart"><canvas id="chart-pathStepsScatter" aria-label="Path steps against path length"></canvas></div></div>
<table class="summary" id="path-steps-growth"><thead><tr><th class="text">solver</th><th>one-unit runs</th><th>growth exponent</th><th>path steps / path length</th></tr></thead><tbody>${rows.join('\n')}</tbody></table>`;
}

/** Where adding robots stops adding throughput, per planner and LoRR problem (throughputKnee.ts); empty without lifelong runs. */
function kneeSection(records: readonly RunRecord[]): string {
  const knees = throughputKnees(records);
  if (knees.length === 0) return '';
  return `<h2>Where adding robots stops adding throughput</h2>
<ul id="throughput-knees">${knees.map((k) => `<li>${h(kneeSentence(k))}</li>`).join('\n')}</ul>`;
}

/** The door's flow against its width beside the pedestrian line (doorFlow.ts); empty unless the experiment asks for it. */
function doorFlowSection(door: DoorFlowData | null): string {
  if (!door) return '';
  const rows = door.series.flatMap((s) => s.points.map((p) => `<tr><td class="text">${h(s.label)}</td><td>${p.widthCells} (${Number(p.widthM.toFixed(2))} m)</td><td>${p.runs}</td><td>${formatNumber(p.flow)}${Number.isFinite(p.low) ? `<span class="ci">[${formatNumber(p.low)}, ${formatNumber(p.high)}]</span>` : ''}</td><td class="text">${h(doorFlowVerdict(p.ratio))}</td></tr>`));
  const points = PEDESTRIAN_POINTS.map((p) => `${p.widthM} m: ${p.low === p.high ? p.low : `${p.low}-${p.high}`} persons/s`).join('; ');
  return `<h2>Flow through the door against its width</h2>
<p>Each solver setting's specific flow through the measured region (its crossings per 10 turns, a turn ${door.turnSeconds} s, over the door's width, a cell ${door.cellMetres} m) against the width, beside the pedestrian experiments' line: about ${door.line} persons/s per metre (${points}; JuPedSim's bottleneck validation data). The crossing rate spans the first to the last unit through, so it reads below a steady flow.</p>
<div class="charts"><div class="chart"><canvas id="chart-doorFlow" aria-label="Flow through the door against its width"></canvas></div></div>
<table class="summary" id="door-flow"><thead><tr><th class="text">solver</th><th>door width</th><th>runs</th><th>persons/s per metre</th><th class="text">against the pedestrian line</th></tr></thead><tbody>${rows.join('\n')}</tbody></table>`;
}

function failureNotes(records: readonly RunRecord[]): string {
  const failures = records.filter(isFailure);
  if (failures.length === 0) return '<p>No run failed: every run was set up and measured.</p>';
  const reasons = new Map<string, RunRecord[]>();
  for (const r of failures) {
    const list = reasons.get(r.message) ?? [];
    list.push(r);
    reasons.set(r.message, list);
  }
  const shown = [...reasons.entries()].sort((a, b) => b[1].length - a[1].length).slice(0, 10);
  const items = shown.map(([message, runs]) => {
    const examples = runs.slice(0, 5).map((r) => `run ${r.id} (${h(r.label)}, ${h(r.map)}#${r.instance}, ${r.agents} agents)`).join('; ');
    return `<li><strong>${runs.length}×</strong> <code>${h(message)}</code><br><span class="examples">${examples}${runs.length > 5 ? '; …' : ''}</span></li>`;
  });
  const more = reasons.size > shown.length ? `<p>${reasons.size - shown.length} more distinct reasons; see results.jsonl.</p>` : '';
  return `<p>${failures.length} of ${records.length} runs measured nothing (status <code>error</code>: not set up, solver threw, process crashed or hung). They are counted in the tables, not averaged in.</p><ul class="failures">${items.join('\n')}</ul>${more}`;
}

function machinesTable(machines: readonly Record<string, string | number>[]): string {
  if (machines.length === 0) return '<p>Not recorded.</p>';
  const keys = [...new Set(machines.flatMap((m) => Object.keys(m)))];
  const rows = keys.map((k) => `<tr><th class="text">${h(k)}</th>${machines.map((m) => `<td class="text">${h(String(m[k] ?? ''))}</td>`).join('')}</tr>`);
  return `<table class="machines">${rows.join('\n')}</table>`;
}

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 1200px; padding: 0 1rem; color: #222; }
h1 { margin-bottom: 0.2rem; } .meta { color: #666; }
.charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(520px, 1fr)); gap: 1rem; }
.chart { position: relative; height: 320px; border: 1px solid #ddd; border-radius: 4px; padding: 0.5rem; }
table { border-collapse: collapse; margin: 0.5rem 0 1.5rem; font-variant-numeric: tabular-nums; }
th, td { border-bottom: 1px solid #e4e4e4; padding: 0.25rem 0.6rem; text-align: right; vertical-align: top; }
th.text, td.text { text-align: left; } th { background: #f6f6f6; }
.summary { font-size: 12px; } .ci { display: block; color: #888; font-size: 11px; white-space: nowrap; }
pre { background: #f6f6f6; padding: 1rem; overflow: auto; } .examples { color: #666; font-size: 12px; }
`;

export function reportHtml(input: ReportInput): string {
  const { experiment, records } = input;
  const rows = aggregate(records);
  const measures = reportedMeasures(rows);
  const scatter = pathStepsScatter(records);
  const door = doorFlowData(experiment, records);
  const data = { measures, series: chartSeries(rows), scatter: scatter.map((x) => ({ label: x.label, points: x.points })), door };
  const charts = measures.map((m) => `<div class="chart"><canvas id="chart-${m.key}" aria-label="${h(m.title)}"></canvas></div>`).join('\n');
  const missing = input.runsPlanned - records.length;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${h(experiment.name)}: mapf-lab experiment report</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${h(experiment.name)}</h1>
<p class="meta">Experiment report by ${h(input.generator)}, ${h(input.generatedAt)}. Definition fingerprint <code>${h(input.experimentHash)}</code>.</p>
${experiment.description ? `<p>${h(experiment.description)}</p>` : ''}
<p id="counts">${records.length} of ${input.runsPlanned} runs recorded${missing > 0 ? ` (${missing} not run yet)` : ''}; ${records.filter(isFailure).length} errors.</p>

<h2>Charts</h2>
<p>One line per solver setting against the number of agents; the shaded band is the 95% confidence interval across repeats (Student t for means, Wilson for success rates). Times are on a log scale, where a band reaching zero is cut at the bottom of the axis. Hover a point for its values.</p>
<noscript><p>The charts need JavaScript; the table below has every number.</p></noscript>
<div class="charts">
${charts}
</div>

${kneeSection(records)}
${pathStepsSection(scatter)}
${doorFlowSection(door)}

<h2>Summary</h2>
<p>Mean per solver setting and agent count, with the 95% interval beneath (none with fewer than two measured runs).</p>
${summaryTable(rows)}

<h2>Failures</h2>
${failureNotes(records)}

<h2>Machine and versions</h2>
${machinesTable(input.machines)}

<h2>Experiment definition</h2>
<pre>${h(JSON.stringify(experiment, null, 2))}</pre>

<script type="application/json" id="report-data">${jsonForScript(data)}</script>
<script>${scriptForInline(input.scripts.chartJs)}</script>
<script>${scriptForInline(input.scripts.drawCharts)}</script>
</body>
</html>
`;
}
