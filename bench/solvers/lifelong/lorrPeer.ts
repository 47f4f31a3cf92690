/**
 * The Start-Kit's own lifelong planner (`../shared/peers/bin/lorr-2024-lifelong`, C++, its default
 * planner and scheduler) on a problem, in its own process, started so it runs beside ours on the
 * machine's other core: same problem, same steps, same per-step limit (which it spends whole, on
 * its wall clock).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PeerResult {
  tasks: number;
  /** Steps over its limit (numEntryTimeouts). */
  timeouts: number;
  wallS: number;
}

/**
 * The 2024 winner's planner as its README runs it (ssfc/LORR24 bin/lifelong: EPIBT with operations
 * of 4 actions and its LNS, its graph guidance, its greedy scheduler), built locally for a benchmark
 * only (never in CI), with its THREADS setting at 1 to run on one core as ours does. It reads its
 * guidance data (Solution/Data/) from the folder it runs in: the build's root, above bin/.
 */
export const WINNER_ARGS = ['--planner_algo', 'epibt(4)_lns', '--graph_guidance', 'enable', '--scheduler_algo', 'greedy'];

/** Cells of a map the winner's planner can take here: it keeps every cell's distance from every cell and heading (heuristic_matrix.hpp: 16 bits each, 8 bytes a pair of cells) in memory. */
export const WINNER_MAX_CELLS = 16_384;

/** Starts the peer (the Start-Kit's, or with `extra` arguments another Start-Kit-based planner); resolves with its result, or with why it did not run. */
export function startPeer(peer: string, problem: string, steps: number, limitMs: number, extra: readonly string[] = [], cwd?: string): Promise<PeerResult | string> {
  if (!existsSync(peer)) return Promise.resolve(`skipped: ${peer} is absent`);
  const dir = mkdtempSync(join(tmpdir(), 'lorr-peer-'));
  const out = join(dir, 'out.json');
  const start = Date.now();
  return new Promise((resolve) => {
    const child = spawn(peer, ['--inputFile', problem, '-o', out, '--simulationTime', String(steps), '--planTimeLimit', String(limitMs), '-c', '3', '-d', '3', ...extra], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr = (stderr + chunk.toString()).slice(-400); });
    child.on('error', (error) => resolve(`failed to start: ${error.message}`));
    child.on('close', (code) => {
      try {
        if (code !== 0 || !existsSync(out)) return resolve(`failed (exit ${code}): ${stderr.trim().slice(0, 300)}`);
        const doc = JSON.parse(readFileSync(out, 'utf8')) as { numTaskFinished: number; numEntryTimeouts?: number };
        resolve({ tasks: doc.numTaskFinished, timeouts: doc.numEntryTimeouts ?? 0, wallS: (Date.now() - start) / 1000 });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
