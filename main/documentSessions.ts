/**
 * What main remembers per window: the file the document came from or was last saved to (so
 * Save writes there without a dialog, and a scenario's map file can be found beside it), and
 * the renderer's report of the document's name and unsaved changes (title and close prompt).
 * The renderer never sees these paths.
 */
import { extname } from 'node:path';
import type { DocumentState } from '../core/platform/desktopApi.ts';

export interface DocumentSession {
  /** Absolute path of the file last opened or saved in this window, by extension ('.json', '.map'). */
  files: Map<string, string>;
  /** The scenario file scenario-relative map paths are resolved against. */
  scenarioPath: string | null;
  /** The lab's experiment file (kept apart from the scenario's, so neither Save writes over the other); its maps are read relative to it. */
  experimentPath: string | null;
  state: DocumentState;
  /** Real folders beyond a document's own whose named files the user allowed this window to read (namedFiles.ts). */
  allowed: Set<string>;
  /** Set once the user agreed to close (or there was nothing to lose). */
  closing: boolean;
}

const sessions = new Map<number, DocumentSession>();

export function sessionFor(webContentsId: number): DocumentSession {
  let session = sessions.get(webContentsId);
  if (!session) {
    session = { files: new Map(), scenarioPath: null, experimentPath: null, allowed: new Set(), state: { name: 'Untitled scenario', dirty: false }, closing: false };
    sessions.set(webContentsId, session);
  }
  return session;
}

export function forgetSession(webContentsId: number): void {
  sessions.delete(webContentsId);
}

/** Records that the window's document is now `path` (opened or saved). */
export function rememberFile(session: DocumentSession, path: string): void {
  const extension = extname(path).toLowerCase();
  session.files.set(extension, path);
  if (extension === '.json') session.scenarioPath = path;
}

export function windowTitle(state: DocumentState): string {
  return `${state.dirty ? '• ' : ''}${state.name} — MAPF Lab`;
}
