/**
 * The targets for bench:peers, each a row of one table printed at the end of the run:
 * the target, the band, the metric and its clock (SOC/LB is not sum-of-loss/LB; our thread CPU
 * against their solve or process CPU), our figure, the figure it is judged against (the peer's
 * or a fixed bound) and the verdict. "A quiet machine", so the load is printed too. A target
 * whose peer was skipped says so instead of a verdict.
 */
import type { Band, RunFigures } from './contenders.ts';
import { type BandRuns, type ContenderSummary, load } from './report.ts';

export interface BandResult {
  band: Band;
  runs: BandRuns;
  lbs: number[];
  summaries: (ContenderSummary | null)[];
}

/** One target judged on one band. */
export interface TargetRow {
  target: string;
  band: string;
  /** The metric compared and its clock, named. */
  metric: string;
  ours: string;
  /** What ours is judged against: the peer's figure, or a bound. */
  against: string;
  verdict: 'pass' | 'FAIL' | 'skipped';
}

const verdict = (pass: boolean): 'pass' | 'FAIL' => (pass ? 'pass' : 'FAIL');
const of = (r: BandResult, label: string): ContenderSummary | null | undefined => r.summaries.find((s) => s?.label === label);
const solvedRun = (x: RunFigures | null | undefined): x is RunFigures => x !== null && x !== undefined && x.status === 'solved';
const skipped = (target: string, band: string, metric: string, why: string): TargetRow => ({ target, band, metric, ours: '-', against: why, verdict: 'skipped' });

