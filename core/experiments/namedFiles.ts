/**
 * The files an experiment reads by path: each Moving AI map's .map and, unless units are placed
 * at random, its .scen files, as the experiment names them (relative to the experiment file); a
 * LoRR problem's JSON and, once its text is known, the map, agents and tasks files it names. The
 * command line and the desktop app read them; the browser edition cannot, and stops such an
 * experiment before Run with the list of those it has not been given (the lab's Add .map… and
 * + .scen carry a Moving AI map's in the experiment; a LoRR problem's are added to the lab).
 */
import { lorrProblemFiles } from './lorrRun.ts';
import type { Experiment } from './schema.ts';

export interface NamedFiles {
  /** The map's index in `maps` (the form's numbering from 1 is index + 1). */
  map: number;
  kind: 'movingai' | 'lorr';
  files: string[];
}

/** A file's text if the host was given it (the browser edition's added files), else undefined. */
export type GivenText = (path: string) => string | undefined;

export function filesNamedByPath(experiment: Experiment, given: GivenText = () => undefined): NamedFiles[] {
  const out: NamedFiles[] = [];
  experiment.maps.forEach((m, index) => {
    if (m.kind === 'lorr') return void out.push({ map: index, kind: 'lorr', files: [m.problem, ...namedByProblem(m.problem, given(m.problem))] });
    if (m.kind !== 'movingai') return;
    out.push({ map: index, kind: 'movingai', files: [m.map, ...(experiment.placement === 'random' ? [] : m.scen)] });
  });
  return out;
}

/** The files of `filesNamedByPath` not given yet, map by map (maps with none left out). */
export function filesMissing(experiment: Experiment, given: GivenText = () => undefined): NamedFiles[] {
  return filesNamedByPath(experiment, given)
    .map((m) => ({ ...m, files: m.files.filter((f) => given(f) === undefined) }))
    .filter((m) => m.files.length > 0);
}

/** The map, agents and tasks files a problem names; none while its text is unknown or unreadable (the run then says why). */
function namedByProblem(problem: string, text: string | undefined): string[] {
  if (text === undefined) return [];
  try {
    return lorrProblemFiles(problem, text);
  } catch {
    return [];
  }
}
