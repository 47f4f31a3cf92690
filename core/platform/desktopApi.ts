/**
 * The API the desktop preload exposes on `window.mapfLab` (and nothing else: never ipcRenderer).
 * Main validates every argument that crosses into it with the same schemas the renderer uses.
 */
import type { SolveRequestBody, SolveResultBody } from '../protocol/messages.ts';
import type { SolveProgress } from '../contract/types.ts';
import type { PoolProgress } from '../protocol/pool.ts';
import type { RunSpec } from '../experiments/runPlan.ts';
import type { RunRecord } from '../experiments/runRecord.ts';
import type { ComparisonsFile } from '../replayFile/comparisonSchema.ts';
import { AUTOSAVE_BASE_KEYS } from './autosaveBackup.ts';

export const DESKTOP_API_VERSION = 1;

/** IPC channel names, in one place so main and preload cannot drift apart. */
export const IPC = {
  solverStart: 'mapf-lab:solver:start',
  solverCancel: 'mapf-lab:solver:cancel',
  solverProgress: 'mapf-lab:solver:progress',
  appInfo: 'mapf-lab:app:info',
  fileOpen: 'mapf-lab:file:open',
  fileSave: 'mapf-lab:file:save',
  fileSaveBinary: 'mapf-lab:file:save-binary',
  fileReadBeside: 'mapf-lab:file:read-beside',
  fileReadComparisons: 'mapf-lab:file:read-comparisons',
  fileOpened: 'mapf-lab:file:opened',
  levelChanged: 'mapf-lab:file:level-changed',
  menuCommand: 'mapf-lab:menu:command',
  documentState: 'mapf-lab:document:state',
  closeWindow: 'mapf-lab:window:close',
  labStart: 'mapf-lab:lab:start',
  labControl: 'mapf-lab:lab:control',
  labUpdate: 'mapf-lab:lab:update',
  labOpenExperiment: 'mapf-lab:lab:open-experiment',
  labSaveExperiment: 'mapf-lab:lab:save-experiment',
  labReadExperimentFile: 'mapf-lab:lab:read-experiment-file',
  backupRead: 'mapf-lab:backup:read',
  backupWrite: 'mapf-lab:backup:write',
} as const;

/** The lab's runs for main's pool of solver utility processes. */
export interface LabSweepRequest {
  /** The runs still to do (the renderer leaves out those it has recorded). */
  runs: RunSpec[];
  /** Solver processes side by side (main refuses a count outside 1..LAB_MAX_WORKERS). */
  workers: number;
}

export const LAB_MAX_WORKERS = 64;

export type LabControl = 'pause' | 'resume' | 'cancel';

/** Records finished since the last update (batched by main), and where the pool stands. */
export interface LabSweepUpdate {
  records: RunRecord[];
  progress: PoolProgress;
}

/** How a sweep ended: the records not yet sent in an update, and the pool's last word. */
export interface LabSweepEnd {
  records: RunRecord[];
  cancelled: boolean;
  progress: PoolProgress;
  /** Set when the sweep could not start (a malformed request, a busy ticket); nothing ran. */
  error?: string;
}

/** What the native menu (or the close prompt) asks the renderer to do. */
export const MENU_COMMANDS = [
  'new',
  'open',
  'save',
  'save-as',
  'open-map',
  'save-map',
  'units-from-scen',
  'export-plan',
  'export-replay',
  'export-planviz',
  'export-lorr',
  'export-scen',
  /** Opens the replay-to-video dialog. */
  'export-video',
  'undo',
  'redo',
  'solve',
  'cancel',
  'toggle-json',
  /** The user chose Save in the close prompt: save, then call closeWindow() if it worked. */
  'save-and-close',
] as const;
export type MenuCommand = (typeof MENU_COMMANDS)[number];

/** What main needs to know of the open document: its name (window title) and unsaved changes (close prompt). */
export interface DocumentState {
  name: string;
  dirty: boolean;
}

export interface SaveOptions {
  /**
   * Write straight to the file this window last opened or saved with the same extension,
   * without a dialog (Save, not Save As). Falls back to the dialog when there is none.
   */
  reuseCurrentFile?: boolean;
}

/** A file type offered by open and save dialogs. */
export interface FileFilter {
  name: string;
  /** Extensions without the dot, e.g. ['map']. */
  extensions: string[];
}

/** The side file NAME.compare.json beside a scenario, as main read it: its comparisons, or why they could not be read (file, line, column, field). */
export type ComparisonsBeside = { name: string; file: ComparisonsFile } | { name: string; error: string } | null;

export interface OpenedTextFile {
  /** File name without folders (the renderer never learns or chooses paths). */
  name: string;
  text: string;
}

