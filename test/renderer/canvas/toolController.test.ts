import { describe, expect, it } from 'vitest';
import { EditorModel } from '../../../renderer/src/model/editorModel.ts';
import { DEFAULT_DOOR_TURN, ToolController, unitAt } from '../../../renderer/src/canvas/toolController.ts';
import { unitShownAt } from '../../../renderer/src/replay/position.ts';
import { Store } from '../../../renderer/src/state/store.ts';
import type { EditorState, ToolName } from '../../../renderer/src/state/editorState.ts';
import { sampleDocument } from '../model/fixtures.ts';

function setup(tool: ToolName, brush = 1) {
  const model = new EditorModel(sampleDocument());
  const editor = new Store<EditorState>({ tool, brush, selection: [], cursor: null, jsonOpen: false });
  const errors: string[] = [];
  const controller = new ToolController(model, editor, (m) => errors.push(m));
  const wall = (x: number, y: number) => !model.document.grid.isFreeXY(x, y);
  return { model, editor, controller, errors, wall };
}

describe('ToolController', () => {
  it('a pencil drag is one stroke and one undo step', () => {
    const { model, controller, wall } = setup('pencil');
    controller.down({ x: 1, y: 2 });
    controller.move({ x: 2, y: 2 });
    controller.move({ x: 3, y: 2 });
    controller.up({ x: 3, y: 2 });
    expect([wall(1, 2), wall(2, 2), wall(3, 2)]).toEqual([true, true, true]);
    expect(model.undoName).toBe('paintCells');
    model.undo();
    expect([wall(1, 2), wall(2, 2), wall(3, 2)]).toEqual([false, false, false]);
    expect(model.canUndo).toBe(false);
  });

  it('the eraser and the right button paint floor', () => {
    const { controller, wall } = setup('eraser');
    controller.down({ x: 4, y: 0 });
    controller.up({ x: 4, y: 1 });
    expect([wall(4, 0), wall(4, 1)]).toEqual([false, false]);
  });

  it('line and rectangle apply on release with a preview meanwhile', () => {
    const { controller, editor, wall } = setup('line');
    controller.down({ x: 5, y: 2 });
    controller.move({ x: 7, y: 2 });
    expect(controller.preview).toMatchObject({ kind: 'line', from: { x: 5, y: 2 }, to: { x: 7, y: 2 } });
    expect(wall(6, 2)).toBe(false);
    controller.up({ x: 7, y: 2 });
    expect([wall(5, 2), wall(6, 2), wall(7, 2)]).toEqual([true, true, true]);
    expect(controller.preview).toBeNull();
    editor.set({ tool: 'rect' });
    controller.down({ x: 5, y: 5 });
    controller.up({ x: 6, y: 5 });
    expect([wall(5, 5), wall(6, 5)]).toEqual([true, true]);
  });

  it('the unit tool adds a unit with a start click then a goal click, and selects it', () => {
    const { model, controller, editor, errors } = setup('unit');
    controller.down({ x: 4, y: 0 });
    expect(errors[0]).toMatch(/wall/);
    controller.down({ x: 2, y: 2 });
    controller.up({ x: 2, y: 2 });
    expect(controller.preview).toMatchObject({ kind: 'unit-start' });
    controller.down({ x: 6, y: 5 });
    const added = model.document.agents.at(-1)!;
    expect(added.start).toEqual([2, 2]);
    expect(added.goal).toEqual([6, 5]);
    expect(editor.get().selection).toEqual([added.id]);
  });

  it('select: click selects, shift-click adds, a drag moves the goal, a refused move says why', () => {
    const { model, controller, editor, errors } = setup('select');
    const [a, b] = model.document.agents;
    controller.down({ x: a.start[0], y: a.start[1] });
    controller.up({ x: a.start[0], y: a.start[1] });
    expect(editor.get().selection).toEqual([a.id]);
    controller.down({ x: b.start[0], y: b.start[1] }, false, true);
    expect(editor.get().selection).toEqual([a.id, b.id]);
    controller.down({ x: a.goal[0], y: a.goal[1] });
    controller.move({ x: 6, y: 5 });
    controller.up({ x: 6, y: 5 });
    expect(model.document.agents[0].goal).toEqual([6, 5]);
    expect(model.undoName).toBe('moveAgentGoal');
    controller.down({ x: 6, y: 5 });
    controller.up({ x: 4, y: 0 });
    expect(errors.length).toBe(1);
    expect(model.document.agents[0].goal).toEqual([6, 5]);
    controller.down({ x: 3, y: 5 });
    expect(editor.get().selection).toEqual([]);
  });

  it('unitAt finds a start or goal footprint', () => {
    const { model } = setup('select');
    const [a] = model.document.agents;
    expect(unitAt(model.document.agents, a.start[0], a.start[1])).toEqual({ id: a.id, end: 'start', anchor: { x: a.start[0], y: a.start[1] }, size: 1 });
    expect(unitAt(model.document.agents, a.goal[0], a.goal[1])).toEqual({ id: a.id, end: 'goal', anchor: { x: a.goal[0], y: a.goal[1] }, size: 1 });
    expect(unitAt(model.document.agents, 2, 2)).toBeNull();
  });
});

