/**
 * The summary table of a sweep, per solver setting and agent count: the means of aggregate.ts
 * (Silver's measures, Silver 2005, Figures 3-7, plus sum of costs and makespan) as a text table,
 * and as CSV with each measure's 95% interval beside it.
 */
import { type AggregateRow, MEAN_MEASURES, aggregate } from './aggregate.ts';
import type { RunRecord } from './runRecord.ts';

/** The measures with an estimate in an AggregateRow, in column order. */
const MEASURES = ['successRate', ...MEAN_MEASURES] as const;
type Measure = (typeof MEASURES)[number];

/** An AggregateRow with each estimate cut to its mean: one row of the text table (the measures are described there). */
export type SummaryRow = Omit<AggregateRow, Measure> & Record<Measure, number>;

export const SUMMARY_COLUMNS: readonly (keyof SummaryRow)[] = ['label', 'agents', 'runs', 'failures', 'unsolved', ...MEASURES, 'worstTurnMs', 'costModel'];

export function summaryRow(row: AggregateRow): SummaryRow {
  const means = Object.fromEntries(MEASURES.map((m) => [m, row[m].mean])) as Record<Measure, number>;
  return { label: row.label, agents: row.agents, runs: row.runs, failures: row.failures, unsolved: row.unsolved, ...means, worstTurnMs: row.worstTurnMs, costModel: row.costModel };
}

/** Rows in the order labels first appear, agent counts ascending. */
export function summarize(records: readonly RunRecord[]): SummaryRow[] {
  return aggregate(records).map(summaryRow);
}

/** Flat rows for summary.csv: every measure followed by its 95% interval (`_low`, `_high`; empty when n < 2). */
export function summaryCsv(rows: readonly AggregateRow[]): string {
  const columns = ['label', 'agents', 'runs', 'failures', 'unsolved', ...MEASURES.flatMap((m) => [m, `${m}_low`, `${m}_high`]), 'worstTurnMs', 'costModel'];
  const flat = rows.map((row) => {
    const out: Record<string, unknown> = { ...summaryRow(row) };
    for (const m of MEASURES) {
      out[`${m}_low`] = row[m].low;
      out[`${m}_high`] = row[m].high;
    }
    return out;
  });
  return toCsv(flat, columns);
}

function cellText(value: unknown): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '-';
    return Number.isInteger(value) ? String(value) : value.toFixed(Math.abs(value) >= 100 ? 1 : 3);
  }
  return String(value);
}

/** An aligned plain-text table. */
export function formatTable<T extends object>(rows: readonly T[], columns: readonly (keyof T)[], headers?: Partial<Record<keyof T, string>>): string {
  const head = columns.map((c) => headers?.[c] ?? String(c));
  const body = rows.map((row) => columns.map((c) => cellText(row[c])));
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i].length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

export const SUMMARY_HEADERS: Partial<Record<keyof SummaryRow, string>> = {
  label: 'solver', failures: 'errors', successRate: 'success', meanPathLength: 'path', meanLowerBound: 'bound', pathRatio: 'path/bound',
  cyclesPerAgent: 'cycles/agent', sumOfCosts: 'SoC', costModel: 'SoC model', initMs: 'init ms', maxTurnMs: 'max turn ms', worstTurnMs: 'worst turn ms',
  costLowerBound: 'SoC bound', costOverBound: 'SoC/bound', pathStepsComputed: 'path steps', regionThroughput: 'region entries /10', regionMeanWait: 'region wait', regionCrossingRate: 'region crossed /10', tasksPerStep: 'tasks/step',
};

export function formatSummary(rows: readonly SummaryRow[]): string {
  return formatTable(rows, SUMMARY_COLUMNS, SUMMARY_HEADERS);
}

/** RFC 4180 CSV: fields with commas, quotes or line breaks are quoted. */
export function toCsv<T extends object>(rows: readonly T[], columns: readonly (keyof T)[]): string {
  const quote = (value: unknown) => {
    let text = typeof value === 'number' && !Number.isFinite(value) ? '' : String(value ?? '');
    // A text cell a spreadsheet would run as a formula (=, +, -, @, or a tab or CR first) gets a
    // leading apostrophe (OWASP's CSV injection advice); numbers are left as they are.
    if (typeof value !== 'number' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [columns.join(','), ...rows.map((row) => columns.map((c) => quote(row[c])).join(','))].join('\n') + '\n';
}
