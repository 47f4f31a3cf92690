import { describe, expect, it } from 'vitest';
import { EditorModel, type ModelEvent } from '../../../renderer/src/model/editorModel.ts';
import { History } from '../../../renderer/src/model/history.ts';
import { noParts } from '../../../renderer/src/model/changes.ts';
import type { SolveResult } from '../../../core/contract/types.ts';
import { emptyDocument } from '../../../renderer/src/model/document.ts';
import { fingerprint, sampleDocument } from './fixtures.ts';

const SOLUTION: SolveResult = { solver: 'independent', status: 'solved', paths: [[0, 1], [24, 25]], stats: { expanded: 1, generated: 2, elapsedMs: 0 } };

describe('brush strokes', () => {
  it('a stroke of many segments is one undo step', () => {
    const model = new EditorModel(sampleDocument());
    const before = fingerprint(model);
    model.dispatch({ type: 'paintCells', phase: 'begin', x: 0, y: 5, passable: false });
    for (let x = 1; x < 8; x++) model.dispatch({ type: 'paintCells', phase: 'extend', x, y: 5 });
    model.dispatch({ type: 'paintCells', phase: 'end' });
    expect(model.document.grid.toAscii()[5]).toBe('@@@@@@@@');
    expect(model.historyDepth.undo).toBe(1);
    model.undo();
    expect(fingerprint(model)).toEqual(before);
    expect(model.canUndo).toBe(false);
  });

  it('an undo in the middle of a stroke finishes the stroke and undoes all of it', () => {
    const model = new EditorModel(sampleDocument());
    const before = fingerprint(model);
    model.dispatch({ type: 'paintCells', phase: 'begin', x: 2, y: 2, passable: false, brush: 3 });
    model.dispatch({ type: 'paintCells', phase: 'extend', x: 5, y: 2 });
    expect(model.canUndo).toBe(true);
    expect(model.undo()).toBe(true);
    expect(fingerprint(model)).toEqual(before);
    // The stroke is over: a late 'extend' is refused, not painted, and leaves nothing open.
    expect(model.dispatch({ type: 'paintCells', phase: 'extend', x: 6, y: 2 }).ok).toBe(false);
    expect(model.undoName).toBeNull();
    expect(model.canUndo).toBe(false);
  });

  it('another command or a new stroke closes the open one as its own step', () => {
    const model = new EditorModel(sampleDocument());
    model.dispatch({ type: 'paintCells', phase: 'begin', x: 2, y: 2, passable: false });
    model.dispatch({ type: 'paintCells', phase: 'begin', x: 6, y: 2, passable: false });
    model.dispatch({ type: 'setName', name: 'X' });
    expect(model.historyDepth.undo).toBe(3);
  });

  it('walls never cover a unit\'s start or goal; floor strokes that change nothing leave no step', () => {
    const model = new EditorModel(sampleDocument());
    model.dispatch({ type: 'paintCells', phase: 'begin', x: 0, y: 0, passable: false, brush: 3 });
    model.dispatch({ type: 'paintCells', phase: 'end' });
    expect(model.document.grid.toAscii().slice(0, 2)).toEqual(['.@..@...', '@@..@...']);
    model.dispatch({ type: 'paintCells', phase: 'begin', x: 2, y: 2, passable: true });
    model.dispatch({ type: 'paintCells', phase: 'end' });
    expect(model.historyDepth.undo).toBe(1);
  });

  it('tells subscribers the map changed on every segment, and not the units', () => {
    const model = new EditorModel(sampleDocument());
    const events: ModelEvent[] = [];
    model.subscribe((e) => events.push(e));
    model.dispatch({ type: 'paintCells', phase: 'begin', x: 1, y: 1, passable: false });
    model.dispatch({ type: 'paintCells', phase: 'extend', x: 2, y: 1 });
    model.dispatch({ type: 'paintCells', phase: 'end' });
    expect(events.map((e) => [e.cause, e.parts.map, e.parts.agents, e.pending])).toEqual([
      ['edit', true, false, true],
      ['edit', true, false, true],
      ['edit', true, false, false],
    ]);
    // Segments say which cells to redraw; the finished stroke does not narrow it.
    expect(events.map((e) => e.region)).toEqual([{ x0: 1, y0: 1, x1: 1, y1: 1 }, { x0: 1, y0: 1, x1: 2, y1: 1 }, null]);
    events.length = 0;
    model.dispatch({ type: 'paintCells', phase: 'begin', x: 7, y: 5, passable: false, brush: 4 });
    model.dispatch({ type: 'paintCells', phase: 'extend', x: 5, y: 5 });
    model.dispatch({ type: 'paintCells', phase: 'end' });
    expect(events[1].region).toEqual({ x0: 4, y0: 4, x1: 7, y1: 5 });
    events.length = 0;
    model.dispatch({ type: 'moveAgentStart', id: 'A', to: [1, 0] });
    model.undo();
    expect(events.map((e) => [e.cause, e.command, e.parts.map, e.parts.agents])).toEqual([['edit', 'moveAgentStart', false, true], ['undo', 'moveAgentStart', false, true]]);
  });
});

