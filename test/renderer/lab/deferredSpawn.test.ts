// Solver workers started a task later: nothing is spawned in the asking task, messages sent
// before the worker exists reach it in order, replies reach listeners, and a terminate before
// the start means no worker at all (and the exit is still reported).
import { describe, expect, it } from 'vitest';
import type { WorkerHandle } from '../../../core/protocol/port.ts';
import { deferredSpawn } from '../../../renderer/src/lab/deferredSpawn.ts';

/** A worker that echoes each message back and records what happened to it. */
function echoWorker(log: string[]): WorkerHandle {
  const listeners: ((m: unknown) => void)[] = [];
  const exits: ((reason: string) => void)[] = [];
  log.push('spawned');
  return {
    port: {
      postMessage: (m) => {
        log.push(`got ${String(m)}`);
        for (const l of listeners) l(`echo ${String(m)}`);
      },
      onMessage: (l) => {
        listeners.push(l);
        return () => void listeners.splice(listeners.indexOf(l), 1);
      },
    },
    terminate: () => {
      log.push('terminated');
      for (const e of exits) e('solver worker terminated');
    },
    onExit: (l) => void exits.push(l),
  };
}

function laterTasks() {
  const tasks: (() => void)[] = [];
  return { tasks, defer: (start: () => void) => void tasks.push(start) };
}

describe('deferredSpawn', () => {
  it('spawns in a later task and passes messages both ways, those sent before in order', () => {
    const log: string[] = [];
    const { tasks, defer } = laterTasks();
    const handle = deferredSpawn(() => echoWorker(log), defer)();
    const replies: unknown[] = [];
    handle.port.onMessage((m) => replies.push(m));
    handle.port.postMessage('a');
    handle.port.postMessage('b');
    expect(log).toEqual([]);
    expect(tasks).toHaveLength(1);
    tasks.shift()!();
    expect(log).toEqual(['spawned', 'got a', 'got b']);
    handle.port.postMessage('c');
    expect(replies).toEqual(['echo a', 'echo b', 'echo c']);
    const exits: string[] = [];
    handle.onExit((r) => exits.push(r));
    handle.terminate();
    expect(log.at(-1)).toBe('terminated');
    expect(exits).toEqual(['solver worker terminated']);
  });

  it('stops listening when told, before or after the worker starts', () => {
    const log: string[] = [];
    const { tasks, defer } = laterTasks();
    const handle = deferredSpawn(() => echoWorker(log), defer)();
    const replies: unknown[] = [];
    const stop = handle.port.onMessage((m) => replies.push(m));
    tasks.shift()!();
    handle.port.postMessage('a');
    stop();
    handle.port.postMessage('b');
    expect(replies).toEqual(['echo a']);
  });

  it('never spawns a worker terminated before it started, and reports the exit', () => {
    const log: string[] = [];
    const { tasks, defer } = laterTasks();
    const handle = deferredSpawn(() => echoWorker(log), defer)();
    const exits: string[] = [];
    handle.onExit((r) => exits.push(r));
    handle.port.postMessage('a');
    handle.terminate();
    expect(exits).toEqual(['solver worker terminated']);
    tasks.shift()!();
    handle.port.postMessage('b');
    expect(log).toEqual([]);
  });

  it('gives each worker its own task', () => {
    const log: string[] = [];
    const { tasks, defer } = laterTasks();
    const spawn = deferredSpawn(() => echoWorker(log), defer);
    spawn();
    spawn();
    expect(tasks).toHaveLength(2);
    tasks.shift()!();
    expect(log).toEqual(['spawned']);
  });
});
