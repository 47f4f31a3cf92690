/**
 * The editor model seen as slices for React (after excalidraw: components subscribe to the
 * slices they draw). Each field keeps its identity until that part of the model changes, so a
 * component subscribed to `agents` does not re-render for a brush stroke.
 */
import type { CommandName } from '../model/commandTypes.ts';
import type { EditorDocument } from '../model/document.ts';
import type { EditorModel, ModelEvent } from '../model/editorModel.ts';
import type { SolveResult } from '../../../core/contract/types.ts';
import { Store } from './store.ts';
import { model } from './session.ts';

export interface ModelView {
  name: string;
  /** Bumped whenever map cells or the map size change (the grid is edited in place). */
  mapRevision: number;
  width: number;
  height: number;
  agents: EditorDocument['agents'];
  movement: EditorDocument['movement'];
  solver: EditorDocument['solver'];
  mapSource: EditorDocument['mapSource'];
  events: EditorDocument['events'];
  obstacles: EditorDocument['obstacles'];
  knowledge: EditorDocument['knowledge'];
  /** The game's turn length and cell width (undefined: not said). */
  scale: EditorDocument['scale'];
  regions: EditorDocument['regions'];
  /** A stream's spawners (a scenario with spawners and no placed units still solves). */
  spawners: NonNullable<EditorDocument['spawners']>;
  exits: NonNullable<EditorDocument['exits']>;
  /** Names what the plan depends on (map, units, movement, solver, events, obstacles): equal numbers, the same plan. */
  planRevision: number;
  /** planRevision without the solver settings: a comparison of solvers holds while this does. */
  compareRevision: number;
  /** Bumped by every document change: a plan is out of date when this moved on. */
  revision: number;
  undoLabel: string | null;
  redoLabel: string | null;
  solution: SolveResult | null;
  solutionIsCurrent: boolean;
}

/**
 * Command names in the user's words, for "Undo paint" and the like: short, because the Undo and
 * Redo buttons have a fixed width (the header must not reflow) and 'Undo measured regions' was
 * cut to 'Undo measured…'. The button's tooltip says the same.
 */
export const MAX_COMMAND_LABEL = 12;

export const COMMAND_LABELS: Record<CommandName, string> = {
  paintCells: 'paint',
  fillRect: 'rectangle',
  drawLine: 'line',
  floodFill: 'fill',
  resizeMap: 'resize map',
  addAgent: 'add unit',
  removeAgents: 'delete units',
  moveAgentStart: 'move start',
  moveAgentGoal: 'move goal',
  setAgentProps: 'edit units',
  setAgents: '.scen units',
  placeRandomAgents: 'random units',
  setSolverSettings: 'solver',
  setMovement: 'movement',
  setName: 'rename',
  setEvents: 'map events',
  setObstacles: 'obstacles',
  setKnowledge: 'knowledge',
  setScale: 'game time',
  setRegions: 'regions',
  setStreams: 'streams',
  replaceFromJson: 'JSON edit',
  loadDocument: 'open',
  receiveSolution: 'solution',
};

function label(name: string | null): string | null {
  return name === null ? null : (COMMAND_LABELS[name as CommandName] ?? name);
}

function snapshot(source: EditorModel, mapRevision: number): ModelView {
  const doc = source.document;
  return {
    name: doc.name,
    mapRevision,
    width: doc.grid.width,
    height: doc.grid.height,
    agents: doc.agents,
    movement: doc.movement,
    solver: doc.solver,
    mapSource: doc.mapSource,
    events: doc.events,
    obstacles: doc.obstacles,
    knowledge: doc.knowledge,
    scale: doc.scale,
    regions: doc.regions,
    spawners: doc.spawners ?? [],
    exits: doc.exits ?? [],
    planRevision: source.planRevision,
    compareRevision: source.compareRevision,
    revision: source.revision,
    undoLabel: source.canUndo ? label(source.undoName) : null,
    redoLabel: source.canRedo ? label(source.redoName) : null,
    solution: source.solution,
    solutionIsCurrent: source.solutionIsCurrent,
  };
}

export const modelStore = new Store<ModelView>(snapshot(model, 0));

model.subscribe((event: ModelEvent) => {
  const previous = modelStore.get();
  const next = snapshot(model, previous.mapRevision + (event.parts.map ? 1 : 0));
  // Keep unchanged slices' identity so their subscribers stay quiet.
  const patch: Partial<ModelView> = {};
  for (const key of Object.keys(next) as (keyof ModelView)[]) {
    if (next[key] !== previous[key]) (patch as Record<string, unknown>)[key] = next[key];
  }
  if (Object.keys(patch).length > 0) modelStore.set(patch);
});
