/**
 * Runs inside a solver worker thread: serves the solver protocol over `parentPort`. Test-only
 * solvers are added when the thread was spawned with workerData { testSolvers: true }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Port } from '../../core/protocol/port.ts';
import { serveSolvers } from '../../core/protocol/server.ts';
import { findSolver, solverNames } from '../../core/registry/registry.ts';
import { TEST_SOLVERS } from './testSolvers.ts';
import { createCpuClock } from './threadCpuClock.ts';

if (!parentPort) throw new Error('solverWorkerEntry.ts must run in a worker thread');
const parent = parentPort;

const port: Port = {
  postMessage: (message, transfer) => parent.postMessage(message, transfer ? [...transfer] : undefined),
  onMessage(listener) {
    parent.on('message', listener);
    return () => parent.off('message', listener);
  },
};

const withTestSolvers = (workerData as { testSolvers?: unknown } | null)?.testSolvers === true;

// This thread's CPU time, for solves and runs on the 'cpu' clock: made here, on the thread that
// solves (threadCpuClock.ts; the process's CPU time where the system has no thread clock).
const cpuClock = createCpuClock().clock;

serveSolvers(
  port,
  withTestSolvers
    ? {
        lookup: (name) => TEST_SOLVERS.find((s) => s.name === name) ?? findSolver(name),
        solverNames: () => [...solverNames(), ...TEST_SOLVERS.map((s) => s.name)],
        cpuClock,
      }
    : { cpuClock },
);
