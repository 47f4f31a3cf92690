/**
 * The question main asks before reading files a document names outside its own folder
 * (namedFiles.ts): which folder, for which document, for this window only. The renderer cannot
 * answer it; only the user can, in main's own dialog.
 */
import { BrowserWindow, dialog, webContents } from 'electron';
import { basename } from 'node:path';
import { sessionFor } from '../documentSessions.ts';
import type { NamedFileAccess } from '../namedFiles.ts';

/** Access for window `owner` to the files its scenario or its experiment names. */
export function namedFileAccess(owner: number, document: 'scenario' | 'experiment'): NamedFileAccess {
  const session = sessionFor(owner);
  const documentPath = document === 'scenario' ? session.scenarioPath : session.experimentPath;
  return {
    documentPath,
    allowed: session.allowed,
    async ask(folder) {
      const contents = webContents.fromId(owner);
      const window = contents ? BrowserWindow.fromWebContents(contents) : null;
      const options = {
        type: 'question' as const,
        buttons: ['Allow', 'Cancel'],
        defaultId: 0,
        cancelId: 1,
        message: `${documentPath ? basename(documentPath) : 'This document'} names files outside its folder`,
        detail: `Allow MAPF Lab to read the ${document === 'scenario' ? '.map (or a LoRR problem\'s .agents and .tasks, or a level\'s Tiled or LDtk files)' : '.map and .scen (or LoRR problem)'} files it names in\n\n${folder}\n\nfor this window until it closes?`,
      };
      const choice = window ? await dialog.showMessageBox(window, options) : await dialog.showMessageBox(options);
      return choice.response === 0;
    },
  };
}
