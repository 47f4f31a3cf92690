/**
 * Changes to a document, each applied by applyChange, which returns the change that undoes it.
 * History stores these inverses, never whole documents: a stroke keeps the cells it changed and
 * their old values, a unit edit keeps the units it replaced.
 */
import type { TimeScale } from '../../../core/scenario/timeScaleSchema.ts';
import type { Movement } from '../../../core/grid/movement.ts';
import type { MapSource } from '../../../core/scenario/content.ts';
import type { MapEvent, ObstacleKnowledge, ScenarioAgent, ScenarioObstacle, ScenarioRegion, SolverSettings } from '../../../core/scenario/schema.ts';
import type { ScenarioExit, ScenarioSpawner, ScenarioTaskList } from '../../../core/scenario/streamSchema.ts';
import type { LevelSource } from '../../../core/scenario/levelSourceSchema.ts';
import type { EditorDocument } from './document.ts';
import { resizeGrid, type CellValues } from './gridResize.ts';

/**
 * Set `cells[i]` to `values[i]`. Applying swaps the values with the grid's, so the change turns
 * into its own inverse in place, without allocating. Cells must be distinct.
 */
export interface CellsChange {
  kind: 'cells';
  cells: Int32Array;
  values: Uint8Array;
}

/** Resize to width x height; cells that come into the map take their values from `restore` (else free). */
export interface ResizeChange {
  kind: 'resize';
  width: number;
  height: number;
  restore: CellValues | null;
}

/** Replace the terrain weight layer (null = uniform cost). */
export interface WeightsChange {
  kind: 'weights';
  weight: Float32Array | null;
}

/** Replace `remove` units from `index` on with `insert`. */
export interface AgentSpliceChange {
  kind: 'agentSplice';
  index: number;
  remove: number;
  insert: readonly ScenarioAgent[];
}

/** Replace the units at `indices` with `agents`. */
export interface AgentSetChange {
  kind: 'agentSet';
  indices: readonly number[];
  agents: readonly ScenarioAgent[];
}

interface FieldValues {
  name: string;
  movement: Movement;
  solver: SolverSettings;
  events: readonly MapEvent[];
  mapSource: MapSource;
  obstacles: readonly ScenarioObstacle[];
  knowledge: ObstacleKnowledge;
  regions: readonly ScenarioRegion[];
  /** A stream's spawners, exits and task lists (absent in a file without streams). */
  spawners: readonly ScenarioSpawner[] | undefined;
  exits: readonly ScenarioExit[] | undefined;
  tasks: readonly ScenarioTaskList[] | undefined;
  /** The level the scenario was imported from, and the choices (absent: made in the lab). */
  source: LevelSource | undefined;
  /** How long a turn lasts and how wide a cell is in the game (absent: not said). */
  scale: TimeScale | undefined;
}
export type FieldName = keyof FieldValues;

export type FieldChange = { [F in FieldName]: { kind: 'field'; field: F; value: FieldValues[F] } }[FieldName];

export type Change = CellsChange | ResizeChange | WeightsChange | AgentSpliceChange | AgentSetChange | FieldChange;

/** Which parts of the document a change touched, so views redraw only those. */
export interface ChangedParts {
  /** Walls, weights or size: the canvas's static layer. */
  map: boolean;
  agents: boolean;
  /** Name, movement, solver settings, map source. */
  settings: boolean;
  events: boolean;
}

export function noParts(): ChangedParts {
  return { map: false, agents: false, settings: false, events: false };
}

export function addParts(into: ChangedParts, change: Change): void {
  switch (change.kind) {
    case 'cells':
    case 'resize':
    case 'weights':
      into.map = true;
      break;
    case 'agentSplice':
    case 'agentSet':
      into.agents = true;
      break;
    case 'field':
      // Obstacles and measured regions are drawn with the events (their layer redraws on any of them).
      if (['events', 'obstacles', 'regions', 'spawners', 'exits', 'tasks'].includes(change.field)) into.events = true;
      else into.settings = true;
  }
}

/** Applies `change` to `doc` and returns its inverse. */
export function applyChange(doc: EditorDocument, change: Change): Change {
  switch (change.kind) {
    case 'cells': {
      const { passable } = doc.grid;
      const { cells, values } = change;
      for (let i = 0; i < cells.length; i++) {
        const cell = cells[i];
        const old = passable[cell];
        passable[cell] = values[i];
        values[i] = old;
      }
      if (cells.length > 0) doc.grid.version++;
      return change;
    }
    case 'resize': {
      const { width, height } = doc.grid;
      const removed = resizeGrid(doc.grid, change.width, change.height, change.restore);
      return { kind: 'resize', width, height, restore: removed };
    }
    case 'weights': {
      const old = doc.grid.weight;
      doc.grid.weight = change.weight;
      doc.grid.version++;
      return { kind: 'weights', weight: old };
    }
    case 'agentSplice': {
      const agents = doc.agents.slice();
      const removed = agents.splice(change.index, change.remove, ...change.insert);
      doc.agents = agents;
      return { kind: 'agentSplice', index: change.index, remove: change.insert.length, insert: removed };
    }
    case 'agentSet': {
      const agents = doc.agents.slice();
      const old = change.indices.map((i) => agents[i]);
      change.indices.forEach((index, k) => (agents[index] = change.agents[k]));
      doc.agents = agents;
      return { kind: 'agentSet', indices: change.indices, agents: old };
    }
    case 'field': {
      const old = doc[change.field];
      (doc as unknown as Record<FieldName, unknown>)[change.field] = change.value;
      return { kind: 'field', field: change.field, value: old } as FieldChange;
    }
  }
}

/** Rough bytes a stored change holds, for the history's memory cap. */
export function changeCost(change: Change): number {
  switch (change.kind) {
    case 'cells':
      return 64 + change.cells.length * 5;
    case 'resize':
      return 64 + (change.restore ? change.restore.passable.length * (change.restore.weight ? 5 : 1) : 0);
    case 'weights':
      return 64 + (change.weight ? change.weight.length * 4 : 0);
    case 'agentSplice':
      return 64 + 8 * change.insert.length;
    case 'agentSet':
      return 64 + 16 * change.indices.length;
    case 'field':
      return change.field === 'events' ? 64 + 32 * change.value.length : change.field === 'obstacles' || change.field === 'regions' ? 64 + 64 * change.value.length : change.field === 'spawners' || change.field === 'exits' || change.field === 'tasks' ? 64 + 256 * (change.value?.length ?? 0) : 64;
  }
}
