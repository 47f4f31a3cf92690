// The solver thread's CPU clock: WASI's clock_gettime(CLOCK_THREAD_CPUTIME_ID) first, so a
// frame-sized step (the crowd and stream benches' 16 ms budget) is measured to the microsecond
// and not in the scheduler's 4 ms ticks; the calling thread's own time, not the process's; and
// silent (Node's "WASI is experimental" warning would reach every command-line user).
// Every assertion counts CPU time of this test's own threads, so a loaded machine cannot fail it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { createWasiThreadCpuMs } from '../../cli/solverWorker/wasiThreadClock.ts';
import { createCpuClock } from '../../cli/solverWorker/threadCpuClock.ts';

const onLinuxNode = process.platform === 'linux';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function spin(threadCpuMs: () => number, ms: number): number {
  const start = threadCpuMs();
  let x = 0;
  while (threadCpuMs() - start < ms) for (let i = 0; i < 1000; i++) x += Math.sqrt(i);
  return x;
}

describe('the WASI thread CPU clock', () => {
  it.runIf(onLinuxNode)('is available on Linux under Node and never goes backwards', () => {
    const read = createWasiThreadCpuMs();
    expect(read).not.toBeNull();
    let last = read!();
    for (let i = 0; i < 10_000; i++) {
      const now = read!();
      expect(now).toBeGreaterThanOrEqual(last);
      last = now;
    }
  });

  it.runIf(onLinuxNode)('moves in steps far finer than the scheduler tick (4 ms)', () => {
    const read = createWasiThreadCpuMs()!;
    // The first visible step after a read: the kernel's tick clock would show 0, then about 4 ms.
    const steps: number[] = [];
    for (let n = 0; n < 20; n++) {
      const start = read();
      let now = start;
      let x = 0;
      while (now === start) {
        x += Math.sqrt(n + now);
        now = read();
      }
      steps.push(now - start + (x > 0 ? 0 : 0));
    }
    steps.sort((a, b) => a - b);
    expect(steps[10]).toBeLessThan(0.5);
  });

  it.runIf(onLinuxNode)("counts the calling thread's time only, not another thread's", async () => {
    const read = createWasiThreadCpuMs()!;
    const mainBefore = read();
    // The worker spins 60 ms on its own clock while this thread waits for its message.
    const worker = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const t0 = process.cpuUsage(); let x = 0;
       while ((process.cpuUsage(t0).user + process.cpuUsage(t0).system) / 1000 < 60) x += Math.sqrt(x + 1);
       parentPort.postMessage(x);`,
      { eval: true },
    );
    await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    // Process CPU in the worker counts both threads, so its 60 ms may include some of ours; the
    // main thread itself did little but wait.
    expect(read() - mainBefore).toBeLessThan(40);
  });

  it.runIf(onLinuxNode)('prints no experimental-feature warning', () => {
    // In a fresh process: Node warns once per process, and this file has made clocks already.
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '-e', `import('./cli/solverWorker/wasiThreadClock.ts').then((m) => console.log(typeof m.createWasiThreadCpuMs()))`],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(run.stdout.trim()).toBe('function');
    expect(run.stderr).not.toMatch(/WASI|ExperimentalWarning/);
  });
});

describe("the solver's CPU clock", () => {
  it.runIf(onLinuxNode)("is the thread's own clock and counts the work done", () => {
    const { clock, source } = createCpuClock();
    expect(source).toBe('thread');
    const read = createWasiThreadCpuMs()!;
    const before = clock();
    spin(read, 20);
    const elapsed = clock() - before;
    expect(elapsed).toBeGreaterThanOrEqual(19);
    expect(elapsed).toBeLessThan(200);
  });
});
