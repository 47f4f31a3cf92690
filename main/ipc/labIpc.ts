/**
 * IPC for the desktop lab: sweeps on main's pool of solver utility processes (labSweeps.ts), and
 * the experiment file's open and save (fileIpc.ts's dialogs and atomic save). The experiment file is remembered apart from the
 * scenario's (documentSessions.ts), so the editor's Save never writes over an experiment and
 * the Moving AI files an experiment names are read relative to it.
 */
import { basename } from 'node:path';
import { IPC, type OpenedTextFile, type SaveOutcome } from '../../core/platform/desktopApi.ts';
import { EXPERIMENT_FORMAT, looksLikeExperiment } from '../../core/experiments/schema.ts';
import { LabSweeps } from '../labSweeps.ts';
import { sessionFor } from '../documentSessions.ts';
import { spawnUtilitySolver } from '../solverHost.ts';
import { checkSaveArgs } from './fileArgs.ts';
import { SWEEP_EXTENSIONS, readExperimentFile, readExperimentFiles, readTextFile } from '../labFiles.ts';
import { namedFileAccess } from './folderConsent.ts';
import { chooseFileToOpen, saveText, wantsCurrentFile } from './fileIpc.ts';
import { handle, on } from './trustedIpc.ts';

const EXPERIMENT_FILTERS = [{ name: 'Experiment', extensions: ['json'] }];

export function registerLabIpc(): LabSweeps {
  const sweeps = new LabSweeps({ spawn: spawnUtilitySolver, readFiles: (owner, names) => readExperimentFiles(namedFileAccess(owner, 'experiment'), names, SWEEP_EXTENSIONS) });
  const watched = new Set<number>();

  handle(IPC.labStart, (event, ticket: unknown, request: unknown) => {
    const sender = event.sender;
    const owner = sender.id;
    if (!watched.has(owner)) {
      watched.add(owner);
      sender.once('destroyed', () => {
        watched.delete(owner);
        sweeps.closeOwner(owner);
      });
    }
    return sweeps.start(owner, ticket, request, (t, update) => {
      if (!sender.isDestroyed()) sender.send(IPC.labUpdate, t, update);
    });
  });

  on(IPC.labControl, (event, ticket: unknown, action: unknown) => sweeps.control(event.sender.id, ticket, action));

  handle(IPC.labOpenExperiment, async (event): Promise<OpenedTextFile | null> => {
    const path = await chooseFileToOpen(event.sender, EXPERIMENT_FILTERS);
    if (path === null) return null;
    const file = await readTextFile(path);
    // Checked here, before main remembers the path: a later Save writes to it.
    if (!looksLikeExperiment(file.text)) throw new Error(`${file.name} is not an experiment file (format "${EXPERIMENT_FORMAT}")`);
    sessionFor(event.sender.id).experimentPath = path;
    return file;
  });

  handle(IPC.labSaveExperiment, async (event, nameArg: unknown, textArg: unknown, optionsArg: unknown): Promise<SaveOutcome> => {
    const args = checkSaveArgs(nameArg, textArg);
    if (!args.ok) return { saved: false, error: args.message };
    const session = sessionFor(event.sender.id);
    const current = wantsCurrentFile(optionsArg) ? session.experimentPath ?? undefined : undefined;
    return saveText(event.sender, args.value, EXPERIMENT_FILTERS, current, (path) => {
      session.experimentPath = path;
    });
  });

  handle(IPC.labReadExperimentFile, async (event, name: unknown): Promise<OpenedTextFile> => {
    if (typeof name !== 'string') throw new Error('a map or scenario path must be a non-empty relative path');
    const text = await readExperimentFile(namedFileAccess(event.sender.id, 'experiment'), name);
    return { name: basename(name), text };
  });

  return sweeps;
}
