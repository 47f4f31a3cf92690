/** SolverService over the desktop preload API (window.mapfLab). */
import type { DesktopApi } from '../../../core/platform/desktopApi.ts';
import type { SolveProgress } from '../../../core/contract/types.ts';
import type { SolverService } from './solverService.ts';

export function createDesktopSolverService(api: DesktopApi): SolverService {
  const progressListeners = new Map<string, (progress: SolveProgress) => void>();
  api.onProgress((ticket, progress) => progressListeners.get(ticket)?.(progress));
  let next = 0;
  return {
    edition: 'desktop',
    solve(body, onProgress) {
      const id = `solve-${Date.now().toString(36)}-${next++}`;
      if (onProgress) progressListeners.set(id, onProgress);
      const result = api.solve(id, body).finally(() => progressListeners.delete(id));
      return { id, result };
    },
    cancel: (id) => api.cancel(id),
  };
}
