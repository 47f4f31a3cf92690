/**
 * A sweep started a task later than asked. Run's click renders the running sweep (buttons,
 * form and editor locked); the pool's first round (planning which runs go to which worker,
 * building their requests) is work of its own, in the next task. Pause, resume and cancel in
 * between are kept and applied when it starts; a sweep cancelled before it started never
 * starts. Pure (the defer function is passed in).
 */
import type { SweepRun } from './sweep.ts';
import type { Defer } from './deferredSpawn.ts';

export function deferredStart(start: () => SweepRun, total: number, defer: Defer): SweepRun {
  let run: SweepRun | null = null;
  let paused = false;
  let cancelled = false;
  let settle!: (result: Awaited<SweepRun['done']>) => void;
  const done = new Promise<Awaited<SweepRun['done']>>((resolve) => (settle = resolve));
  defer(() => {
    if (cancelled) {
      settle({ cancelled: true, progress: { done: 0, total, failed: 0, running: 0, state: 'cancelled', elapsedMs: 0, etaMs: undefined } });
      return;
    }
    run = start();
    if (paused) run.pause();
    void run.done.then(settle);
  });
  return {
    pause() {
      if (run) run.pause();
      else paused = true;
    },
    resume() {
      if (run) run.resume();
      else paused = false;
    },
    cancel() {
      if (run) run.cancel();
      else cancelled = true;
    },
    done,
  };
}
