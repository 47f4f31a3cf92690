/** Picks the edition: the desktop preload API when present, otherwise the browser's own APIs. */
import type { DesktopApi } from '../../../core/platform/desktopApi.ts';
import { createDesktopSolverService } from './desktopSolverService.ts';
import { createWebSolverService } from './webSolverService.ts';
import { browserFileService } from './browserFileService.ts';
import type { SolverService } from './solverService.ts';
import type { FileService } from './fileService.ts';

declare global {
  interface Window {
    mapfLab?: DesktopApi;
  }
}

const desktop = window.mapfLab;

export const solverService: SolverService = desktop ? createDesktopSolverService(desktop) : createWebSolverService();

export const fileService: FileService = desktop
  ? {
      openText: (filters) => desktop.openTextFile(filters),
      saveText: (name, text, filters, options) => desktop.saveTextFile(name, text, filters, options),
      readMapBesideScenario: (relativePath, kind) => desktop.readMapBesideScenario(relativePath, kind),
      readComparisonsBesideScenario: () => desktop.readComparisonsBesideScenario(),
      saveBytes: (name, bytes, _mimeType, filters) => desktop.saveBinaryFile(name, bytes, filters),
    }
  : browserFileService;

/** The desktop app's own API (menus, window), or undefined in the browser edition. */
export const desktopApi: DesktopApi | undefined = desktop;
