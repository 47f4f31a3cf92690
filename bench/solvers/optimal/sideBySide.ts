/**
 * Two solvers side by side on one suite ("cbs and id+od side by side; say where each
 * wins"): per band of agent counts, the share each solved, the instances only one of them solved,
 * and on those both solved, who was faster and the median time of each. When both are optimal
 * for the run's cost model, their costs must agree on every instance both solved: the count is
 * printed, and any instance where they differ is named (one of them is then wrong).
 */
export interface SideRun {
  status: string;
  ms: number;
  cost: number;
}

const BANDS: readonly [number, number][] = [
  [2, 10],
  [11, 20],
  [21, 30],
  [31, 40],
  [41, 50],
  [51, 60],
  [61, Infinity],
];

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Prints the comparison of solver `a` with solver `b`; `bothOptimal` checks their costs agree. */
export function printSideBySide(a: string, b: string, runsA: readonly SideRun[], runsB: readonly SideRun[], agentCounts: readonly number[], labels: readonly string[], bothOptimal: boolean): void {
  console.log(`\n${a} and ${b} side by side, by agent count (ms on this thread's CPU clock when it is used):`);
  console.log(`agents   instances  ${a} solved  ${b} solved  only ${a}  only ${b}  both: ${a} faster / ${b} faster  median ms ${a} / ${b}`);
  for (const [low, high] of BANDS) {
    const idx = agentCounts.flatMap((k, i) => (k >= low && k <= high ? [i] : []));
    if (idx.length === 0) continue;
    const solvedA = idx.filter((i) => runsA[i].status === 'solved');
    const solvedB = idx.filter((i) => runsB[i].status === 'solved');
    const both = solvedA.filter((i) => runsB[i].status === 'solved');
    const fasterA = both.filter((i) => runsA[i].ms < runsB[i].ms).length;
    const band = high === Infinity ? `${low}+` : `${low}-${high}`;
    console.log(
      `${band.padEnd(8)} ${String(idx.length).padStart(9)}  ${String(solvedA.length).padStart(6 + a.length)}  ${String(solvedB.length).padStart(6 + b.length)}  ` +
        `${String(solvedA.length - both.length).padStart(5 + a.length)}  ${String(solvedB.length - both.length).padStart(5 + b.length)}  ` +
        `${`${fasterA} / ${both.length - fasterA}`.padStart(22 + a.length + b.length)}  ${median(both.map((i) => runsA[i].ms)).toFixed(1)} / ${median(both.map((i) => runsB[i].ms)).toFixed(1)}`,
    );
  }
  if (!bothOptimal) return;
  const both = runsA.flatMap((r, i) => (r.status === 'solved' && runsB[i].status === 'solved' ? [i] : []));
  const differ = both.filter((i) => runsA[i].cost !== runsB[i].cost);
  console.log(`optimum equal: ${both.length - differ.length} of the ${both.length} instances both solved` + (differ.length > 0 ? `; DIFFER: ${differ.map((i) => `${labels[i]} (${runsA[i].cost} vs ${runsB[i].cost})`).join(', ')}` : ''));
}
