/**
 * Runs inside a solver worker thread: serves the solver protocol over `parentPort`. Test-only
 * solvers are added when the thread was spawned with workerData { testSolvers: true }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Port } from '../../core/protocol/port.ts';
import { serveSolvers } from '../../core/protocol/server.ts';
import { findSolver, solverNames } from '../../core/registry/registry.ts';
import { TEST_SOLVERS } from './testSolvers.ts';

if (!parentPort) throw new Error('solverWorkerEntry.ts must run in a worker thread');
const parent = parentPort;

const port: Port = {
  postMessage: (message) => parent.postMessage(message),
  onMessage(listener) {
    parent.on('message', listener);
    return () => parent.off('message', listener);
  },
};

const withTestSolvers = (workerData as { testSolvers?: unknown } | null)?.testSolvers === true;

// CPU time of the whole process (all its threads): a fair clock for experiment runs only when
// this is the one solver thread at work (`mapf-lab experiment --clock process --workers 1`).
const cpuClock = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

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
