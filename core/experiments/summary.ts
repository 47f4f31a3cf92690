/**
 * The summary table of a sweep, per solver setting and agent count, with Silver's measures
 * (seed 001, Figures 3-7): success rate, mean path length against the no-other-agents lower
 * bound, cycles per agent, initial planning time and the maximum time of any turn.
 */
import type { RunRecord } from './runner.ts';

export interface SummaryRow {
  label: string;
  agents: number;
  runs: number;
  /** Runs that could not be set up or whose solver threw. */
  errors: number;
  /** Agents that succeeded / agents, over all runs (Figure 3). */
  successRate: number;
  /** Mean over runs of the mean path length and of the lower bound (Figure 4). */
  meanPathLength: number;
  meanLowerBound: number;
  /** Mean over runs of Σ path length / Σ lower bound. */
  pathRatio: number;
  /** Figure 5. */
  cyclesPerAgent: number;
  /** Mean initial planning time in ms (Figure 6). */
  initMs: number;
  /** Mean over runs of the run's slowest turn, and the slowest turn of all runs (Figure 7). */
  maxTurnMs: number;
  worstTurnMs: number;
}

export const SUMMARY_COLUMNS: readonly (keyof SummaryRow)[] = ['label', 'agents', 'runs', 'errors', 'successRate', 'meanPathLength', 'meanLowerBound', 'pathRatio', 'cyclesPerAgent', 'initMs', 'maxTurnMs', 'worstTurnMs'];

/** Rows in the order labels first appear, agent counts ascending. */
export function summarize(records: readonly RunRecord[]): SummaryRow[] {
  const groups = new Map<string, RunRecord[]>();
  const labels: string[] = [];
  for (const record of records) {
    if (!labels.includes(record.label)) labels.push(record.label);
    const key = `${record.label}\u0000${record.agents}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push(record);
  }
  const rows: SummaryRow[] = [];
  for (const group of groups.values()) {
    const ok = group.filter((r) => r.status !== 'error');
    // Runs where nothing could be measured (no agent reached its goal: NaN ratio) are left out.
    const mean = (f: (r: RunRecord) => number) => {
      const values = ok.map(f).filter((v) => Number.isFinite(v));
      return values.length === 0 ? NaN : values.reduce((s, v) => s + v, 0) / values.length;
    };
    const agents = ok.reduce((s, r) => s + r.agents, 0);
    rows.push({
      label: group[0].label,
      agents: group[0].agents,
      runs: group.length,
      errors: group.length - ok.length,
      successRate: agents === 0 ? 0 : ok.reduce((s, r) => s + r.successes, 0) / agents,
      meanPathLength: mean((r) => r.meanPathLength),
      meanLowerBound: mean((r) => r.meanLowerBound),
      pathRatio: mean((r) => r.pathRatio),
      cyclesPerAgent: mean((r) => r.cyclesPerAgent),
      initMs: mean((r) => r.initMs),
      maxTurnMs: mean((r) => r.maxTurnMs),
      worstTurnMs: ok.reduce((m, r) => Math.max(m, r.maxTurnMs), 0),
    });
  }
  rows.sort((a, b) => labels.indexOf(a.label) - labels.indexOf(b.label) || a.agents - b.agents);
  return rows;
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
  label: 'solver', successRate: 'success', meanPathLength: 'path', meanLowerBound: 'bound', pathRatio: 'path/bound',
  cyclesPerAgent: 'cycles/agent', initMs: 'init ms', maxTurnMs: 'max turn ms', worstTurnMs: 'worst turn ms',
};

export function formatSummary(rows: readonly SummaryRow[]): string {
  return formatTable(rows, SUMMARY_COLUMNS, SUMMARY_HEADERS);
}

/** RFC 4180 CSV: fields with commas, quotes or line breaks are quoted. */
export function toCsv<T extends object>(rows: readonly T[], columns: readonly (keyof T)[]): string {
  const quote = (value: unknown) => {
    const text = typeof value === 'number' && !Number.isFinite(value) ? '' : String(value ?? '');
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [columns.join(','), ...rows.map((row) => columns.map((c) => quote(row[c])).join(','))].join('\n') + '\n';
}
