/**
 * The preload: exposes exactly one typed API object on window.mapfLab (never ipcRenderer).
 * Built as CommonJS because Electron's sandbox runs preloads that way.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC, DESKTOP_API_VERSION, type DesktopApi } from '../core/platform/desktopApi.ts';
import type { SolveProgress } from '../core/solvers/types.ts';

const api: DesktopApi = {
  apiVersion: DESKTOP_API_VERSION,
  solve: (ticket, body) => ipcRenderer.invoke(IPC.solverStart, ticket, body),
  cancel: (ticket) => ipcRenderer.send(IPC.solverCancel, ticket),
  onProgress(listener) {
    const handler = (_event: IpcRendererEvent, ticket: string, progress: SolveProgress) => listener(ticket, progress);
    ipcRenderer.on(IPC.solverProgress, handler);
    return () => {
      ipcRenderer.off(IPC.solverProgress, handler);
    };
  },
  appInfo: () => ipcRenderer.invoke(IPC.appInfo),
  openTextFile: (filters) => ipcRenderer.invoke(IPC.fileOpen, filters),
  saveTextFile: (suggestedName, text, filters) => ipcRenderer.invoke(IPC.fileSave, suggestedName, text, filters),
};

contextBridge.exposeInMainWorld('mapfLab', api);
