/**
 * bench:peers' printing: a row per run, a summary per band and the targets against the
 * figures. Every figure names its metric and clock: SOC is the sum of costs in the `rest` model
 * (each unit's last arrival at its goal), SoL the sum of loss (`away`: a step costs unless it
 * stays on its goal), LB the sum of the units' shortest distances (lacam's soc_lb, the same for
 * both sides), "proved LB" the solver's own lower bound on the SOC (CBS's min f).
 */
import { loadavg } from 'node:os';
import type { Band, Contender, RunFigures } from './contenders.ts';
import { PEERS_BIN } from './peerRuns.ts';

/** Per contender label, per scenario in order: its figures (null: skipped, its binary absent). */
export type BandRuns = Map<string, (RunFigures | null)[]>;

const fixed = (x: number | null | undefined, digits: number): string => (x === null || x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(digits));
export const load = (): string => loadavg()[0].toFixed(2);

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}
const mean = (values: number[]): number => (values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length);
const solved = (r: RunFigures | null | undefined): r is RunFigures => r !== null && r !== undefined && r.status === 'solved';

export function printHeader(): void {
  console.log(
    'contender'.padEnd(32) + 'status   ' + 'CPU s'.padStart(8) + '  clock          ' + 'other s'.padStart(8) + '  other clock   ' +
      'SOC'.padStart(9) + 'SOC/LB'.padStart(8) + 'SoL/LB'.padStart(8) + 'proved LB'.padStart(10) + '  CPU ours/theirs  SOC ours/theirs  valid  load',
  );
}

/** One run's row; `versus` is the run it is set against on the same instance (ours / theirs). */
export function printRun(c: Contender, r: RunFigures | null, lb: number, versus: RunFigures | null | undefined): void {
  if (r === null) {
    console.log(`${c.label.padEnd(32)}skipped: no binary in ${PEERS_BIN}`);
    return;
  }
  const both = solved(r) && solved(versus);
  console.log(
    c.label.padEnd(32) + r.status.padEnd(9) + fixed(r.cpuS, 3).padStart(8) + `  ${r.cpuClock.padEnd(15)}` + fixed(r.otherS, 3).padStart(8) + `  ${r.otherClock.padEnd(14)}` +
      String(r.soc ?? '-').padStart(9) + fixed(r.soc === null ? null : r.soc / lb, 3).padStart(8) + fixed(r.sumOfLoss === null ? null : r.sumOfLoss / lb, 3).padStart(8) +
      String(r.provedLb ?? '-').padStart(10) + `  ${(both ? fixed(r.cpuS / versus!.cpuS, 2) : '-').padStart(15)}  ${(both ? fixed(r.soc! / versus!.soc!, 3) : '-').padStart(15)}` +
      `  ${r.valid === null ? '-' : r.valid ? 'yes' : 'NO'}`.padEnd(7) + `  ${load()}` + (r.status !== 'solved' && r.message ? `  (${r.message})` : ''),
  );
}

export interface ContenderSummary {
  label: string;
  runs: number;
  solved: number;
  invalid: number;
  medianCpuS: number;
  cpuClock: string;
  meanSocLb: number;
  meanSolLb: number;
  /** Against its `versus`, over the scenarios both solved: median CPU ratio, SOC sum ratio, and how many. */
  cpuRatio?: number;
  /**
   * The median CPU ratio with the peer's set-up (RunFigures.setUpS: cbsh2-rtc's distance tables,
   * outside its clock, inside ours) added to its figure: the same work on both sides.
   */
  cpuRatioWithSetUp?: number;
  socRatio?: number;
  bothSolved?: number;
}

/** The band's summary per contender (null: skipped). */
export function summarize(band: Band, runs: BandRuns, lbs: number[]): (ContenderSummary | null)[] {
  return band.contenders.map((c) => {
    const rs = runs.get(c.label)!;
    if (rs.every((r) => r === null)) return null;
    const ok = rs.flatMap((r, i) => (solved(r) ? [{ r, lb: lbs[i] }] : []));
    const s: ContenderSummary = {
      label: c.label,
      runs: rs.length,
      solved: ok.length,
      invalid: ok.filter(({ r }) => r.valid === false).length,
      medianCpuS: median(ok.map(({ r }) => r.cpuS)),
      cpuClock: rs.find((r) => r !== null)!.cpuClock,
      meanSocLb: mean(ok.map(({ r, lb }) => r.soc! / lb)),
      meanSolLb: mean(ok.map(({ r, lb }) => r.sumOfLoss! / lb)),
    };
    const theirs = c.versus === undefined ? undefined : runs.get(c.versus);
    if (theirs !== undefined && theirs.some((r) => r !== null)) {
      const both = rs.flatMap((r, i) => (solved(r) && solved(theirs[i]) ? [i] : []));
      s.bothSolved = both.length;
      s.cpuRatio = median(both.map((i) => rs[i]!.cpuS)) / median(both.map((i) => theirs[i]!.cpuS));
      if (both.length > 0 && both.every((i) => typeof theirs[i]!.setUpS === 'number')) {
        s.cpuRatioWithSetUp = median(both.map((i) => rs[i]!.cpuS)) / median(both.map((i) => theirs[i]!.cpuS + theirs[i]!.setUpS!));
      }
      s.socRatio = both.reduce((a, i) => a + rs[i]!.soc!, 0) / both.reduce((a, i) => a + theirs[i]!.soc!, 0);
    }
    return s;
  });
}

export function printSummary(band: Band, summaries: (ContenderSummary | null)[]): void {
  console.log(`  band ${band.map} k=${band.k}:`);
  for (const [i, s] of summaries.entries()) {
    const c = band.contenders[i];
    if (s === null) {
      console.log(`    ${c.label.padEnd(30)} skipped (no binary)`);
      continue;
    }
    console.log(
      `    ${s.label.padEnd(30)} solved ${s.solved}/${s.runs} in ${c.limitS} s, median ${fixed(s.medianCpuS, 3)} s ${s.cpuClock}, mean SOC/LB ${fixed(s.meanSocLb, 3)}, mean SoL/LB ${fixed(s.meanSolLb, 3)}` +
        (s.invalid > 0 ? `, ${s.invalid} INVALID plans` : '') +
        (s.bothSolved !== undefined ? `; vs ${c.versus} on the ${s.bothSolved} both solved: median CPU ratio ${fixed(s.cpuRatio, 2)}, SOC ratio ${fixed(s.socRatio, 3)}` : '') +
        (s.cpuRatioWithSetUp !== undefined ? ` (CPU ratio ${fixed(s.cpuRatioWithSetUp, 2)} with their set-up added: distance tables, outside their clock, inside ours)` : '') +
        `; load ${load()}`,
    );
  }
}