describe('ToolController with a large unit', () => {
  // Unit A made size 2: its start covers (0,0)..(1,1); grabbed by its bottom-right cell.
  function large() {
    const doc = sampleDocument();
    const model = new EditorModel({ ...doc, agents: [{ ...doc.agents[0], size: 2, goal: [5, 0] }, ...doc.agents.slice(1)] });
    const editor = new Store<EditorState>({ tool: 'select', brush: 1, selection: [], cursor: null, jsonOpen: false });
    return { model, editor, controller: new ToolController(model, editor, () => {}) };
  }

  it('a click on any cell of its footprint selects it and moves nothing', () => {
    const { model, editor, controller } = large();
    expect(unitAt(model.document.agents, 1, 1)).toEqual({ id: 'A', end: 'start', anchor: { x: 0, y: 0 }, size: 2 });
    controller.down({ x: 1, y: 1 });
    controller.up({ x: 1, y: 1 });
    expect(editor.get().selection).toEqual(['A']);
    expect(model.document.agents[0].start).toEqual([0, 0]);
    expect(model.canUndo).toBe(false);
  });

  it('a drag moves it by the pointer’s displacement, keeping the cell it was grabbed by under the pointer', () => {
    const { model, controller } = large();
    controller.down({ x: 1, y: 1 });
    controller.move({ x: 2, y: 2 });
    expect(controller.preview).toMatchObject({ kind: 'drag', to: { x: 1, y: 1 } }); // the anchor's new cell
    controller.up({ x: 2, y: 2 });
    expect(model.document.agents[0].start).toEqual([1, 1]);
    // The goal (5,0)..(6,1), grabbed by (6,0) and dropped on (6,2): anchor (5,2).
    controller.down({ x: 6, y: 0 });
    controller.up({ x: 6, y: 2 });
    expect(model.document.agents[0].goal).toEqual([5, 2]);
  });

  it('a drag past the last column or row keeps the whole footprint on the map', () => {
    const { model, controller } = large();
    // Grabbed by its anchor (0,0) and dragged to the last column: anchor (6,2), covering (6,2)..(7,3).
    controller.down({ x: 0, y: 0 });
    controller.move({ x: 9, y: 2 });
    expect(controller.preview).toMatchObject({ kind: 'drag', to: { x: 6, y: 2 } });
    controller.up({ x: 7, y: 2 });
    expect(model.document.agents[0].start).toEqual([6, 2]);
    // Then by its anchor again to the bottom-right corner: anchor (6,4), covering (6,4)..(7,5).
    controller.down({ x: 6, y: 2 });
    controller.up({ x: 7, y: 5 });
    expect(model.document.agents[0].start).toEqual([6, 4]);
  });
});

