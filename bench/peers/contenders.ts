/**
 * What bench:peers runs: per set, the bands (a map and an agent count, over the chosen random
 * scenarios) and the contenders on each, ours and the C++ peers, with the pairs whose ratio
 * (ours / theirs) is printed. Every contender runs in a process of its own (oursRunner.ts,
 * peerRuns.ts).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { MapfInstance } from '../../core/mapf/instance.ts';
import type { InstanceKey } from './instances.ts';
import type { OursResult } from './oursRunner.ts';
import { type PeerName, type PeerResult, cpuShare, peerAvailable, runPeer } from './peerRuns.ts';

export type SetName = 'cbs' | 'eecbs' | 'lacam' | 'lacam-star';
export const SET_NAMES: readonly SetName[] = ['cbs', 'eecbs', 'lacam', 'lacam-star'];

/** One run's figures, either side: CPU seconds on the clock named by `cpuClock`. */
export interface RunFigures {
  status: string;
  /** The CPU time compared: ours, the solving thread's; theirs, the process's (their own clock's figure where /usr/bin/time is absent). */
  cpuS: number;
  cpuClock: string;
  /** Ours: the process's CPU during the solve (V8's collector and compiler threads too). Theirs: their own figure. */
  otherS: number | null;
  otherClock: string;
  soc: number | null;
  sumOfLoss: number | null;
  provedLb: number | null;
  valid: boolean | null;
  /** lacam/lacam3: their first solution's wall time (their comp_time_initial_solution). */
  firstSolutionWallS: number | null;
  /**
   * Theirs: CPU seconds of set-up their own clock leaves out and ours counts (cbsh2-rtc and
   * eecbs build every agent's distance table before starting it); absent or null: none known.
   */
  setUpS?: number | null;
  message?: string;
}

export interface Contender {
  label: string;
  side: 'ours' | 'theirs';
  /** Ours: a registry solver; theirs: a peer binary. */
  solver: string;
  params?: Record<string, unknown>;
  limitS: number;
  /** The contender this one is set against (ours / theirs), by label. */
  versus?: string;
  /**
   * A peer limited on wall time whose limit is stretched by the machine's current CPU share
   * (cpuShare), so that it gets about limitS of CPU: lacam3 single-threaded against LaCAM*.
   */
  cpuMatched?: boolean;
}

export interface Band {
  set: SetName;
  map: string;
  k: number;
  contenders: Contender[];
}

export interface BandOptions {
  /** The limit of CBS, EECBS and LaCAM's first solution (the 60 s). */
  limitS: number;
  /** LaCAM*'s and lacam3's anytime limits (the 1 s and 10 s). */
  starLimits: number[];
  /** Whether to run lacam3 with its threads too, for reference. */
  threads: boolean;
}

export function bandsOf(set: SetName, o: BandOptions): Band[] {
  const band = (map: string, k: number, contenders: Contender[]): Band => ({ set, map, k, contenders });
  switch (set) {
    case 'cbs': {
      const c: Contender[] = [
        { label: 'cbs', side: 'ours', solver: 'cbs', limitS: o.limitS, versus: 'cbsh2-rtc' },
        { label: 'cbsh2-rtc', side: 'theirs', solver: 'cbsh2-rtc', limitS: o.limitS },
        { label: 'eecbs w=1 (C++)', side: 'theirs', solver: 'eecbs', params: { w: 1 }, limitS: o.limitS },
      ];
      return [band('random-32-32-20', 40, c), band('random-32-32-20', 50, c)];
    }
    case 'eecbs': {
      const c: Contender[] = [
        { label: 'eecbs w=1.2', side: 'ours', solver: 'eecbs', params: { w: 1.2 }, limitS: o.limitS, versus: 'eecbs w=1.2 (C++)' },
        { label: 'eecbs w=1.2 (C++)', side: 'theirs', solver: 'eecbs', params: { w: 1.2 }, limitS: o.limitS },
      ];
      return [band('random-32-32-20', 100, c), band('random-32-32-20', 150, c), band('warehouse-10-20-10-2-1', 200, c), band('warehouse-10-20-10-2-1', 400, c)];
    }
    case 'lacam':
    case 'lacam-star': {
      const c: Contender[] =
        set === 'lacam'
          ? [
              { label: 'lacam', side: 'ours', solver: 'lacam', limitS: o.limitS, versus: 'lacam (C++)' },
              { label: 'lacam (C++)', side: 'theirs', solver: 'lacam', limitS: o.limitS },
            ]
          : o.starLimits.flatMap((s): Contender[] => [
              { label: `lacam-star ${s} s`, side: 'ours', solver: 'lacam-star', limitS: s, versus: `lacam3 1 thread ${s} s` },
              { label: `lacam3 1 thread ${s} s`, side: 'theirs', solver: 'lacam3', limitS: s, cpuMatched: true },
            ]);
      if (set === 'lacam-star' && o.threads) {
        const s = Math.max(...o.starLimits);
        c.push({ label: `lacam3 threads ${s} s (reference)`, side: 'theirs', solver: 'lacam3-threads', limitS: s });
      }
      return [band('random-32-32-20', 400, c), band('den520d', 1000, c), band('Berlin_1_256', 1000, c), band('warehouse-10-20-10-2-1', 1000, c)];
    }
  }
}

