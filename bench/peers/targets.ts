/**
 * The issue's targets for bench:peers, each printed beside the figures it is judged on (CPU time;
 * "a quiet machine", so the load is printed too). A target whose peer was skipped says so.
 */
import type { Band, RunFigures } from './contenders.ts';
import { type BandRuns, type ContenderSummary, load } from './report.ts';

export interface BandResult {
  band: Band;
  runs: BandRuns;
  lbs: number[];
  summaries: (ContenderSummary | null)[];
}

const verdict = (pass: boolean): string => (pass ? 'pass' : 'FAIL');
const of = (r: BandResult, label: string): ContenderSummary | null | undefined => r.summaries.find((s) => s?.label === label);
const solvedRun = (x: RunFigures | null | undefined): x is RunFigures => x !== null && x !== undefined && x.status === 'solved';

/** Prints each target of the bands' set against their figures. */
export function printTargets(results: BandResult[]): void {
  if (results.length === 0) return;
  const set = results[0].band.set;
  console.log(`\ntargets (${set}; CPU time; load now ${load()}):`);
  for (const r of results) {
    const name = `${r.band.map} k=${r.band.k}`;
    if (set === 'cbs') {
      const ours = of(r, 'cbs');
      const theirs = of(r, 'cbsh2-rtc');
      if (!ours || !theirs) {
        console.log(`  ${name}: cbsh2-rtc skipped, no target judged`);
        continue;
      }
      console.log(`  ${name}: CPU median ${ours.medianCpuS.toFixed(3)} s (thread) vs 2 x cbsh2-rtc's ${theirs.medianCpuS.toFixed(3)} s (${theirs.cpuClock}) over the instances each solved; ratio of medians on the ${ours.bothSolved} both solved ${ours.cpuRatio?.toFixed(2)}: target <= 2: ${verdict((ours.cpuRatio ?? Infinity) <= 2)}`);
      console.log(`  ${name}: solved ${ours.solved} vs cbsh2-rtc ${theirs.solved} of ${ours.runs} at ${r.band.contenders[0].limitS} s CPU (target: equal at 60 s): ${verdict(ours.solved >= theirs.solved)}`);
      // Optimum equal: every solver here is optimal, so on each instance all SOCs that exist agree.
      const differ: string[] = [];
      let compared = 0;
      for (let i = 0; i < r.lbs.length; i++) {
        const socs = r.band.contenders.map((c) => r.runs.get(c.label)![i]).filter(solvedRun).map((x) => x.soc);
        if (socs.length < 2) continue;
        compared++;
        if (socs.some((s) => s !== socs[0])) differ.push(`scen #${i + 1}: ${socs.join(' / ')}`);
      }
      console.log(`  ${name}: optimum equal (SOC, rest) on ${compared - differ.length} of the ${compared} instances two or more solved: ${verdict(differ.length === 0)}${differ.length ? ` (${differ.join('; ')})` : ''}`);
    } else if (set === 'eecbs') {
      const ours = of(r, 'eecbs w=1.2');
      if (!ours || ours.cpuRatio === undefined) {
        console.log(`  ${name}: the C++ EECBS skipped, no target judged`);
        continue;
      }
      const pass = ours.socRatio! >= 0.98 && ours.socRatio! <= 1.01 && ours.cpuRatio <= 1.1;
      console.log(`  ${name}: parity with EECBS w=1.2: SOC ratio ${ours.socRatio!.toFixed(3)} (0.98-1.01), median CPU ratio ${ours.cpuRatio.toFixed(2)} (our thread vs their solve CPU, at most 1.1) over ${ours.bothSolved} both solved: ${verdict(pass)}`);
    } else if (set === 'lacam') {
      const ours = r.runs.get('lacam')!;
      const theirs = r.runs.get('lacam (C++)')!;
      if (theirs.every((x) => x === null)) {
        console.log(`  ${name}: the C++ LaCAM skipped, no target judged`);
        continue;
      }
      // Their solve's CPU is at most both their process CPU (map reading and writing included) and their own wall clock: take the smaller.
      const lines = ours.map((o, i) => {
        const t = theirs[i];
        if (!solvedRun(o)) return { pass: false, text: `#${i + 1} ours ${(o as RunFigures | null)?.status ?? 'skipped'}` };
        if (!solvedRun(t)) return { pass: true, text: `#${i + 1} ${o.cpuS.toFixed(2)} s vs C++ ${(t as RunFigures | null)?.status ?? 'skipped'}` };
        const theirsS = Math.min(t.cpuS, t.otherS ?? Infinity);
        return { pass: o.cpuS <= theirsS, text: `#${i + 1} ${o.cpuS.toFixed(2)} vs ${theirsS.toFixed(2)}` };
      });
      console.log(`  ${name}: first solution, ours (thread CPU) at most the C++ LaCAM's (min of its process CPU and its own wall comp_time), every instance: ${verdict(lines.every((l) => l.pass))} (${lines.map((l) => l.text).join(', ')})`);
    } else {
      const limits = r.band.contenders.filter((c) => c.side === 'ours').map((c) => c.limitS);
      const top = Math.max(...limits);
      const ours = of(r, `lacam-star ${top} s`);
      const theirs = of(r, `lacam3 1 thread ${top} s`);
      if (!ours) continue;
      if (theirs) console.log(`  ${name}: at ${top} s, mean SOC/LB ${ours.meanSocLb.toFixed(3)} (${ours.solved} solved) vs lacam3 --no-multi-thread ${theirs.meanSocLb.toFixed(3)} (${theirs.solved} solved), target at most: ${verdict(ours.meanSocLb <= theirs.meanSocLb && ours.solved >= theirs.solved)}`);
      else console.log(`  ${name}: lacam3 skipped, no comparison`);
      if (r.band.map === 'den520d' || r.band.map === 'Berlin_1_256') console.log(`  ${name}: at ${top} s, mean SOC/LB ${ours.meanSocLb.toFixed(3)}, target at most 1.05: ${verdict(ours.meanSocLb <= 1.05)}`);
    }
  }
}
