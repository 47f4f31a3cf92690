/**
 * New maps from generators: an empty map, Silver's random obstacle map (core/mapgen), or a
 * chokepoint template with units on both sides. Like File > New, a new document (not undoable).
 */
import { Grid } from '../../../core/grid/grid.ts';
import { randomMap } from '../../../core/mapgen/randomMap.ts';
import { completeAgent } from '../../../core/scenario/content.ts';
import { chokepointTemplate, type TemplateKind } from '../templates/chokepoints.ts';
import { afterLoad, confirmDiscard } from './fileActions.ts';
import { notify } from './solveState.ts';
import { model, newDocument } from './session.ts';

export type GeneratorKind = 'empty' | 'random' | TemplateKind;

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
    } else {
      const template = chokepointTemplate({ kind, width, height, opening: options.opening, length: options.length, unitsPerSide: options.unitsPerSide });
      doc.grid = Grid.fromAscii(template.rows);
      doc.agents = template.units.map((u, i) => completeAgent({ id: `a${i + 1}`, name: `Unit ${i + 1}`, start: u.start, goal: u.goal }, i));
      doc.name = kind === 'door' ? `Door ${width}×${height}, opening ${options.opening}` : `Bridge ${width}×${height}, ${options.opening} wide, ${options.length} long`;
    }
    if (!confirmDiscard()) return;
    model.dispatch({ type: 'loadDocument', document: doc });
    afterLoad();
    notify('info', `Created “${doc.name}” with ${doc.agents.length} units.`, { revision: model.revision });
  } catch (error) {
    notify('error', error instanceof Error ? error.message : String(error));
  }
}
