/**
 * What a pointer gesture on the map means for the current tool, as model commands: a pencil
 * drag is one paintCells stroke (begin, extend per new cell, end: one undo step), a line or
 * rectangle drag is one drawLine or fillRect on release, the unit tool takes a start click then a
 * goal click, and the select tool selects units and drags their starts and goals. No DOM here:
 * MapView turns pointer events into cells and calls these methods.
 */
import type { EditorModel } from '../model/editorModel.ts';
import type { EditorCommand } from '../model/commandTypes.ts';
import type { EditorDocument } from '../model/document.ts';
import type { Store } from '../state/store.ts';
import type { EditorState } from '../state/editorState.ts';
import type { MapEvent, ScenarioObstacle } from '../../../core/scenario/schema.ts';
import { covers } from '../replay/position.ts';
import { nextRegionName } from '../model/regionCommands.ts';
import { newExit, newSpawner } from '../model/streamCommands.ts';

/** The turn a new door closes at when no replay turn is chosen. */
export const DEFAULT_DOOR_TURN = 10;

export interface Cell {
  x: number;
  y: number;
}

/** What the dynamic layer draws for a gesture in progress. */
export type ToolPreview =
  | { kind: 'line'; from: Cell; to: Cell; passable: boolean; brush: number }
  | { kind: 'rect'; from: Cell; to: Cell; passable: boolean }
  /** The Measure tool's rectangle: a new measured region on release. */
  | { kind: 'region'; from: Cell; to: Cell; as?: 'spawner' | 'exit' }
  | { kind: 'unit-start'; at: Cell }
  /**
   * `to`: where the dragged end's anchor (top-left cell) would go; `grab`: the pressed cell's
   * offset from it; `size`: the unit's, so the anchor stays where its whole footprint fits.
   */
  | { kind: 'drag'; id: string; end: 'start' | 'goal'; to: Cell; grab: Cell; size: number };

/** A unit's start or goal under a cell: `anchor` is that end's top-left cell. */
export interface UnitHit {
  id: string;
  end: 'start' | 'goal';
  anchor: Cell;
  size: number;
}

/** The unit whose start or goal footprint covers (x, y), topmost (last drawn) first. */
export function unitAt(agents: EditorDocument['agents'], x: number, y: number): UnitHit | null {
  for (let i = agents.length - 1; i >= 0; i--) {
    const a = agents[i];
    for (const end of ['start', 'goal'] as const) {
      const [ax, ay] = a[end];
      if (covers(ax, ay, a.size, x, y)) return { id: a.id, end, anchor: { x: ax, y: ay }, size: a.size };
    }
  }
  return null;
}

export class ToolController {
  preview: ToolPreview | null = null;
  private stroking = false;
  private last: Cell | null = null;
  private passable = false;
  private readonly model: EditorModel;
  private readonly editor: Store<EditorState>;
  private readonly report: (message: string) => void;
  private readonly unitOnReplay: (x: number, y: number) => string | null;
  private readonly replayTurn: () => number;

  /**
   * `unitOnReplay` finds the unit shown on a cell at the replay's current turn (null without a
   * plan), so a moving unit can be clicked to see its metrics.
   */
  constructor(
    model: EditorModel,
    editor: Store<EditorState>,
    report: (message: string) => void,
    unitOnReplay: (x: number, y: number) => string | null = () => null,
    replayTurn: () => number = () => 0,
  ) {
    this.replayTurn = replayTurn;
    this.model = model;
    this.editor = editor;
    this.report = report;
    this.unitOnReplay = unitOnReplay;
  }

  /** A press on a cell. `alternate`: right button (floor instead of wall); `shift`: add to the selection. */
  down(cell: Cell, alternate = false, shift = false): void {
    const { tool, brush } = this.editor.get();
    const inside = this.clamp(cell);
    // A press in the margin around the map starts nothing (a drag may still leave the map).
    if (tool !== 'select' && !this.inMap(cell)) return;
    switch (tool) {
      case 'pencil':
      case 'eraser': {
        this.passable = tool === 'eraser' || alternate;
        this.stroking = this.run({ type: 'paintCells', phase: 'begin', x: inside.x, y: inside.y, passable: this.passable, brush });
        this.last = inside;
        return;
      }
      case 'line':
        this.preview = { kind: 'line', from: inside, to: inside, passable: alternate, brush };
        return;
      case 'rect':
        this.preview = { kind: 'rect', from: inside, to: inside, passable: alternate };
        return;
      case 'fill':
        if (this.inMap(cell)) this.run({ type: 'floodFill', at: [cell.x, cell.y], passable: alternate });
        return;
      case 'unit':
        this.unitClick(cell);
        return;
      case 'select':
        this.selectDown(cell, shift);
        return;
      case 'door':
        this.toggleDoor(cell, shift);
        return;
      case 'obstacle':
        this.obstacleClick(cell, shift);
        return;
      case 'measure':
        this.preview = { kind: 'region', from: inside, to: inside };
        return;
      case 'spawner':
      case 'exit':
        this.preview = { kind: 'region', from: inside, to: inside, as: tool };
        return;
    }
  }