describe('unitShownAt (selecting a unit mid-replay)', () => {
  // Width 8: unit 0 (size 2) at anchor 9 (1,1) at turn 1, covering (1,1)..(2,2); unit 1 (size 1) on 20 (4,2).
  const agents = [{ id: 'big', size: 2 }, { id: 'small', size: 1 }];
  const paths = [[0, 9, 10], [19, 20]];

  it("finds a unit on every cell of its footprint at the turn, and nowhere else", () => {
    for (const [x, y] of [[1, 1], [2, 1], [1, 2], [2, 2]]) expect(unitShownAt(paths, agents, 8, x, y, 1)).toBe('big');
    expect(unitShownAt(paths, agents, 8, 3, 1, 1)).toBeNull();
    expect(unitShownAt(paths, agents, 8, 0, 0, 1)).toBeNull();
    expect(unitShownAt(paths, agents, 8, 4, 2, 1)).toBe('small');
    expect(unitShownAt(paths, agents, 8, 3, 2, 1)).toBeNull();
    // Past its path a unit stays on its last anchor: (2,1)..(3,2).
    expect(unitShownAt(paths, agents, 8, 3, 2, 9)).toBe('big');
  });
});

describe('ToolController on a replay', () => {
  it('selects a unit by its position at the current turn, without dragging anything', () => {
    const model = new EditorModel(sampleDocument());
    const editor = new Store<EditorState>({ tool: 'select', brush: 1, selection: [], cursor: null, jsonOpen: false });
    const id = model.document.agents[1].id;
    const controller = new ToolController(model, editor, () => {}, (x, y) => (x === 2 && y === 2 ? id : null));
    controller.down({ x: 2, y: 2 });
    expect(editor.get().selection).toEqual([id]);
    expect(controller.preview).toBeNull();
  });
});

describe('ToolController outside the map', () => {
  it('a press in the margin paints nothing; a stroke may run off the map', () => {
    const { model, controller, wall } = setup('pencil');
    controller.down({ x: -1, y: 2 });
    controller.up({ x: -1, y: 2 });
    expect(model.canUndo).toBe(false);
    controller.down({ x: 6, y: 2 });
    controller.move({ x: 9, y: 2 });
    controller.up({ x: 9, y: 2 });
    expect([wall(6, 2), wall(7, 2)]).toEqual([true, true]);
    expect(model.undoName).toBe('paintCells');
  });

  it('the door tool adds an event at the replay turn (close on floor, open on a wall) and a second click removes it', () => {
    const model = new EditorModel(sampleDocument());
    const editor = new Store<EditorState>({ tool: 'door', brush: 1, selection: [], cursor: null, jsonOpen: false });
    let turn = 0;
    const controller = new ToolController(model, editor, () => {}, () => null, () => turn);
    // The sample already closes (4, 2) at turn 3.
    controller.down({ x: 2, y: 2 });
    controller.up({ x: 2, y: 2 });
    expect(model.document.events).toEqual([{ t: 3, cells: [[4, 2]], action: 'close' }, { t: DEFAULT_DOOR_TURN, cells: [[2, 2]], action: 'close' }]);
    turn = 7;
    controller.down({ x: 4, y: 0 });
    expect(model.document.events[2]).toEqual({ t: 7, cells: [[4, 0]], action: 'open' });
    controller.down({ x: 4, y: 2 });
    expect(model.document.events.map((e) => e.cells[0])).toEqual([[2, 2], [4, 0]]);
    expect(model.undoName).toBe('setEvents');
    model.undo();
    expect(model.document.events).toHaveLength(3);
    controller.down({ x: 9, y: 9 });
    expect(model.document.events).toHaveLength(3);
    // Shift joins the last event: a two-cell door closing at once.
    controller.down({ x: 3, y: 2 }, false, true);
    expect(model.document.events[2]).toEqual({ t: 7, cells: [[4, 0], [3, 2]], action: 'open' });
    expect(model.document.events).toHaveLength(3);
  });
});