export interface SaveOutcome {
  saved: boolean;
  name?: string;
  /** Set when the write failed; the file on disk is then unchanged. */
  error?: string;
}

/** Largest text file the app opens or saves (a 8192x8192 map is about 64 MiB). */
export const MAX_TEXT_FILE_BYTES = 80 * 1024 * 1024;

/** Largest binary file the app saves (a replay clip: GIF, MP4 or WebM). */
export const MAX_BINARY_FILE_BYTES = 512 * 1024 * 1024;

export interface AppInfo {
  apiVersion: number;
  appVersion: string;
  electron: string;
  chrome: string;
  node: string;
  platform: string;
}

export interface DesktopApi {
  apiVersion: number;
  /** Starts a solve in the solver process under the caller's `ticket`; resolves with the result (never rejects). */
  solve(ticket: string, body: SolveRequestBody): Promise<SolveResultBody>;
  cancel(ticket: string): void;
  /** Progress of running solves; returns the unsubscribe function. */
  onProgress(listener: (ticket: string, progress: SolveProgress) => void): () => void;
  appInfo(): Promise<AppInfo>;
  /** Shows the open dialog; null when the user cancels. */
  openTextFile(filters: FileFilter[]): Promise<OpenedTextFile | null>;
  /** Shows the save dialog (unless options.reuseCurrentFile applies) and writes atomically; { saved: false } when the user cancels. */
  saveTextFile(suggestedName: string, text: string, filters: FileFilter[], options?: SaveOptions): Promise<SaveOutcome>;
  /**
   * Reads a .map file named relative to the scenario file this window opened or saved last; with
   * kind 'lorr', a League of Robot Runners problem's .map, .agents or .tasks file; with kind
   * 'level', a level's Tiled map, tileset, LDtk project or external level.
   */
  readMapBesideScenario(relativePath: string, kind?: 'map' | 'lorr' | 'level'): Promise<OpenedTextFile>;
  /** The comparisons kept beside the scenario file this window opened last (NAME.compare.json), checked by main; null when there is none. */
  readComparisonsBesideScenario(): Promise<ComparisonsBeside>;
  /** Shows the save dialog and writes `bytes` atomically (a replay clip); not remembered as a document or a recent file. */
  saveBinaryFile(suggestedName: string, bytes: Uint8Array, filters: FileFilter[]): Promise<SaveOutcome>;
  /** Native menu commands; returns the unsubscribe function. */
  onMenuCommand(listener: (command: MenuCommand) => void): () => void;
  /** Files opened by main itself (File > Open Recent); returns the unsubscribe function. */
  onFileOpened(listener: (file: OpenedTextFile) => void): () => void;
  /**
   * A level file read beside the scenario (readMapBesideScenario kind 'level') changed on disk,
   * named by the path it was read by; returns the unsubscribe function.
   */
  onLevelChanged?(listener: (relativePath: string) => void): () => void;
  /** Tells main the document's name and whether it has unsaved changes. */
  setDocumentState(state: DocumentState): void;
  /** Closes the window without asking again (after the renderer handled 'save-and-close'). */
  closeWindow(): void;
  /**
   * Runs a sweep's runs on main's pool of solver utility processes under the caller's `ticket`;
   * records stream through onLabUpdate and the rest come with the end (never rejects). Moving AI
   * maps and scenarios the runs name are read by main, relative to the experiment file.
   */
  labStart(ticket: string, request: LabSweepRequest): Promise<LabSweepEnd>;
  labControl(ticket: string, action: LabControl): void;
  onLabUpdate(listener: (ticket: string, update: LabSweepUpdate) => void): () => void;
  /** Open dialog for an experiment file; main remembers it (apart from the scenario file) to read the maps it names. */
  labOpenExperiment(): Promise<OpenedTextFile | null>;
  /** Saves the experiment (to its current file when reuseCurrentFile and there is one, else through the dialog), atomically. */
  labSaveExperiment(suggestedName: string, text: string, options?: SaveOptions): Promise<SaveOutcome>;
  /** A .map or .scen the experiment names, read relative to its file (to replay a run on it); rejects with the reason. */
  labReadExperimentFile(name: string): Promise<OpenedTextFile>;
  /** The autosave backups main keeps in the user's data folder, by key (BACKUP_KEYS). */
  readBackups(): Promise<Record<string, string>>;
  /** Writes a backup atomically (null removes it); resolves once it is on disk. */
  writeBackup(key: string, text: string | null): Promise<void>;
}

/** Autosave's scenario, the one offered for recovery, their bases, and the comparisons kept per scenario (renderer/src/compare/keptComparisons.ts). */
export const BACKUP_KEYS = ['mapf-lab/autosave', 'mapf-lab/autosave-offered', ...AUTOSAVE_BASE_KEYS, 'mapf-lab/comparisons'] as const;
