/**
 * The changes that turn one document into another: what a JSON edit becomes, so it is one undo
 * step that stores only what differs (changed cells, not both maps).
 */
import type { Change } from './changes.ts';
import { CellRecorder } from './cellRecorder.ts';
import type { EditorDocument } from './document.ts';

/**
 * Changes that make `doc` equal `next`, to be applied in order. The map changes are computed
 * against `doc` as it will be after the resize (new cells free), so apply them straight away.
 */
export function diffDocument(doc: EditorDocument, next: EditorDocument): Change[] {
  const changes: Change[] = [];
  if (doc.name !== next.name) changes.push({ kind: 'field', field: 'name', value: next.name });
  if (JSON.stringify(doc.mapSource) !== JSON.stringify(next.mapSource)) changes.push({ kind: 'field', field: 'mapSource', value: next.mapSource });
  if (doc.movement.connectivity !== next.movement.connectivity || doc.movement.corners !== next.movement.corners) {
    changes.push({ kind: 'field', field: 'movement', value: { ...next.movement } });
  }
  if (JSON.stringify(doc.solver) !== JSON.stringify(next.solver)) changes.push({ kind: 'field', field: 'solver', value: next.solver });
  if (JSON.stringify(doc.events) !== JSON.stringify(next.events)) changes.push({ kind: 'field', field: 'events', value: next.events });
  if (JSON.stringify(doc.obstacles) !== JSON.stringify(next.obstacles)) changes.push({ kind: 'field', field: 'obstacles', value: next.obstacles });
  if (JSON.stringify(doc.regions) !== JSON.stringify(next.regions)) changes.push({ kind: 'field', field: 'regions', value: next.regions });
  // A stream's spawners, exits and task lists: a JSON edit of them is one undo step like the rest.
  for (const field of ['spawners', 'exits', 'tasks'] as const) {
    if (JSON.stringify(doc[field] ?? []) !== JSON.stringify(next[field] ?? [])) changes.push({ kind: 'field', field, value: next[field] } as Change);
  }
  if (doc.knowledge !== next.knowledge) changes.push({ kind: 'field', field: 'knowledge', value: next.knowledge });
  // The level source, edited in the JSON (a choice changed by hand): used by the next reload.
  if (JSON.stringify(doc.source) !== JSON.stringify(next.source)) changes.push({ kind: 'field', field: 'source', value: next.source });
  if (JSON.stringify(doc.scale) !== JSON.stringify(next.scale)) changes.push({ kind: 'field', field: 'scale', value: next.scale });
  if (JSON.stringify(doc.agents) !== JSON.stringify(next.agents)) {
    changes.push({ kind: 'agentSplice', index: 0, remove: doc.agents.length, insert: next.agents.slice() });
  }
  return changes;
}

/**
 * Map changes from `doc`'s grid to `next`'s: a resize when the size differs, the cells whose
 * passability differs, and the weight layer when any weight differs. Call it after the resize
 * change (if any) has been applied: it compares against the grid as it is.
 */
export function diffCells(doc: EditorDocument, next: EditorDocument): Change[] {
  const a = doc.grid;
  const b = next.grid;
  if (a === b) return [];
  const changes: Change[] = [];
  const record = new CellRecorder();
  for (let cell = 0; cell < b.cells; cell++) {
    if (a.passable[cell] !== b.passable[cell]) record.push(cell, b.passable[cell]);
  }
  if (record.length > 0) changes.push(record.take());
  if (!sameWeights(a.weight, b.weight)) changes.push({ kind: 'weights', weight: b.weight ? b.weight.slice() : null });
  return changes;
}

function sameWeights(a: Float32Array | null, b: Float32Array | null): boolean {
  if (a === null || b === null) return isUniform(a) && isUniform(b);
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function isUniform(w: Float32Array | null): boolean {
  return w === null || w.every((v) => v === 1);
}