  move(cell: Cell): void {
    const preview = this.preview;
    if (this.stroking) {
      if (this.last && this.last.x === cell.x && this.last.y === cell.y) return;
      this.last = cell;
      this.run({ type: 'paintCells', phase: 'extend', x: cell.x, y: cell.y });
    } else if (preview && (preview.kind === 'line' || preview.kind === 'rect' || preview.kind === 'region')) {
      this.preview = { ...preview, to: this.clamp(cell) };
    } else if (preview && preview.kind === 'drag') {
      this.preview = { ...preview, to: this.dragAnchor(cell, preview) };
    }
  }

  up(cell: Cell): void {
    if (this.stroking) {
      this.move(cell);
      this.stroking = false;
      this.last = null;
      this.run({ type: 'paintCells', phase: 'end' });
      return;
    }
    const preview = this.preview;
    if (!preview || preview.kind === 'unit-start') return;
    this.preview = null;
    const to = preview.kind === 'drag' ? this.dragAnchor(cell, preview) : this.clamp(cell);
    if (preview.kind === 'line') {
      this.run({ type: 'drawLine', from: [preview.from.x, preview.from.y], to: [to.x, to.y], passable: preview.passable, brush: preview.brush });
    } else if (preview.kind === 'region' && preview.as !== undefined) {
      this.streamArea(preview.as, [preview.from.x, preview.from.y], [to.x, to.y]);
    } else if (preview.kind === 'region') {
      // A new region named 'region N' (renamed in the Measured regions panel): one undo step.
      const regions = this.model.document.regions;
      this.run({ type: 'setRegions', regions: [...regions, { name: nextRegionName(regions.map((r) => r.name)), from: [preview.from.x, preview.from.y], to: [to.x, to.y] }] });
    } else if (preview.kind === 'rect') {
      this.run({ type: 'fillRect', from: [preview.from.x, preview.from.y], to: [to.x, to.y], passable: preview.passable });
    } else if (this.inMap(cell)) {
      const agent = this.model.document.agents.find((a) => a.id === preview.id);
      if (agent && (agent[preview.end][0] !== to.x || agent[preview.end][1] !== to.y)) {
        this.run({ type: preview.end === 'start' ? 'moveAgentStart' : 'moveAgentGoal', id: preview.id, to: [to.x, to.y] });
      }
    }
  }

  /** A drawn spawner or exit area: one undo step. A spawner sends its units to the first exit, so one must exist. */
  private streamArea(as: 'spawner' | 'exit', from: [number, number], to: [number, number]): void {
    const doc = this.model.document;
    const spawners = doc.spawners ?? [];
    const exits = doc.exits ?? [];
    if (as === 'exit') {
      this.run({ type: 'setStreams', exits: [...exits, newExit(exits.map((e) => e.name), from, to)] });
      return;
    }
    if (exits.length === 0) {
      this.report('A spawner sends its units to an exit: draw an exit first (Exit, X).');
      return;
    }
    this.run({ type: 'setStreams', spawners: [...spawners, newSpawner(spawners.map((s) => s.name), from, to, exits[0].name)] });
  }

  /** Abandons a gesture (Escape, tool change): a stroke already painted still becomes its undo step. */
  cancel(): void {
    if (this.stroking) this.run({ type: 'paintCells', phase: 'end' });
    this.stroking = false;
    this.preview = null;
  }

  private unitClick(cell: Cell): void {
    if (!this.inMap(cell)) return;
    const preview = this.preview;
    if (!preview || preview.kind !== 'unit-start') {
      if (!this.model.document.grid.isFreeXY(cell.x, cell.y)) return this.report(`(${cell.x}, ${cell.y}) is a wall: a unit starts on a free cell`);
      this.preview = { kind: 'unit-start', at: cell };
      return;
    }
    this.preview = null;
    const result = this.model.dispatch({ type: 'addAgent', start: [preview.at.x, preview.at.y], goal: [cell.x, cell.y] });
    if (!result.ok) this.report(result.message);
    else if (result.ids) this.editor.set({ selection: result.ids });
  }

