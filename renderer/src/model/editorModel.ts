/**
 * The editor model and its one dispatcher (after excalidraw's actions and history): every edit
 * is a named command from the registry, and its history mode decides how it enters the undo
 * history: 'immediate' commands are one step each, an 'on-finish' command (a brush stroke) is one
 * step when it finishes, 'never' commands (loading, a solver's result) are not steps at all.
 * The model lives outside React; views subscribe and are told which parts changed, so the
 * canvas redraws its static layer only when the map changed.
 */
import { PlanRevisions, planSignature } from './planSignature.ts';
import { contentFromScenario, instanceFromContent, type InstanceWithUnits } from '../../../core/scenario/content.ts';
import type { Scenario } from '../../../core/scenario/schema.ts';
import type { SolveResult } from '../../../core/contract/types.ts';
import { CellRecorder } from './cellRecorder.ts';
import { applyChange, noParts, type Change, type ChangedParts } from './changes.ts';
import type { CellRegion, CommandContext, CommandDefinition, StrokeState } from './commandContext.ts';
import { COMMANDS } from './commands.ts';
import { CommandError, type CommandName, type CommandResult, type EditorCommand } from './commandTypes.ts';
import { emptyDocument, scenarioFromDocument, type EditorDocument } from './document.ts';
import { History, type HistoryEntry, type HistoryLimits } from './history.ts';
import { Transaction } from './transaction.ts';
import { ScenarioError } from '../../../core/scenario/scenarioError.ts';

export interface ModelEvent {
  /** What happened: an edit (also each segment of a stroke in progress), undo, redo, a load, or a solver result. */
  cause: 'edit' | 'undo' | 'redo' | 'load' | 'solution';
  /** The command (for undo and redo: the command undone or redone). */
  command: CommandName | null;
  /** Parts of the document that changed: redraw the static layer only when `map` is set. */
  parts: ChangedParts;
  /** The stored solution changed (received, or dropped by a load). */
  solution: boolean;
  /** Undo or redo availability may have changed. */
  history: boolean;
  /** An 'on-finish' edit (a stroke) is still open. */
  pending: boolean;
  /**
   * For a stroke segment: the only map cells that may have changed, so the static layer can be
   * redrawn in that rectangle alone. Null: redraw the whole map if `parts.map` is set.
   */
  region: CellRegion | null;
}

export type ModelListener = (event: ModelEvent) => void;

export class EditorModel {
  private doc: EditorDocument;
  private docId = newDocumentId();
  private readonly history: History;
  private readonly listeners = new Set<ModelListener>();
  private pending: { name: CommandName; tx: Transaction } | null = null;
  private stroke: StrokeState | null = null;
  private keepCache: { agents: EditorDocument['agents']; width: number; height: number; mask: Uint8Array | null } | null = null;
  private solutionValue: SolveResult | null = null;
  private solutionRevision = -1;
  private readonly planRevisions = new PlanRevisions();
  private planCache: { revision: number; id: number } | null = null;
  private compareCache: { revision: number; id: number } | null = null;
  private mapEdited = false;
  /** Bumped by every change to the document, undo and redo included. */
  revision = 0;

  constructor(doc: EditorDocument = emptyDocument(), limits: Partial<HistoryLimits> = {}) {
    this.doc = doc;
    this.history = new History(limits);
  }

  /**
   * Who the open document is, apart from its name and content: a new scenario, a template or an
   * opened file gets its own, a reloaded level or a recovered backup keeps the one it had. What is
   * kept for a scenario (its comparisons) is found by it: two scenarios of the same name are two.
   */
  get documentId(): string {
    return this.docId;
  }

  get document(): EditorDocument {
    return this.doc;
  }

