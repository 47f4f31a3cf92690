/**
 * What the machine gives right now: a fixed pure-JavaScript loop on 1 thread, then on 2 at once.
 * With two idle cores 2 threads do twice the work in the same time (2.00x); a busy neighbour, or
 * two "cores" that are hyperthreads of one, shows here as less, and bounds what any pool can
 * reach. The loop allocates nothing, so V8's GC threads stay idle and only the two loop threads
 * compete for the cores.
 */
import { Worker } from 'node:worker_threads';

const LOOP = `const { parentPort } = require('node:worker_threads');
  let x = 1; for (let i = 0; i < 3e8; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; }
  parentPort.postMessage(x);`;

function spin(threads: number): Promise<number> {
  const t0 = performance.now();
  const one = () => new Promise((resolve, reject) => new Worker(LOOP, { eval: true }).once('message', resolve).once('error', reject));
  return Promise.all(Array.from({ length: threads }, one)).then(() => performance.now() - t0);
}

/** Work per second on 2 threads over work per second on 1 (2.00 = two free cores). */
export async function machineScaling(): Promise<number> {
  const one = await spin(1);
  const two = await spin(2);
  return (2 * one) / two;
}
