/**
 * bench:peers without the C++ binaries: every peer column and every target that needs one says
 * it was skipped (no verdict made up), and the run itself goes through and exits cleanly.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { type RunFigures, bandsOf } from '../../bench/peers/contenders.ts';
import { summarize } from '../../bench/peers/report.ts';
import { printTargetTable, targetRows } from '../../bench/peers/targets.ts';
import { BENCHMARKS_DIR, skipWithoutBenchmarks } from '../support/benchmarks.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

const oursSolved = (cpuS: number, soc: number): RunFigures => ({
  status: 'solved', cpuS, cpuClock: 'thread CPU', otherS: cpuS, otherClock: 'process CPU', soc, sumOfLoss: soc - 10, provedLb: 900, valid: true, firstSolutionWallS: null,
});

describe('bench:peers targets', () => {
  it('a band whose peers are absent has its targets skipped, one table naming metric and clock', () => {
    const rows = (['lacam', 'lacam-star', 'eecbs', 'cbs'] as const).flatMap((set) => {
      const band = bandsOf(set, { limitS: 60, starLimits: [1, 10], threads: false })[1];
      const runs = new Map(band.contenders.map((c) => [c.label, c.side === 'ours' ? [oursSolved(0.5, 1000)] : [null]]));
      return targetRows([{ band, runs, lbs: [950], summaries: summarize(band, runs, [950]) }]);
    });
    const peerTargets = rows.filter((r) => r.target !== 'LaCAM* <= 1.05' && r.target !== 'optimum equal');
    expect(peerTargets.length).toBeGreaterThanOrEqual(5);
    for (const r of peerTargets) expect(r.verdict, r.target).toBe('skipped');
    // A fixed bound needs no peer: den520d's 1.05 is judged (1000 / 950 > 1.05).
    expect(rows.find((r) => r.target === 'LaCAM* <= 1.05')?.verdict).toBe('FAIL');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    printTargetTable(rows);
    const printed = log.mock.calls.map((c) => String(c[0])).join('\n');
    log.mockRestore();
    expect(printed).toMatch(/SOC\/LB \(rest\)/);
    expect(printed).toMatch(/CPU s \(our thread/);
    expect(printed).toMatch(/skipped \(peer absent\)/);
  });

  it('a band where ours is slower than the C++ LaCAM on one instance fails that target', () => {
    const band = bandsOf('lacam', { limitS: 60, starLimits: [10], threads: false })[1];
    const theirs = (cpuS: number): RunFigures => ({ ...oursSolved(cpuS, 1100), cpuClock: 'process CPU', otherS: cpuS / 2, otherClock: 'own wall' });
    const runs = new Map([
      ['lacam', [oursSolved(0.3, 1000), oursSolved(0.5, 1000)]],
      ['lacam (C++)', [theirs(1.0), theirs(0.8)]],
    ]);
    const [row] = targetRows([{ band, runs, lbs: [950, 950], summaries: summarize(band, runs, [950, 950]) }]);
    // #2: ours 0.5 s against the smaller of their process CPU 0.8 and their wall 0.4.
    expect(row.verdict).toBe('FAIL');
    expect(row.against).toBe('#1 0.50 #2 0.40');
  });

  it("sets ours against cbsh2-rtc's solve CPU, and again with the set-up its clock leaves out added", () => {
    const band = bandsOf('cbs', { limitS: 60, starLimits: [10], threads: false })[0];
    const theirs = (cpuS: number, setUpS: number | null): RunFigures => ({ ...oursSolved(cpuS, 1000), cpuClock: 'own CPU (solve)', setUpS });
    const runs = new Map<string, (RunFigures | null)[]>([
      ['cbs', [oursSolved(0.06, 1000), oursSolved(0.1, 1000), oursSolved(0.3, 1000)]],
      ['cbsh2-rtc', [theirs(0.02, 0.01), theirs(0.04, 0.01), theirs(0.2, 0.01)]],
      ['eecbs w=1 (C++)', [null, null, null]],
    ]);
    const ours = summarize(band, runs, [950, 950, 950])[0]!;
    expect(ours.cpuRatio).toBeCloseTo(0.1 / 0.04, 6);
    expect(ours.cpuRatioWithSetUp).toBeCloseTo(0.1 / 0.05, 6);
    // One run without the figure: no second ratio made up.
    runs.set('cbsh2-rtc', [theirs(0.02, 0.01), theirs(0.04, null), theirs(0.2, 0.01)]);
    expect(summarize(band, runs, [950, 950, 950])[0]!.cpuRatioWithSetUp).toBeUndefined();
  });

  it('runs without the binaries (an empty peers folder): ours run, theirs skipped, exit 0', (context) => {
    skipWithoutBenchmarks(context);
    const empty = mkdtempSync(join(tmpdir(), 'no-peers-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/peers/peers.bench.ts', '--peers', empty, '--shared', dirname(BENCHMARKS_DIR), '--set', 'lacam', '--maps', 'random-32-32-20', '--scens', '1-1', '--limit-s', '60'], {
        cwd: REPO,
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('ABSENT');
      expect(run.stdout).toMatch(/lacam \(C\+\+\)\s+skipped: no binary/);
      expect(run.stdout).toMatch(/^lacam\s+solved/m);
      expect(run.stdout).toMatch(/LaCAM <= C\+\+ LaCAM \| random-32-32-20 k=400 .*\| skipped/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
