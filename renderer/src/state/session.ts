/**
 * The one editor model of this window: the single source of truth for the scenario. Panels and
 * the canvas read it through modelStore's slices and change it only through model.dispatch.
 */
import { Grid } from '../../../core/grid/grid.ts';
import { CHOKEPOINT_AGENTS, CHOKEPOINT_ROWS } from '../../../core/examples/chokepoint.ts';
import { completeAgent } from '../../../core/scenario/content.ts';
import { findSolver } from '../../../core/registry/registry.ts';
import { EditorModel } from '../model/editorModel.ts';
import { emptyDocument, type EditorDocument } from '../model/document.ts';

/** The solver a new scenario starts with: cooperative WHCA* when built in. */
export const DEFAULT_SOLVER = findSolver('whca') ? 'whca' : 'independent';

/** The built-in chokepoint example as a document, so a first visit has something to solve. */
export function exampleDocument(): EditorDocument {
  const doc = emptyDocument(1, 1, 'Chokepoint example');
  doc.grid = Grid.fromAscii(CHOKEPOINT_ROWS);
  doc.agents = CHOKEPOINT_AGENTS.map(([sx, sy, gx, gy], i) => completeAgent({ id: `a${i + 1}`, name: `Unit ${i + 1}`, start: [sx, sy], goal: [gx, gy] }, i));
  doc.solver = { ...doc.solver, solver: DEFAULT_SOLVER };
  return doc;
}

/** A blank map for File > New. */
export function newDocument(width = 32, height = 32): EditorDocument {
  const doc = emptyDocument(width, height, 'Untitled scenario');
  doc.solver = { ...doc.solver, solver: DEFAULT_SOLVER };
  return doc;
}

export const model = new EditorModel(exampleDocument());