describe('commands outside history', () => {
  it('loadDocument is not undoable and clears history', () => {
    const model = new EditorModel(sampleDocument());
    model.dispatch({ type: 'fillRect', from: [5, 5], to: [6, 5], passable: false });
    model.undo();
    model.dispatch({ type: 'setName', name: 'Y' });
    model.undo();
    expect(model.canUndo || model.canRedo).toBe(true);
    const events: ModelEvent[] = [];
    let seenUndo: boolean | null = null;
    model.subscribe((e) => {
      events.push(e);
      seenUndo = model.canUndo || model.canRedo;
    });
    model.dispatch({ type: 'loadDocument', document: emptyDocument(5, 5, 'Fresh') });
    expect(model.document.name).toBe('Fresh');
    expect(model.canUndo).toBe(false);
    expect(model.canRedo).toBe(false);
    expect(model.undo()).toBe(false);
    expect(events[0]).toMatchObject({ cause: 'load', parts: { map: true, agents: true, settings: true, events: true }, history: true });
    expect(seenUndo).toBe(false);
  });

  it('receiveSolution is stored but never undone, and an edit the plan depends on makes it stale', () => {
    const model = new EditorModel(sampleDocument());
    model.dispatch({ type: 'setName', name: 'Z' });
    model.dispatch({ type: 'receiveSolution', solution: SOLUTION });
    expect(model.solution).toBe(SOLUTION);
    expect(model.solutionIsCurrent).toBe(true);
    expect(model.historyDepth.undo).toBe(1);
    expect(model.undoName).toBe('setName');
    model.undo();
    expect(model.document.name).toBe('Sample');
    expect(model.solution).toBe(SOLUTION);
    // The name is not part of the plan: the plan is still the scenario's.
    expect(model.solutionIsCurrent).toBe(true);
    expect(model.canUndo).toBe(false);
    model.dispatch({ type: 'moveAgentGoal', id: 'A', to: [6, 5] });
    expect(model.solutionIsCurrent).toBe(false);
    model.dispatch({ type: 'loadDocument', document: sampleDocument() });
    expect(model.solution).toBeNull();
  });

  it('a solution arriving in the middle of a stroke does not split it', () => {
    const model = new EditorModel(sampleDocument());
    model.dispatch({ type: 'paintCells', phase: 'begin', x: 1, y: 5, passable: false });
    model.dispatch({ type: 'receiveSolution', solution: SOLUTION });
    model.dispatch({ type: 'paintCells', phase: 'extend', x: 6, y: 5 });
    model.dispatch({ type: 'paintCells', phase: 'end' });
    expect(model.document.grid.toAscii()[5]).toBe('.@@@@@@.');
    expect(model.historyDepth.undo).toBe(1);
    expect(model.solutionIsCurrent).toBe(false);
  });

  it('writes an edited map inline even when it came from a map file', () => {
    const doc = sampleDocument();
    doc.mapSource = { kind: 'file', path: 'maps/sample.map' };
    const model = new EditorModel(doc);
    expect(model.toScenario().map).toEqual({ kind: 'file', path: 'maps/sample.map' });
    model.dispatch({ type: 'fillRect', from: [6, 2], to: [6, 2], passable: false });
    expect(model.mapEditedSinceLoad).toBe(true);
    expect(model.toScenario().map).toMatchObject({ kind: 'inline', rows: expect.arrayContaining(['......@.']) });
  });

  it('a failed edit or a no-op edit leaves the redo stack alone', () => {
    const model = new EditorModel(sampleDocument());
    model.dispatch({ type: 'setName', name: 'Q' });
    model.undo();
    model.dispatch({ type: 'moveAgentStart', id: 'A', to: [4, 0] });
    model.dispatch({ type: 'setName', name: 'Sample' });
    expect(model.canRedo).toBe(true);
    model.dispatch({ type: 'setName', name: 'R' });
    expect(model.canRedo).toBe(false);
  });
});

describe('history cap', () => {
  it('keeps at most maxEntries steps, dropping the oldest', () => {
    const model = new EditorModel(sampleDocument(), { maxEntries: 3 });
    for (let i = 1; i <= 5; i++) model.dispatch({ type: 'setName', name: `N${i}` });
    expect(model.historyDepth.undo).toBe(3);
    while (model.undo());
    expect(model.document.name).toBe('N2');
  });

  it('drops old steps past the byte budget but always keeps the newest', () => {
    const history = new History({ maxEntries: 100, maxBytes: 1000 });
    const big = (n: number) => History.entry('paintCells', [{ kind: 'cells', cells: new Int32Array(n), values: new Uint8Array(n) }], noParts());
    history.record(big(100));
    history.record(big(100));
    expect(history.undoDepth).toBe(1);
    history.record(big(10_000));
    expect(history.undoDepth).toBe(1);
    expect(history.storedBytes).toBeGreaterThan(1000);
  });
});