/** The rows of each target of the bands' set against their figures. */
export function targetRows(results: BandResult[]): TargetRow[] {
  const rows: TargetRow[] = [];
  for (const r of results) {
    const set = r.band.set;
    const band = `${r.band.map} k=${r.band.k}`;
    if (set === 'cbs') {
      const ours = of(r, 'cbs');
      const theirs = of(r, 'cbsh2-rtc');
      const cpuMetric = 'median CPU s (our thread / their solve)';
      const solvedMetric = `solved at ${r.band.contenders[0].limitS} s CPU`;
      if (!ours || !theirs) {
        rows.push(skipped('CBS <= 2x cbsh2-rtc', band, cpuMetric, 'cbsh2-rtc absent'), skipped('CBS solves = cbsh2-rtc', band, solvedMetric, 'cbsh2-rtc absent'));
      } else {
        rows.push({
          target: 'CBS <= 2x cbsh2-rtc', band, metric: `${cpuMetric}, ratio on ${ours.bothSolved} both solved`,
          ours: `${ours.medianCpuS.toFixed(3)} (ratio ${ours.cpuRatio?.toFixed(2) ?? '-'})`, against: `${theirs.medianCpuS.toFixed(3)} (ratio <= 2)`, verdict: verdict((ours.cpuRatio ?? Infinity) <= 2),
        });
        rows.push({ target: 'CBS solves = cbsh2-rtc', band, metric: solvedMetric, ours: `${ours.solved}/${ours.runs}`, against: `${theirs.solved}/${theirs.runs}`, verdict: verdict(ours.solved >= theirs.solved) });
      }
      // Optimum equal: every solver here is optimal, so on each instance all SOCs that exist agree.
      const differ: string[] = [];
      let compared = 0;
      for (let i = 0; i < r.lbs.length; i++) {
        const socs = r.band.contenders.map((c) => r.runs.get(c.label)![i]).filter(solvedRun).map((x) => x.soc);
        if (socs.length < 2) continue;
        compared++;
        if (socs.some((s) => s !== socs[0])) differ.push(`#${i + 1}: ${socs.join('/')}`);
      }
      rows.push(
        compared === 0
          ? skipped('optimum equal', band, 'SOC (rest)', 'fewer than two solvers solved any')
          : { target: 'optimum equal', band, metric: 'SOC (rest), every solver', ours: `${compared - differ.length} of ${compared} agree`, against: differ.length ? differ.join('; ') : 'all equal', verdict: verdict(differ.length === 0) },
      );
    } else if (set === 'eecbs') {
      const ours = of(r, 'eecbs w=1.2');
      const metric = 'SOC ratio (rest) and median CPU ratio (our thread / their solve)';
      if (!ours || ours.cpuRatio === undefined) {
        rows.push(skipped('EECBS parity', band, metric, 'the C++ EECBS absent'));
        continue;
      }
      const pass = ours.socRatio! >= 0.98 && ours.socRatio! <= 1.01 && ours.cpuRatio <= 1.1;
      rows.push({ target: 'EECBS parity', band, metric: `${metric} on ${ours.bothSolved} both solved`, ours: `SOC ${ours.socRatio!.toFixed(3)}, CPU ${ours.cpuRatio.toFixed(2)}`, against: 'SOC 0.98-1.01, CPU <= 1.1', verdict: verdict(pass) });
    } else if (set === 'lacam') {
      const ours = r.runs.get('lacam')!;
      const theirs = r.runs.get('lacam (C++)')!;
      const metric = 'first solution CPU s (our thread / C++: min of process CPU, own wall), each instance';
      if (theirs.every((x) => x === null)) {
        rows.push(skipped('LaCAM <= C++ LaCAM', band, metric, 'the C++ LaCAM absent'));
        continue;
      }
      // Their solve's CPU is at most both their process CPU (map reading and writing included) and their own wall clock: take the smaller.
      const each = ours.map((o, i) => {
        const t = theirs[i];
        if (!solvedRun(o)) return { pass: false, ours: `#${i + 1} ${(o as RunFigures | null)?.status ?? 'skipped'}`, theirs: `#${i + 1} -` };
        if (!solvedRun(t)) return { pass: true, ours: `#${i + 1} ${o.cpuS.toFixed(2)}`, theirs: `#${i + 1} ${(t as RunFigures | null)?.status ?? 'skipped'}` };
        const theirsS = Math.min(t.cpuS, t.otherS ?? Infinity);
        return { pass: o.cpuS <= theirsS, ours: `#${i + 1} ${o.cpuS.toFixed(2)}`, theirs: `#${i + 1} ${theirsS.toFixed(2)}` };
      });
      rows.push({ target: 'LaCAM <= C++ LaCAM', band, metric, ours: each.map((e) => e.ours).join(' '), against: each.map((e) => e.theirs).join(' '), verdict: verdict(each.every((e) => e.pass)) });
    } else {
      const top = Math.max(...r.band.contenders.filter((c) => c.side === 'ours').map((c) => c.limitS));
      const ours = of(r, `lacam-star ${top} s`);
      const theirs = of(r, `lacam3 1 thread ${top} s`);
      const metric = `mean SOC/LB (rest) at ${top} s CPU (SoL/LB beside it)`;
      if (!ours) continue;
      const oursText = `${ours.meanSocLb.toFixed(3)} (SoL/LB ${ours.meanSolLb.toFixed(3)}), ${ours.solved}/${ours.runs} solved`;
      if (theirs) {
        rows.push({
          target: 'LaCAM* <= lacam3 1 thread', band, metric, ours: oursText,
          against: `${theirs.meanSocLb.toFixed(3)} (SoL/LB ${theirs.meanSolLb.toFixed(3)}), ${theirs.solved}/${theirs.runs} solved`, verdict: verdict(ours.meanSocLb <= theirs.meanSocLb && ours.solved >= theirs.solved),
        });
      } else rows.push(skipped('LaCAM* <= lacam3 1 thread', band, metric, 'lacam3 absent'));
      if (r.band.map === 'den520d' || r.band.map === 'Berlin_1_256') rows.push({ target: 'LaCAM* <= 1.05', band, metric, ours: oursText, against: '1.05', verdict: verdict(ours.meanSocLb <= 1.05) });
    }
  }
  return rows;
}

/** Every target row of the run in one table, with the load now. */
export function printTargetTable(rows: TargetRow[]): void {
  if (rows.length === 0) return;
  const columns: (keyof TargetRow)[] = ['target', 'band', 'metric', 'ours', 'against', 'verdict'];
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]): string => cells.map((x, i) => x.padEnd(widths[i])).join(' | ').trimEnd();
  console.log(`\ntargets (the issue's; CPU time; load now ${load()}; "against": the peer's figure or the bound):`);
  console.log(line(columns));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(line(columns.map((c) => r[c])));
  const failed = rows.filter((r) => r.verdict === 'FAIL').length;
  const skippedCount = rows.filter((r) => r.verdict === 'skipped').length;
  console.log(`${rows.length - failed - skippedCount} pass, ${failed} fail, ${skippedCount} skipped (peer absent)`);
}
