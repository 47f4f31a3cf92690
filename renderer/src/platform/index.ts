/** Picks the edition: the desktop preload API when present, otherwise the browser's Web Worker. */
import type { DesktopApi } from '../../../core/platform/desktopApi.ts';
import { createDesktopSolverService } from './desktopSolverService.ts';
import { createWebSolverService } from './webSolverService.ts';
import type { SolverService } from './solverService.ts';

declare global {
  interface Window {
    mapfLab?: DesktopApi;
  }
}

export const solverService: SolverService = window.mapfLab ? createDesktopSolverService(window.mapfLab) : createWebSolverService();
