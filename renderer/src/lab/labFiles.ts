/**
 * Files added to the browser edition's lab for the files an experiment names by path, which the
 * page cannot read: a LoRR problem's JSON and then the map, agents and tasks files it names (too
 * large to carry in the experiment as a Moving AI map's .map and .scen are). Chosen files are
 * matched by name to the paths still missing, the problem JSON first so that the files it names
 * match in the same choice; the texts stay for the page's session and the sweep's workers read
 * them by the experiment's paths.
 */
import { filesMissing } from '../../../core/experiments/namedFiles.ts';
import { parseLorrProblemJson } from '../../../core/formats/lorrProblem.ts';
import type { ExperimentFiles } from '../../../core/experiments/instances.ts';
import type { Experiment } from '../../../core/experiments/schema.ts';
import { Store } from '../state/store.ts';
import { fileName } from '../../../core/util/names.ts';

export const labFilesStore = new Store<{ files: Readonly<Record<string, string>> }>({ files: {} });

/** The text added for `path`, if any. */
export function givenLabFile(path: string): string | undefined {
  return labFilesStore.get().files[path];
}

/** What the sweep's workers read: the added files, by the paths the experiment names. */
export const labFilesReader: ExperimentFiles = {
  readText(name: string): string {
    const text = givenLabFile(name);
    if (text === undefined) throw new Error(`${name}: the browser edition reads no files by path; add the .map (and .scen) with the lab's buttons, which carry them in the experiment, or a LoRR problem's files with Add files…`);
    return text;
  },
};

export interface AddedLabFiles {
  /** Experiment paths given a text now. */
  added: string[];
  /** Chosen files that are none of the missing ones, or that did not read (with why). */
  unused: string[];
  /** Paths still missing after these. */
  missing: string[];
}

/** Matches chosen files by name to the paths `experiment` still misses and keeps them. */
export function addLabFiles(experiment: Experiment, chosen: readonly { name: string; text: string }[]): AddedLabFiles {
  const files: Record<string, string> = { ...labFilesStore.get().files };
  const given = (path: string) => files[path];
  const problems = new Set(experiment.maps.flatMap((m) => (m.kind === 'lorr' ? [m.problem] : [])));
  let left = [...chosen];
  const added: string[] = [];
  const unused: string[] = [];
  // A problem's JSON makes the files it names missing: match again until a pass adds nothing.
  for (let matched = true; matched; ) {
    matched = false;
    const missing = filesMissing(experiment, given).flatMap((m) => m.files);
    left = left.filter((file) => {
      const path = missing.find((p) => fileName(p) === file.name && files[p] === undefined);
      if (path === undefined) return true;
      if (problems.has(path)) {
        try {
          parseLorrProblemJson(file.text, path);
        } catch (error) {
          unused.push(`${file.name} (${error instanceof Error ? error.message : String(error)})`);
          return false;
        }
      }
      files[path] = file.text;
      added.push(path);
      matched = true;
      return false;
    });
  }
  labFilesStore.set({ files });
  return { added, unused: [...unused, ...left.map((f) => f.name)], missing: filesMissing(experiment, given).flatMap((m) => m.files) };
}

