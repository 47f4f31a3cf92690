/**
 * The lab's sweep in the desktop app: the runs go to main's pool of solver utility processes
 * (main/labSweeps.ts) through the preload API, and records come back in batches. The renderer
 * keeps only what it keeps in the browser edition too: the store, the charts, the controls.
 */
import type { PoolProgress } from '../../../core/protocol/pool.ts';
import type { DesktopApi } from '../../../core/platform/desktopApi.ts';
import type { SweepBackend } from './sweepTypes.ts';

let next = 0;

export function desktopLabPool(api: DesktopApi): SweepBackend {
  return {
    unit: 'solver process',
    readsFilesByPath: true,
    cpuClock: true,
    start(runs, options) {
      const ticket = `lab-${Date.now().toString(36)}-${next++}`;
      let latest: PoolProgress = { done: 0, total: runs.length, failed: 0, running: 0, state: 'running', elapsedMs: 0, etaMs: undefined };
      const unsubscribe = api.onLabUpdate((t, update) => {
        if (t !== ticket) return;
        for (const record of update.records) options.onRecord(record);
        latest = update.progress;
        options.onProgress(update.progress);
      });
      const done = api
        .labStart(ticket, { runs, workers: options.workers })
        .then((end) => {
          for (const record of end.records) options.onRecord(record);
          return { cancelled: end.cancelled, progress: end.progress, error: end.error };
        })
        // The IPC itself failing (main gone): the records so far are kept, the rest can resume.
        .catch((error: unknown) => ({ cancelled: true, progress: latest, error: error instanceof Error ? error.message : String(error) }))
        .finally(unsubscribe);
      return {
        pause: () => api.labControl(ticket, 'pause'),
        resume: () => api.labControl(ticket, 'resume'),
        cancel: () => api.labControl(ticket, 'cancel'),
        done,
      };
    },
  };
}
