/**
 * What a command sees while it runs, and how a command declares itself: its history mode and
 * its body. The dispatcher (EditorModel) provides the context.
 */
import type { SolveResult } from '../../../core/contract/types.ts';
import type { CellRecorder } from './cellRecorder.ts';
import type { CommandName, CommandOf, HistoryMode } from './commandTypes.ts';
import type { EditorDocument } from './document.ts';
import type { Transaction } from './transaction.ts';

/** A rectangle of cells, inclusive. */
export interface CellRegion {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A brush stroke in progress. */
export interface StrokeState {
  /** 1 = floor, 0 = wall. */
  value: number;
  brush: number;
  /** The last point painted, where the next segment starts. */
  x: number;
  y: number;
  /** Cells the stroke changed so far, with their old values: the stroke's inverse. */
  record: CellRecorder;
  keep: Uint8Array | null;
}

export interface CommandContext {
  readonly doc: EditorDocument;
  /** Apply changes through this, so they can be undone (or rolled back when the command fails). */
  readonly tx: Transaction;
  /** State of an 'on-finish' command between its dispatches. */
  stroke: StrokeState | null;
  /** Cells covered by units' starts and goals (never painted over), or null when there are no units. */
  keepMask(): Uint8Array | null;
  /** A fresh recorder for a direct raster edit. */
  recorder(): CellRecorder;
  /** Ids of units the command created, reported in its result. */
  created: string[];
  /** The map cells a stroke segment may have changed, so the canvas redraws only those; null = unknown (all). */
  region: CellRegion | null;
  replaceDocument(doc: EditorDocument, identity?: string): void;
  setSolution(solution: SolveResult): void;
}

export interface CommandDefinition<N extends CommandName> {
  history: HistoryMode;
  /** For 'never' commands that start over (loading a file): the undo history goes too. */
  clearsHistory?: boolean;
  run(context: CommandContext, command: CommandOf<N>): void;
  /** 'on-finish' only: whether this dispatch starts a new edit (a stroke's 'begin'); an open one is finished first. */
  starts?(command: CommandOf<N>): boolean;
  /** 'on-finish' only: whether this dispatch completes the edit (a stroke's 'end'). */
  finishes?(command: CommandOf<N>): boolean;
  /** 'on-finish' only: completes an edit left open because another command or an undo came first. */
  finish?(context: CommandContext): void;
}
