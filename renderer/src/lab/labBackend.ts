/**
 * Where the lab's runs execute: main's pool of solver utility processes in the desktop app
 * (window.mapfLab present), the renderer's Web Workers in the browser edition.
 */
import { desktopApi } from '../platform/index.ts';
import { desktopLabPool } from './desktopLabPool.ts';
import { workerPoolBackend } from './sweep.ts';
import type { SweepBackend } from './sweepTypes.ts';

export const labBackend: SweepBackend = desktopApi ? desktopLabPool(desktopApi) : workerPoolBackend();