  /** Runs a command. Bad input is refused with a message and changes nothing. */
  dispatch(command: EditorCommand): CommandResult {
    const name = command.type;
    const definition = COMMANDS[name] as CommandDefinition<CommandName>;
    const open = this.pending;
    // A solver result arriving mid-stroke must not cut the stroke in two: only commands that
    // edit or replace the document close an open edit.
    const touchesDocument = definition.history !== 'never' || definition.clearsHistory === true;
    if (open && touchesDocument && (open.name !== name || definition.starts?.(command as never))) this.finishPending();
    let tx: Transaction | null = null;
    let context: CommandContext | null = null;
    try {
      if (definition.history === 'immediate' || definition.history === 'unrecorded') {
        tx = new Transaction(this.doc);
        context = this.context(tx);
        definition.run(context, command as never);
        if (!tx.empty) {
          const recorded = definition.history === 'immediate';
          if (recorded) this.history.record(History.entry(name, tx.inverses, tx.parts));
          this.emit('edit', name, tx.parts, false, recorded);
        }
      } else if (definition.history === 'on-finish') {
        this.pending ??= { name, tx: new Transaction(this.doc) };
        context = this.context(this.pending.tx);
        const version = this.doc.grid.version;
        definition.run(context, command as never);
        if (definition.finishes?.(command as never)) {
          this.commitPending();
        } else {
          const parts = noParts();
          parts.map = this.doc.grid.version !== version;
          if (parts.map) this.emit('edit', name, parts, false, false, context.region);
        }
      } else {
        if (definition.clearsHistory) {
          // Before running, so listeners told about the new document already see an empty history.
          this.pending = null;
          this.stroke = null;
          this.history.clear();
        }
        context = this.context(new Transaction(this.doc));
        definition.run(context, command as never);
      }
    } catch (error) {
      tx?.rollback();
      // An on-finish command refused before it started anything leaves nothing open.
      if (this.pending && this.pending.tx.empty && this.stroke === null) this.pending = null;
      if (error instanceof CommandError || error instanceof ScenarioError || error instanceof RangeError) return { ok: false, message: error.message };
      throw error;
    }
    return context.created.length > 0 ? { ok: true, ids: context.created } : { ok: true };
  }

  /** Undoes the last step (finishing an open stroke first); false when there is nothing to undo. */
  undo(): boolean {
    this.finishPending();
    const entry = this.history.takeUndo();
    if (!entry) return false;
    this.history.pushRedo(this.applyEntry(entry));
    this.emit('undo', entry.name as CommandName, entry.parts, false, true);
    return true;
  }

  redo(): boolean {
    this.finishPending();
    const entry = this.history.takeRedo();
    if (!entry) return false;
    this.history.pushUndo(this.applyEntry(entry));
    this.emit('redo', entry.name as CommandName, entry.parts, false, true);
    return true;
  }

  get canUndo(): boolean {
    return this.history.canUndo || (this.pending !== null && this.stroke !== null && this.stroke.record.length > 0);
  }

  get canRedo(): boolean {
    return this.history.canRedo;
  }

  /** Names of the commands the next undo and redo revert, for "Undo paint" menu labels. */
  get undoName(): string | null {
    return this.pending?.name ?? this.history.undoName;
  }

  get redoName(): string | null {
    return this.history.redoName;
  }

  get historyDepth(): { undo: number; redo: number; bytes: number } {
    return { undo: this.history.undoDepth, redo: this.history.redoDepth, bytes: this.history.storedBytes };
  }

  /** The last solver result received, or null. */
  get solution(): SolveResult | null {
    return this.solutionValue;
  }

  /** Whether the document is unchanged since the solution was received. */
  get solutionIsCurrent(): boolean {
    return this.solutionValue !== null && this.solutionRevision === this.planRevision;
  }

  /**
   * Names the plan-relevant content (planSignature.ts): a plan made at one planRevision is the
   * plan of the document whenever the number is the same again (a rename, a region, a setting
   * changed back), while `revision` moves on at every change.
   */
  get planRevision(): number {
    if (this.planCache?.revision !== this.revision) this.planCache = { revision: this.revision, id: this.planRevisions.idOf(planSignature(this.doc)) };
    return this.planCache.id;
  }

  /** The plan revision the document would have with these solver settings (a compared run's). */
  planRevisionFor(solver: EditorDocument['solver']): number {
    return this.planRevisions.idOf(planSignature(this.doc, solver));
  }

