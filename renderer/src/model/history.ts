/**
 * Undo and redo stacks of inverse changes (after excalidraw's history). An entry is one user
 * step, a whole brush stroke included; its changes are applied last to first. The stack keeps
 * at most `maxEntries` entries and about `maxBytes` of stored cells, dropping the oldest first
 * (the newest entry is always kept, however large).
 */
import { changeCost, type Change, type ChangedParts } from './changes.ts';

export interface HistoryEntry {
  /** The command that made the step, e.g. 'paintCells' (for "Undo paint" labels). */
  name: string;
  /** Inverse changes; undoing applies them from last to first. */
  changes: Change[];
  parts: ChangedParts;
  bytes: number;
}

export interface HistoryLimits {
  maxEntries: number;
  maxBytes: number;
}

export const DEFAULT_HISTORY_LIMITS: HistoryLimits = { maxEntries: 200, maxBytes: 256 * 1024 * 1024 };

export class History {
  private readonly undoStack: HistoryEntry[] = [];
  private readonly redoStack: HistoryEntry[] = [];
  private bytes = 0;
  readonly limits: HistoryLimits;

  constructor(limits: Partial<HistoryLimits> = {}) {
    this.limits = { ...DEFAULT_HISTORY_LIMITS, ...limits };
  }

  static entry(name: string, changes: Change[], parts: ChangedParts): HistoryEntry {
    let bytes = 0;
    for (const change of changes) bytes += changeCost(change);
    return { name, changes, parts, bytes };
  }

  /** Records a new step; the redo stack is dropped (a new edit ends that branch). */
  record(entry: HistoryEntry): void {
    this.clearRedo();
    this.pushUndo(entry);
  }

  /** The step to undo, taken off the stack; null when there is none. */
  takeUndo(): HistoryEntry | null {
    const entry = this.undoStack.pop() ?? null;
    if (entry) this.bytes -= entry.bytes;
    return entry;
  }

  takeRedo(): HistoryEntry | null {
    const entry = this.redoStack.pop() ?? null;
    if (entry) this.bytes -= entry.bytes;
    return entry;
  }

  /** After an undo: the changes that redo it. */
  pushRedo(entry: HistoryEntry): void {
    this.redoStack.push(entry);
    this.bytes += entry.bytes;
  }

  /** After a redo (or a new edit): the changes that undo it. */
  pushUndo(entry: HistoryEntry): void {
    this.undoStack.push(entry);
    this.bytes += entry.bytes;
    this.trim();
  }

  clear(): void {
    this.undoStack.length = 0;
    this.clearRedo();
    this.bytes = 0;
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  get undoDepth(): number {
    return this.undoStack.length;
  }

  get redoDepth(): number {
    return this.redoStack.length;
  }

  /** Name of the command the next undo reverts, for menu labels. */
  get undoName(): string | null {
    return this.undoStack.at(-1)?.name ?? null;
  }

  get redoName(): string | null {
    return this.redoStack.at(-1)?.name ?? null;
  }

  get storedBytes(): number {
    return this.bytes;
  }

  private clearRedo(): void {
    for (const entry of this.redoStack) this.bytes -= entry.bytes;
    this.redoStack.length = 0;
  }

  private trim(): void {
    const { maxEntries, maxBytes } = this.limits;
    let drop = 0;
    let bytes = this.bytes;
    while (this.undoStack.length - drop > 1 && (this.undoStack.length - drop > maxEntries || bytes > maxBytes)) {
      bytes -= this.undoStack[drop].bytes;
      drop++;
    }
    if (drop > 0) {
      this.undoStack.splice(0, drop);
      this.bytes = bytes;
    }
  }
}