const RUNNER = fileURLToPath(new URL('./oursRunner.ts', import.meta.url));
/** The repository, where `--import tsx` finds tsx whatever the caller's folder. */
const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** Runs one of ours in a fresh Node process (tsx), timing only its solve. */
export function runOurs(c: Contender, key: InstanceKey): RunFigures {
  const args = ['--max-old-space-size=6144', '--import', 'tsx', RUNNER, '--solver', c.solver, '--map', key.map, '--scen', String(key.scen), '--k', String(key.k), '--limit-s', String(c.limitS)];
  if (c.params !== undefined) args.push('--params', JSON.stringify(c.params));
  const run = spawnSync(process.execPath, args, { cwd: REPO, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, timeout: (c.limitS * 4 + 60) * 1000 });
  const line = run.stdout?.split('\n').find((l) => l.startsWith('RESULT '));
  if (line === undefined) {
    const why = (run.error?.message ?? run.stderr ?? '').trim().split('\n').slice(-3).join(' / ');
    return { status: 'failed', cpuS: NaN, cpuClock: 'thread CPU', otherS: null, otherClock: 'process CPU', soc: null, sumOfLoss: null, provedLb: null, valid: null, firstSolutionWallS: null, message: why };
  }
  const r = JSON.parse(line.slice('RESULT '.length)) as OursResult;
  return {
    status: r.status, cpuS: r.threadCpuS, cpuClock: 'thread CPU', otherS: r.processCpuS, otherClock: 'process CPU',
    soc: r.soc, sumOfLoss: r.sumOfLoss, provedLb: r.provedLb, valid: r.valid, firstSolutionWallS: null, message: r.message,
  };
}

/** Runs a peer, or returns null when its binary is absent. */
export function runTheirs(c: Contender, key: InstanceKey, instance: MapfInstance): RunFigures | null {
  const peer = c.solver as PeerName;
  if (!peerAvailable(peer)) return null;
  // lacam3's anytime runs (single-threaded) get a wall limit stretched to about our CPU limit.
  const wallScale = c.cpuMatched === true ? 1 / cpuShare() : 1;
  const r: PeerResult = runPeer(peer, key, instance, c.limitS, { w: c.params?.w as number | undefined, wallScale });
  // cbsh2-rtc and eecbs time their solve on the CPU clock (clock(), microseconds): that is the
  // figure set against our solve's CPU; /usr/bin/time's 10 ms ticks and their start-up and
  // output would swamp their 10-50 ms solves. lacam and lacam3 time theirs on the wall clock:
  // their process CPU is the CPU figure.
  const ownCpu = r.ownClock === 'CPU' && r.ownS !== null && r.status !== 'failed';
  const timed = r.processCpuS !== null;
  return {
    status: r.status,
    cpuS: ownCpu ? r.ownS! : timed ? r.processCpuS! : (r.ownS ?? NaN),
    cpuClock: ownCpu ? 'own CPU (solve)' : timed ? 'process CPU' : `own ${r.ownClock}`,
    otherS: ownCpu ? r.processCpuS : r.ownS,
    otherClock: ownCpu ? 'process CPU' : wallScale === 1 ? `own ${r.ownClock}` : `own wall, -t x${wallScale.toFixed(1)}`,
    soc: r.soc, sumOfLoss: r.sumOfLoss, provedLb: r.provedLb, valid: r.valid, firstSolutionWallS: r.firstSolutionWallS, setUpS: ownCpu ? r.setUpS : null, message: r.message,
  };
}
