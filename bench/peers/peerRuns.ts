/**
 * The C++ reference solvers of ../shared/peers/bin (their README: how each is run, what its
 * figures mean), each in its own process on one instance, read back from its own output files:
 * - lacam / lacam3 (Okumura, AAAI 2023 / AAMAS 2024) write result.txt: soc (the `rest` model),
 *   sum_of_loss (`away`), soc_lb, comp_time (ms, wall clock), and the solution, one configuration
 *   per line as (x,y) pairs. Their -t limit is wall time.
 * - cbsh2-rtc / eecbs (Li et al., AIJ 2021 / AAAI 2021) write stats.csv: runtime (CPU seconds,
 *   clock()), solution cost (`rest`), min f value (the proved lower bound); and the paths, one
 *   line per agent as (row,col) steps. Their -t limit is CPU time.
 * Every plan they return goes through our validator, and its SOC and sum of loss are recounted
 * from it, so both sides are measured by one ruler. Their CPU time is the process's user + system
 * time from /usr/bin/time (map reading and output writing included); where /usr/bin/time is
 * absent only their own clock is printed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { MapfInstance } from '../../core/mapf/instance.ts';
import { sumOfCosts } from '../../core/mapf/plan.ts';
import { validatePlan } from '../../core/mapf/validator.ts';
import { type InstanceKey, SHARED, mapPath, scenPath } from './instances.ts';

/** The binaries: ../shared/peers/bin, or the folder --peers DIR names. */
export const PEERS_BIN = process.argv.includes('--peers') ? resolve(process.argv[process.argv.indexOf('--peers') + 1]) : `${SHARED}/peers/bin`;
const TIME = '/usr/bin/time';

export type PeerName = 'lacam' | 'lacam3' | 'lacam3-threads' | 'cbsh2-rtc' | 'eecbs';

export interface PeerResult {
  status: 'solved' | 'timeout' | 'failed';
  /** user + system CPU seconds of the whole process; null without /usr/bin/time. */
  processCpuS: number | null;
  wallS: number;
  /** The solver's own figure and its clock: runtime (CPU) or comp_time (wall). */
  ownS: number | null;
  ownClock: 'CPU' | 'wall';
  /** lacam/lacam3: their own comp_time_initial_solution (ms, wall) in seconds. */
  firstSolutionWallS: number | null;
  /**
   * cbsh2-rtc / eecbs: their `preprocessing runtime` (CPU s): each agent's distance table, built
   * before their `runtime` clock starts; our figure counts ours (null: not reported).
   */
  setUpS?: number | null;
  soc: number | null;
  sumOfLoss: number | null;
  provedLb: number | null;
  valid: boolean | null;
  message?: string;
}

/** The binary a peer runs, lacam3-threads being lacam3 with its threads on. */
export function peerBinary(peer: PeerName): string {
  return join(PEERS_BIN, peer === 'lacam3-threads' ? 'lacam3' : peer);
}

export const peerAvailable = (peer: PeerName): boolean => existsSync(peerBinary(peer));

/**
 * The share of a CPU one busy process gets now (0..1): CPU over wall time of a 300 ms spin in a
 * child process. On a loaded machine lacam3's wall-clock `-t 10` gives it a third of 10 s of
 * CPU or less; its anytime runs are given `-t limit / share` instead, so that they get about
 * the CPU our runs get (their process CPU is printed: the check).
 */
export function cpuShare(): number {
  const spin = 'const c=process.cpuUsage(),t=performance.now();let x=1;while(performance.now()-t<300)x=(x*48271)%2147483647;const u=process.cpuUsage(c);console.log((u.user+u.system)/1000/(performance.now()-t))';
  const run = spawnSync(process.execPath, ['-e', spin], { encoding: 'utf8' });
  const share = Number(run.stdout);
  // At most a tenfold stretch: a reading under 0.1 is more likely a stall than the machine.
  return Number.isFinite(share) && share > 0 ? Math.min(1, Math.max(0.1, share)) : 1;
}

/**
 * Runs `peer` on `key` (its `instance`, loaded by the caller, validates the plan) with a limit of
 * limitS seconds on its own clock; `wallScale` stretches a wall-clock limit (lacam, lacam3) by
 * that factor (see cpuShare).
 */
