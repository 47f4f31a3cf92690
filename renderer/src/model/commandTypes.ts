/**
 * Every command the editor understands, as data: a toolbar button, a shortcut, a drag on the
 * canvas and the JSON editor all build one of these and hand it to EditorModel.dispatch.
 */
import type { TimeScale } from '../../../core/scenario/timeScaleSchema.ts';
import type { ScenarioExit, ScenarioSpawner } from '../../../core/scenario/streamSchema.ts';
import type { Movement } from '../../../core/grid/movement.ts';
import type { MapEvent, ObstacleKnowledge, ScenarioObstacle, ScenarioRegion, SolverSettings } from '../../../core/scenario/schema.ts';
import type { SolveResult } from '../../../core/contract/types.ts';
import type { EditorDocument } from './document.ts';

/** A cell as [x, y]. */
export type XY = readonly [number, number];

/**
 * How a command enters undo history: as one step at once, as one step when it finishes, or not
 * at all. 'unrecorded' edits the document like 'immediate' (saved, autosaved, listeners told) but
 * is no undo step: a choice of solver settings, which a designer flips while comparing solvers
 * and should not have to undo past to reach their last map edit.
 */
export type HistoryMode = 'immediate' | 'on-finish' | 'unrecorded' | 'never';

export interface AgentProps {
  name?: string;
  colour?: string;
  priority?: number;
  size?: number;
  speed?: number;
}

export type PaintCellsCommand =
  /** Starts a stroke at (x, y): paints walls (`passable: false`) or floor with a square brush (default 1). */
  | { type: 'paintCells'; phase: 'begin'; x: number; y: number; passable: boolean; brush?: number }
  /** Continues the stroke with a line of brush stamps from the last point to (x, y): one stroke segment. */
  | { type: 'paintCells'; phase: 'extend'; x: number; y: number }
  /** Ends the stroke: the whole stroke becomes one undo step. */
  | { type: 'paintCells'; phase: 'end' };

export type EditorCommand =
  | PaintCellsCommand
  | { type: 'fillRect'; from: XY; to: XY; passable: boolean }
  | { type: 'drawLine'; from: XY; to: XY; passable: boolean; brush?: number }
  | { type: 'floodFill'; at: XY; passable: boolean }
  /** Keeps the top-left part; units and event cells that no longer fit are removed (undo restores them). */
  | { type: 'resizeMap'; width: number; height: number }
  /** Adds a unit; id, name and colour default to the next free `aN`, the id, and the palette colour. */
  | ({ type: 'addAgent'; start: XY; goal: XY; id?: string } & AgentProps)
  | { type: 'removeAgents'; ids: readonly string[] }
  | { type: 'moveAgentStart'; id: string; to: XY }
  | { type: 'moveAgentGoal'; id: string; to: XY }
  /** Sets the given props on every listed unit (multi-select). */
  | { type: 'setAgentProps'; ids: readonly string[]; props: AgentProps }
  /**
   * Replaces all units with these (units read from a Moving AI .scen): one undo step. Optional
   * fields default as in the scenario file (name: the id, colour: the palette's for the place).
   */
  | { type: 'setAgents'; agents: readonly ({ id: string; start: XY; goal: XY } & AgentProps)[] }
  /** Replaces the units with `count` random ones: distinct starts, distinct goals, all in the largest region; same seed, same units. */
  | { type: 'placeRandomAgents'; count: number; seed: number }
  | { type: 'setSolverSettings'; settings: Partial<SolverSettings> }
  | { type: 'setMovement'; movement: Partial<Movement> }
  | { type: 'setName'; name: string }
  | { type: 'setEvents'; events: readonly MapEvent[] }
  | { type: 'setObstacles'; obstacles: readonly ScenarioObstacle[] }
  | { type: 'setKnowledge'; knowledge: ObstacleKnowledge }
  /** How long a turn lasts and how wide a cell is in the game (undefined: not said): rates a minute, lanes in metres. */
  | { type: 'setScale'; scale: TimeScale | undefined }
  /** Replaces the measured regions (the Measure tool, the regions panel): one undo step. */
  | { type: 'setRegions'; regions: readonly ScenarioRegion[] }
  /** Replaces a stream's spawners and/or exits (the Spawner and Exit tools, the Streams panel): one undo step. */
  | { type: 'setStreams'; spawners?: readonly ScenarioSpawner[]; exits?: readonly ScenarioExit[] }
  /** Applies a whole scenario from the JSON editor as one undoable step. */
  | { type: 'replaceFromJson'; text: string; fileName?: string; solverNames?: readonly string[] }
  /** Replaces the document (file opened, new map): not undoable, starts a new history. */
  | { type: 'loadDocument'; document: EditorDocument; /** Who the document is (documentId): kept by a reload of the same scenario, else a new one. */ identity?: string }
  /** Stores a solver's result: not an edit, never in history. */
  | { type: 'receiveSolution'; solution: SolveResult };

export type CommandName = EditorCommand['type'];
export type CommandOf<N extends CommandName> = Extract<EditorCommand, { type: N }>;

export type CommandResult =
  | { ok: true; /** Ids of units the command created (addAgent, placeRandomAgents). */ ids?: string[] }
  | { ok: false; message: string };

/** A command refused for bad input; the message is for the user. Nothing was changed. */
export class CommandError extends Error {
  override name = 'CommandError';
}
