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

/** Starts the peer; resolves with its result, or with why it did not run. */
export function startPeer(peer: string, problem: string, steps: number, limitMs: number): Promise<PeerResult | string> {
  if (!existsSync(peer)) return Promise.resolve(`skipped: ${peer} is absent`);
  const dir = mkdtempSync(join(tmpdir(), 'lorr-peer-'));
  const out = join(dir, 'out.json');
  const start = Date.now();
  return new Promise((resolve) => {
    const child = spawn(peer, ['--inputFile', problem, '-o', out, '--simulationTime', String(steps), '--planTimeLimit', String(limitMs), '-c', '3', '-d', '3'], { stdio: ['ignore', 'ignore', 'pipe'] });
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