export function runPeer(peer: PeerName, key: InstanceKey, instance: MapfInstance, limitS: number, options: { w?: number; wallScale?: number } = {}): PeerResult {
  const dir = mkdtempSync(join(tmpdir(), 'mapf-peers-'));
  try {
    const lacamFamily = peer.startsWith('lacam');
    const args = lacamFamily
      ? ['-m', mapPath(key.map), '-i', scenPath(key.map, key.scen), '-N', String(key.k), '-t', (limitS * (options.wallScale ?? 1)).toFixed(2), '-v', '0', '-o', join(dir, 'result.txt')]
      : ['-m', mapPath(key.map), '-a', scenPath(key.map, key.scen), '-k', String(key.k), '-t', String(limitS), '-s', '0', '-o', join(dir, 'stats.csv'), '--outputPaths', join(dir, 'paths.txt')];
    if (peer === 'lacam3') args.push('--no-multi-thread');
    if (peer === 'eecbs') args.push('--suboptimality', String(options.w ?? 1));
    const timed = existsSync(TIME);
    const command = timed ? TIME : peerBinary(peer);
    const full = timed ? ['-f', '%U %S', '-o', join(dir, 'time.txt'), peerBinary(peer), ...args] : args;
    const wall0 = performance.now();
    // A peer past its own limit is stopped at three times it (lacam's -t is checked between iterations only).
    const run = spawnSync(command, full, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: Math.round((limitS * (options.wallScale ?? 1) * 3 + 30) * 1000) });
    const wallS = (performance.now() - wall0) / 1000;
    let processCpuS: number | null = null;
    if (timed && existsSync(join(dir, 'time.txt'))) {
      // The last line: /usr/bin/time writes "Command exited with non-zero status" first when it did.
      const lines = readFileSync(join(dir, 'time.txt'), 'utf8').trim().split('\n');
      const [user, system] = lines[lines.length - 1].split(' ').map(Number);
      processCpuS = user + system;
    }
    const base = { processCpuS, wallS, ownClock: lacamFamily ? ('wall' as const) : ('CPU' as const) };
    const failed = (message: string): PeerResult => ({ ...base, status: 'failed', ownS: null, firstSolutionWallS: null, soc: null, sumOfLoss: null, provedLb: null, valid: null, message });
    if (run.error !== undefined) return failed(run.error.message);
    return lacamFamily ? readLacam(join(dir, 'result.txt'), instance, base, failed) : readCbs(dir, instance, base, failed);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Base = Pick<PeerResult, 'processCpuS' | 'wallS' | 'ownClock'>;

function checked(instance: MapfInstance, paths: number[][]): Pick<PeerResult, 'soc' | 'sumOfLoss' | 'valid'> {
  const goals = instance.agents.map((a) => a.goal);
  return { soc: sumOfCosts(paths, goals, 'rest'), sumOfLoss: sumOfCosts(paths, goals, 'away'), valid: validatePlan(instance, paths).valid };
}

function readLacam(file: string, instance: MapfInstance, base: Base, failed: (m: string) => PeerResult): PeerResult {
  if (!existsSync(file)) return failed('no result.txt');
  const fields = new Map<string, string>();
  const configs: number[][] = [];
  const grid = instance.grid;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const step = /^(\d+):(.*)$/.exec(line);
    if (step !== null) {
      configs.push([...step[2].matchAll(/\((\d+),(\d+)\)/g)].map((m) => grid.cell(Number(m[1]), Number(m[2]))));
      continue;
    }
    const eq = line.indexOf('=');
    if (eq > 0) fields.set(line.slice(0, eq), line.slice(eq + 1));
  }
  const ownS = Number(fields.get('comp_time')) / 1000;
  const first = fields.get('comp_time_initial_solution');
  const firstSolutionWallS = first !== undefined ? Number(first) / 1000 : fields.get('solved') === '1' ? ownS : null;
  if (fields.get('solved') !== '1' || configs.length === 0) {
    return { ...base, status: 'timeout', ownS, firstSolutionWallS: null, soc: null, sumOfLoss: null, provedLb: Number(fields.get('soc_lb')), valid: null };
  }
  const paths = instance.agents.map((_, i) => configs.map((c) => c[i]));
  return { ...base, status: 'solved', ownS, firstSolutionWallS, provedLb: Number(fields.get('soc_lb')), ...checked(instance, paths) };
}

function readCbs(dir: string, instance: MapfInstance, base: Base, failed: (m: string) => PeerResult): PeerResult {
  const statsFile = join(dir, 'stats.csv');
  if (!existsSync(statsFile)) return failed('no stats.csv');
  const [header, row] = readFileSync(statsFile, 'utf8').trim().split('\n');
  const names = header.split(',').map((h) => h.trim());
  const values = row.split(',');
  const field = (name: string): number => Number(values[names.indexOf(name)]);
  const ownS = field('runtime');
  const setUpS = names.includes('preprocessing runtime') && Number.isFinite(field('preprocessing runtime')) ? field('preprocessing runtime') : null;
  const cost = field('solution cost');
  const provedLb = field('min f value');
  // A run without a plan writes a negative cost (-1 timeout, -2 no solution).
  if (!(cost >= 0) || !existsSync(join(dir, 'paths.txt'))) return { ...base, status: 'timeout', ownS, setUpS, firstSolutionWallS: null, soc: null, sumOfLoss: null, provedLb, valid: null };
  const grid = instance.grid;
  const paths: number[][] = [];
  for (const line of readFileSync(join(dir, 'paths.txt'), 'utf8').split('\n')) {
    const agent = /^Agent (\d+):(.*)$/.exec(line);
    if (agent === null) continue;
    paths[Number(agent[1])] = [...agent[2].matchAll(/\((\d+),(\d+)\)/g)].map((m) => grid.cell(Number(m[2]), Number(m[1])));
  }
  // Paths end on arrival: every agent then rests on its goal (pad to one length for the validator).
  const length = Math.max(...paths.map((p) => p.length));
  for (const p of paths) while (p.length < length) p.push(p[p.length - 1]);
  return { ...base, status: 'solved', ownS, setUpS, firstSolutionWallS: null, provedLb, ...checked(instance, paths) };
}
