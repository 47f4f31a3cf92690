/**
 * Opening a League of Robot Runners problem (the 2024 problem JSON naming a map, an agents and a
 * tasks file relative to it): the desktop app reads the three beside the problem (main checks
 * each path); the browser edition, which reads no file by path, lists them and asks for them to
 * be chosen. The map becomes the document's grid and each robot a unit at its start (numbered
 * from 1, facing east as the League starts them); the problem itself is kept for Solve. A bad
 * file changes nothing and says what and where (file:line:column).
 */
import { isLorrProblemText, parseLorrProblemJson, readLorrProblem } from '../../../core/formats/lorrProblem.ts';
import { lorrProblemDocument } from './lorrDocument.ts';
import { fileService } from '../platform/index.ts';
import { notify } from '../solve/solveState.ts';
import { model } from '../state/session.ts';
import { afterLoad, confirmDiscard } from '../documents/documentLoad.ts';
import { lorrStore, missingLorrFiles } from './lorrState.ts';
import { fileName } from '../../../core/util/names.ts';

export { isLorrProblemText };

/** Opens a problem whose JSON text was read: its files read beside it, or asked for. */
export async function openLorrProblem(name: string, text: string): Promise<void> {
  const json = parseLorrProblemJson(text, name);
  const needed = [...new Set([json.mapFile, json.agentFile, json.taskFile])];
  if (fileService.readMapBesideScenario) {
    const files: Record<string, string> = {};
    for (const path of needed) files[path] = (await fileService.readMapBesideScenario(path, 'lorr')).text;
    loadLorrProblem(name, text, files);
    return;
  }
  lorrStore.set({ pending: { name, text, needed, got: {} } });
  notify('info', `${name} names ${needed.length} files the browser edition cannot read by path: choose ${needed.map((p) => fileName(p)).join(', ')} (in the side panel).`);
}

/** Takes chosen files for the pending problem, by their names; opens it when none is missing. */
export function supplyLorrFiles(chosen: readonly { name: string; text: string }[]): void {
  const pending = lorrStore.get().pending;
  if (!pending) return;
  const got = { ...pending.got };
  const unused: string[] = [];
  for (const file of chosen) {
    const path = pending.needed.find((p) => fileName(p) === file.name);
    if (path === undefined) unused.push(file.name);
    else got[path] = file.text;
  }
  const next = { ...pending, got };
  const missing = missingLorrFiles(next);
  if (missing.length > 0) {
    lorrStore.set({ pending: next });
    notify('error', `${pending.name} still needs ${missing.map((p) => fileName(p)).join(', ')}${unused.length > 0 ? `; ${unused.join(', ')} ${unused.length === 1 ? 'is' : 'are'} not among the files it names` : ''}.`);
    return;
  }
  try {
    loadLorrProblem(pending.name, pending.text, got);
  } catch (error) {
    notify('error', error instanceof Error ? error.message : String(error));
  }
}

export function cancelLorrFiles(): void {
  lorrStore.set({ pending: null });
}

/** Reads the problem from its texts and makes it the document; throws a located error for a bad file. */
export function loadLorrProblem(name: string, text: string, files: Record<string, string>): void {
  const problem = readLorrProblem(text, name, (path) => {
    const content = files[path];
    if (content === undefined) throw new Error('not given');
    return content;
  });
  const { grid } = problem;
  const doc = lorrProblemDocument(name, problem);
  if (!confirmDiscard()) return;
  model.dispatch({ type: 'loadDocument', document: doc });
  afterLoad();
  lorrStore.set({ problem: { name, text, files, teamSize: problem.teamSize }, pending: null });
  notify('info', `Opened the LoRR problem ${name}: ${grid.width}×${grid.height}, ${problem.teamSize} robots, ${problem.tasks.count} tasks (${problem.numTasksReveal} revealed a robot). Solve runs it lifelong with turning robots.`, { revision: model.revision });
}