  /** Names what every solver's plan depends on (planRevision without the solver settings). */
  get compareRevision(): number {
    if (this.compareCache?.revision !== this.revision) this.compareCache = { revision: this.revision, id: this.planRevisions.idOf(`compare|${planSignature(this.doc, null)}`) };
    return this.compareCache.id;
  }

  /** Whether the map was edited since the document was loaded (then a map file reference would lose the edits). */
  get mapEditedSinceLoad(): boolean {
    return this.mapEdited;
  }

  /** The document in file form; a map from a file is written inline when it was edited since loading. */
  toScenario(): Scenario {
    return scenarioFromDocument(this.doc, { inlineMap: this.mapEdited });
  }

  /** The solvers' view of the document (shares the grid: clone it before handing it to a worker that edits). */
  instance(): InstanceWithUnits {
    return instanceFromContent(this.doc);
  }

  subscribe(listener: ModelListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Checks a document could be loaded (units on free cells and so on), by the loader's rules. */
  static check(doc: EditorDocument): void {
    contentFromScenario(scenarioFromDocument(doc, { inlineMap: true }), { fileName: doc.name });
  }

  private applyEntry(entry: HistoryEntry): HistoryEntry {
    const inverses: Change[] = [];
    for (let i = entry.changes.length - 1; i >= 0; i--) inverses.push(applyChange(this.doc, entry.changes[i]));
    return History.entry(entry.name, inverses, entry.parts);
  }

  private finishPending(): void {
    const open = this.pending;
    if (!open) return;
    const definition = COMMANDS[open.name] as CommandDefinition<CommandName>;
    definition.finish?.(this.context(open.tx));
    this.commitPending();
  }

  private commitPending(): void {
    const open = this.pending!;
    this.pending = null;
    if (!open.tx.empty) this.history.record(History.entry(open.name, open.tx.inverses, open.tx.parts));
    this.emit('edit', open.name, open.tx.parts, false, true);
  }

  private emit(cause: ModelEvent['cause'], command: CommandName | null, parts: ChangedParts, solution: boolean, history: boolean, region: CellRegion | null = null): void {
    if (parts.map || parts.agents || parts.settings || parts.events) this.revision++;
    if (parts.map && cause !== 'load') this.mapEdited = true;
    const event: ModelEvent = { cause, command, parts, solution, history, pending: this.pending !== null, region };
    for (const listener of this.listeners) listener(event);
  }

  private keepMask(): Uint8Array | null {
    const { agents, grid } = this.doc;
    const cache = this.keepCache;
    if (cache && cache.agents === agents && cache.width === grid.width && cache.height === grid.height) return cache.mask;
    let mask: Uint8Array | null = null;
    if (agents.length > 0) {
      mask = new Uint8Array(grid.cells);
      for (const agent of agents) {
        for (const [x0, y0] of [agent.start, agent.goal]) {
          for (let y = y0; y < Math.min(y0 + agent.size, grid.height); y++) {
            for (let x = x0; x < Math.min(x0 + agent.size, grid.width); x++) mask[y * grid.width + x] = 1;
          }
        }
      }
    }
    this.keepCache = { agents, width: grid.width, height: grid.height, mask };
    return mask;
  }

  private context(tx: Transaction): CommandContext {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const model = this;
    return {
      get doc() {
        return model.doc;
      },
      tx,
      get stroke() {
        return model.stroke;
      },
      set stroke(value: StrokeState | null) {
        model.stroke = value;
      },
      keepMask: () => this.keepMask(),
      recorder: () => new CellRecorder(),
      created: [],
      region: null,
      replaceDocument: (doc, identity) => {
        this.doc = doc;
        this.docId = identity ?? newDocumentId();
        this.keepCache = null;
        this.solutionValue = null;
        this.mapEdited = false;
        this.emit('load', 'loadDocument', { map: true, agents: true, settings: true, events: true }, true, true);
        this.mapEdited = false;
      },
      setSolution: (solution) => {
        this.solutionValue = solution;
        this.solutionRevision = this.planRevision;
        this.emit('solution', 'receiveSolution', noParts(), true, false);
      },
    };
  }
}

/** A document id no other document of this or another session has (time and randomness). */
export function newDocumentId(): string {
  return `d${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}