  /**
   * The door tool: a click on a cell with a timed event removes the cell from its events; on
   * any other cell it adds an event at the replay's turn (DEFAULT_DOOR_TURN at turn 0) that
   * closes a free cell or opens a wall; with Shift it joins the last event instead (a door of
   * several cells that close together). One setEvents command, so one undo step.
   */
  private toggleDoor(cell: Cell, shift: boolean): void {
    const events = this.model.document.events;
    const hits = (e: MapEvent) => e.cells.some(([x, y]) => x === cell.x && y === cell.y);
    let next: MapEvent[];
    if (events.some(hits)) {
      next = events.map((e) => ({ ...e, cells: e.cells.filter(([x, y]) => x !== cell.x || y !== cell.y) })).filter((e) => e.cells.length > 0);
    } else if (shift && events.length > 0) {
      const last = events[events.length - 1];
      next = [...events.slice(0, -1), { ...last, cells: [...last.cells, [cell.x, cell.y]] }];
    } else {
      const turn = this.replayTurn();
      const action = this.model.document.grid.isFreeXY(cell.x, cell.y) ? 'close' : 'open';
      next = [...events, { t: turn > 0 ? turn : DEFAULT_DOOR_TURN, cells: [[cell.x, cell.y]], action }];
    }
    this.run({ type: 'setEvents', events: next });
  }

  /**
   * The obstacle tool: a click on one of an obstacle's waypoints removes it (the obstacle with
   * its last one); Shift-click adds a waypoint to the last obstacle; any other click places a new
   * obstacle there, patrolling ping-pong once it has a second waypoint. One setObstacles command,
   * so one undo step; a waypoint the route cannot reach is refused, saying why.
   */
  private obstacleClick(cell: Cell, shift: boolean): void {
    if (!this.inMap(cell)) return;
    const obstacles = this.model.document.obstacles;
    const at = (o: ScenarioObstacle) => o.route.findIndex(([x, y]) => x === cell.x && y === cell.y);
    const hit = obstacles.findIndex((o) => at(o) >= 0);
    let next: ScenarioObstacle[];
    if (hit >= 0 && !shift) {
      const route = obstacles[hit].route.filter((_, k) => k !== at(obstacles[hit]));
      next = route.length === 0 ? obstacles.filter((_, i) => i !== hit) : obstacles.map((o, i) => (i === hit ? { ...o, route } : o));
    } else if (shift && obstacles.length > 0) {
      const last = obstacles[obstacles.length - 1];
      next = [...obstacles.slice(0, -1), { ...last, route: [...last.route, [cell.x, cell.y]] }];
    } else {
      if (!this.model.document.grid.isFreeXY(cell.x, cell.y)) return this.report(`(${cell.x}, ${cell.y}) is a wall: an obstacle starts on a free cell`);
      const ids = new Set(obstacles.map((o) => o.id));
      let n = obstacles.length + 1;
      while (ids.has(`obstacle${n}`)) n++;
      next = [...obstacles, { id: `obstacle${n}`, size: 1, speed: 1, route: [[cell.x, cell.y]], mode: 'ping-pong', startTurn: 0 }];
    }
    this.run({ type: 'setObstacles', obstacles: next });
  }

  private selectDown(cell: Cell, shift: boolean): void {
    const hit = unitAt(this.model.document.agents, cell.x, cell.y);
    const selection = this.editor.get().selection;
    const moving = hit ? null : this.unitOnReplay(cell.x, cell.y);
    if (moving) {
      // A unit mid-replay: select it (its start and goal are elsewhere, so nothing to drag).
      if (!shift) this.editor.set({ selection: [moving] });
      else this.editor.set({ selection: selection.includes(moving) ? selection.filter((id) => id !== moving) : [...selection, moving] });
      return;
    }
    if (!hit) {
      if (!shift) this.editor.set({ selection: [] });
      return;
    }
    if (shift) {
      this.editor.set({ selection: selection.includes(hit.id) ? selection.filter((id) => id !== hit.id) : [...selection, hit.id] });
      return;
    }
    if (!selection.includes(hit.id)) this.editor.set({ selection: [hit.id] });
    // A large unit may be pressed on any cell of its footprint: the drag keeps that cell under
    // the pointer, so a click without a move leaves the unit where it is.
    const { anchor } = hit;
    this.preview = { kind: 'drag', id: hit.id, end: hit.end, to: anchor, grab: { x: cell.x - anchor.x, y: cell.y - anchor.y }, size: hit.size };
  }

  /**
   * The anchor a drag puts under the pointer's cell, held where the whole footprint is on the
   * map: a size-k unit's anchor goes no further than width - k, else the move would be refused.
   */
  private dragAnchor(cell: Cell, drag: { grab: Cell; size: number }): Cell {
    return this.clamp({ x: cell.x - drag.grab.x, y: cell.y - drag.grab.y }, drag.size);
  }

  private run(command: EditorCommand): boolean {
    const result = this.model.dispatch(command);
    if (!result.ok) this.report(result.message);
    return result.ok;
  }

  private inMap(cell: Cell): boolean {
    const { grid } = this.model.document;
    return cell.x >= 0 && cell.y >= 0 && cell.x < grid.width && cell.y < grid.height;
  }

  /** The nearest cell where a `size` square anchored there lies on the map (1: the cell itself). */
  private clamp(cell: Cell, size = 1): Cell {
    const { grid } = this.model.document;
    return { x: Math.max(0, Math.min(grid.width - size, cell.x)), y: Math.max(0, Math.min(grid.height - size, cell.y)) };
  }
}
