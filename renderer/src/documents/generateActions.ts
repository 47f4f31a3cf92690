/**
 * New maps from generators: an empty map, Silver's random obstacle map (core/mapgen), a
 * chokepoint template with units on both sides, or a stream template (units that keep coming,
 * streamTemplates.ts). Like File > New, a new document (not undoable).
 */
import { Grid } from '../../../core/grid/grid.ts';
import { randomMap } from '../../../core/mapgen/randomMap.ts';
import { completeAgent } from '../../../core/scenario/content.ts';
import { chokepointTemplate, type TemplateKind } from '../templates/chokepoints.ts';
import { STREAM_TEMPLATE_KINDS, type StreamTemplateKind, streamTemplate } from '../templates/streamTemplates.ts';
import { afterLoad, confirmDiscard } from './documentLoad.ts';
import { notify } from '../solve/solveState.ts';
import { model, newDocument } from '../state/session.ts';

export type GeneratorKind = 'empty' | 'random' | TemplateKind | StreamTemplateKind;

export interface GeneratorOptions {
  kind: GeneratorKind;
  width: number;
  height: number;
  /** Random maps: obstacle percentage and seed. */
  densityPercent: number;
  seed: number;
  /** Templates: opening width, bridge length, units per side. */
  opening: number;
  length: number;
  unitsPerSide: number;
}

export function generateMap(options: GeneratorOptions): void {
  try {
    const { kind, width, height } = options;
    const doc = newDocument(1, 1);
    if (kind === 'empty') {
      doc.grid = new Grid(width, height);
      doc.name = `Empty ${width}×${height}`;
    } else if (kind === 'random') {
      doc.grid = randomMap({ width, height, density: options.densityPercent / 100, seed: options.seed, fill: true });
      doc.name = `Random ${width}×${height} ${options.densityPercent}% (seed ${options.seed})`;
    } else if (isStreamTemplate(kind)) {
      // A ready-made scenario: its own map size, spawners, exits, measured regions and solver.
      const template = streamTemplate(kind);
      doc.grid = Grid.fromAscii(template.rows);
      doc.spawners = template.spawners;
      doc.exits = template.exits;
      doc.regions = template.regions;
      doc.solver = template.solver;
      doc.name = template.name;
    } else {
      const template = chokepointTemplate({ kind, width, height, opening: options.opening, length: options.length, unitsPerSide: options.unitsPerSide });
      doc.grid = Grid.fromAscii(template.rows);
      doc.agents = template.units.map((u, i) => completeAgent({ id: `a${i + 1}`, name: `Unit ${i + 1}`, start: u.start, goal: u.goal }, i));
      doc.name = kind === 'door' ? `Door ${width}×${height}, opening ${options.opening}` : `Bridge ${width}×${height}, ${options.opening} wide, ${options.length} long`;
    }
    if (!confirmDiscard()) return;
    model.dispatch({ type: 'loadDocument', document: doc });
    afterLoad();
    const what = isStreamTemplate(kind) ? `${doc.spawners!.length} ${doc.spawners!.length === 1 ? 'spawner' : 'spawners'}` : `${doc.agents.length} units`;
    notify('info', `Created “${doc.name}” with ${what}.`, { revision: model.revision });
  } catch (error) {
    notify('error', error instanceof Error ? error.message : String(error));
  }
}

export function isStreamTemplate(kind: GeneratorKind): kind is StreamTemplateKind {
  return (STREAM_TEMPLATE_KINDS as readonly string[]).includes(kind);
}
