/**
 * The preload: exposes exactly one typed API object on window.mapfLab (never ipcRenderer).
 * Built as CommonJS because Electron's sandbox runs preloads that way.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { IPC, DESKTOP_API_VERSION, type DesktopApi, type LabSweepUpdate, type MenuCommand, type OpenedTextFile } from '../core/platform/desktopApi.ts';
import type { SolveProgress } from '../core/contract/types.ts';

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
  saveTextFile: (suggestedName, text, filters, options) => ipcRenderer.invoke(IPC.fileSave, suggestedName, text, filters, options ?? {}),
  readMapBesideScenario: (relativePath, kind) => ipcRenderer.invoke(IPC.fileReadBeside, relativePath, kind ?? 'map'),
  readComparisonsBesideScenario: () => ipcRenderer.invoke(IPC.fileReadComparisons),
  saveBinaryFile: (suggestedName, bytes, filters) => ipcRenderer.invoke(IPC.fileSaveBinary, suggestedName, bytes, filters),
  onMenuCommand: (listener) => subscribe(IPC.menuCommand, (command: MenuCommand) => listener(command)),
  onFileOpened: (listener) => subscribe(IPC.fileOpened, (file: OpenedTextFile) => listener(file)),
  onLevelChanged: (listener) => subscribe(IPC.levelChanged, (relativePath: string) => listener(relativePath)),
  setDocumentState: (state) => ipcRenderer.send(IPC.documentState, state),
  closeWindow: () => ipcRenderer.send(IPC.closeWindow),
  labStart: (ticket, request) => ipcRenderer.invoke(IPC.labStart, ticket, request),
  labControl: (ticket, action) => ipcRenderer.send(IPC.labControl, ticket, action),
  onLabUpdate(listener) {
    const handler = (_event: IpcRendererEvent, ticket: string, update: LabSweepUpdate) => listener(ticket, update);
    ipcRenderer.on(IPC.labUpdate, handler);
    return () => {
      ipcRenderer.off(IPC.labUpdate, handler);
    };
  },
  labOpenExperiment: () => ipcRenderer.invoke(IPC.labOpenExperiment),
  labSaveExperiment: (suggestedName, text, options) => ipcRenderer.invoke(IPC.labSaveExperiment, suggestedName, text, options ?? {}),
  labReadExperimentFile: (name) => ipcRenderer.invoke(IPC.labReadExperimentFile, name),
  readBackups: () => ipcRenderer.invoke(IPC.backupRead),
  writeBackup: (key, text) => ipcRenderer.invoke(IPC.backupWrite, key, text),
};

/** Listens on a main-to-renderer channel, hiding the IPC event from the page. */
function subscribe<T>(channel: string, listener: (value: T) => void): () => void {
  const handler = (_event: IpcRendererEvent, value: T) => listener(value);
  ipcRenderer.on(channel, handler);
  return () => {
    ipcRenderer.off(channel, handler);
  };
}

contextBridge.exposeInMainWorld('mapfLab', api);
