/**
 * The files an experiment reads by path: each Moving AI map's .map and, unless units are placed
 * at random, its .scen files, as the experiment names them (relative to the experiment file). The
 * command line and the desktop app read them; the browser edition cannot, and stops such an
 * experiment before Run with this list (the lab's Add .map… and + .scen carry them in it instead).
 */
import type { Experiment } from './schema.ts';

export interface NamedFiles {
  /** The map's index in `maps` (the form's numbering from 1 is index + 1). */
  map: number;
  files: string[];
}

export function filesNamedByPath(experiment: Experiment): NamedFiles[] {
  const out: NamedFiles[] = [];
  experiment.maps.forEach((m, index) => {
    // A LoRR problem names its map, agents and tasks files itself, read once the problem is.
    if (m.kind === 'lorr') return void out.push({ map: index, files: [m.problem] });
    if (m.kind !== 'movingai') return;
    out.push({ map: index, files: [m.map, ...(experiment.placement === 'random' ? [] : m.scen)] });
  });
  return out;
}
