import { describe, expect, it } from 'vitest';
import { EditorModel } from '../../../renderer/src/model/editorModel.ts';
import type { EditorCommand } from '../../../renderer/src/model/commandTypes.ts';
import { COMMANDS } from '../../../renderer/src/model/commands.ts';
import { serializeScenario } from '../../../core/scenario/serialize.ts';
import { scenarioFromDocument } from '../../../renderer/src/model/document.ts';
import { fingerprint, sampleDocument } from './fixtures.ts';

/** Runs the commands as one step, then checks undo gives the exact state before and redo the state after. */
function checkUndoRedo(commands: EditorCommand[], expectChange: (model: EditorModel) => void): void {
  const model = new EditorModel(sampleDocument());
  const before = fingerprint(model);
  for (const command of commands) expect(model.dispatch(command)).toMatchObject({ ok: true });
  const after = fingerprint(model);
  expect(after).not.toEqual(before);
  expectChange(model);
  expect(model.historyDepth.undo).toBe(1);
  expect(model.undo()).toBe(true);
  expect(fingerprint(model)).toEqual(before);
  expect(model.redo()).toBe(true);
  expect(fingerprint(model)).toEqual(after);
  expect(model.undo()).toBe(true);
  expect(fingerprint(model)).toEqual(before);
  expect(model.undo()).toBe(false);
}

describe('every command undoes and redoes exactly', () => {
  it('paintCells: a stroke of several segments', () => {
    checkUndoRedo([
      { type: 'paintCells', phase: 'begin', x: 1, y: 1, passable: false, brush: 1 },
      { type: 'paintCells', phase: 'extend', x: 3, y: 1 },
      { type: 'paintCells', phase: 'extend', x: 3, y: 2 },
      { type: 'paintCells', phase: 'end' },
    ], (m) => expect(m.document.grid.toAscii().slice(1, 3)).toEqual(['.@@@@...', '...@....']));
  });

  it('fillRect, corners in any order, walls stop at units', () => {
    checkUndoRedo([{ type: 'fillRect', from: [2, 2], to: [0, 0], passable: false }], (m) => {
      expect(m.document.grid.toAscii().slice(0, 3)).toEqual(['.@@.@...', '@@@.@...', '@@@.....']);
    });
  });

  it('drawLine with a brush', () => {
    checkUndoRedo([{ type: 'drawLine', from: [5, 0], to: [5, 5], passable: false, brush: 2 }], (m) => {
      expect(m.document.grid.toAscii().map((r) => r.slice(5, 7))).toEqual(['@@', '@@', '@@', '@@', '@@', '@@']);
    });
  });

  it('floodFill of the wall region in column 4 turns it to floor', () => {
    checkUndoRedo([{ type: 'floodFill', at: [4, 0], passable: true }], (m) => {
      expect(m.document.grid.toAscii()[0]).toBe('........');
      expect(m.document.grid.toAscii()[3]).toBe('....@...');
    });
  });

  it('resizeMap shrinking drops units and event cells that no longer fit', () => {
    checkUndoRedo([{ type: 'resizeMap', width: 4, height: 6 }], (m) => {
      expect(m.document.grid.width).toBe(4);
      expect(m.document.agents).toEqual([]);
      expect(m.document.events).toEqual([]);
    });
  });

  it('resizeMap growing one side and shrinking the other', () => {
    checkUndoRedo([{ type: 'resizeMap', width: 11, height: 5 }], (m) => {
      expect(m.document.grid.toAscii()).toEqual(['....@......', '....@......', '...........', '....@......', '.@@.@......']);
      expect(m.document.agents.map((a) => a.id)).toEqual(['A', 'B']);
    });
  });

  it('addAgent with defaults', () => {
    checkUndoRedo([{ type: 'addAgent', start: [2, 2], goal: [6, 5] }], (m) => {
      expect(m.document.agents[2]).toEqual({ id: 'a3', name: 'Unit 3', colour: '#4363d8', start: [2, 2], goal: [6, 5], priority: 0, size: 1, speed: 1 });
    });
  });

  it('removeAgents, several at once', () => {
    checkUndoRedo([{ type: 'removeAgents', ids: ['A'] }], (m) => expect(m.document.agents.map((a) => a.id)).toEqual(['B']));
    const model = new EditorModel(sampleDocument());
    model.dispatch({ type: 'addAgent', start: [2, 2], goal: [6, 5], id: 'C' });
    const before = fingerprint(model);
    model.dispatch({ type: 'removeAgents', ids: ['C', 'A', 'C'] });
    expect(model.document.agents.map((a) => a.id)).toEqual(['B']);
    const after = fingerprint(model);
    model.undo();
    expect(fingerprint(model)).toEqual(before);
    expect(model.document.agents.map((a) => a.id)).toEqual(['A', 'B', 'C']);
    model.redo();
    expect(fingerprint(model)).toEqual(after);
  });

  it('moveAgentStart and moveAgentGoal', () => {
    checkUndoRedo([{ type: 'moveAgentStart', id: 'B', to: [2, 5] }], (m) => expect(m.document.agents[1].start).toEqual([2, 5]));
    checkUndoRedo([{ type: 'moveAgentGoal', id: 'A', to: [6, 0] }], (m) => expect(m.document.agents[0].goal).toEqual([6, 0]));
  });

  it('setAgentProps on a multi-selection', () => {
    checkUndoRedo([{ type: 'setAgentProps', ids: ['A', 'B'], props: { colour: '#ABCDEF', speed: 2, priority: 5 } }], (m) => {
      expect(m.document.agents.map((a) => [a.colour, a.speed, a.priority, a.name])).toEqual([['#abcdef', 2, 5, 'A'], ['#abcdef', 2, 5, 'B']]);
    });
  });

  it('setAgents replaces every unit in one step, optional fields defaulted', () => {
    checkUndoRedo([{ type: 'setAgents', agents: [{ id: 'x1', name: 'Unit 1', start: [2, 2], goal: [6, 5] }, { id: 'x2', start: [3, 5], goal: [0, 5], priority: 3 }] }], (m) => {
      expect(m.document.agents.map((a) => [a.id, a.name, a.start, a.goal, a.priority, a.size])).toEqual([['x1', 'Unit 1', [2, 2], [6, 5], 0, 1], ['x2', 'x2', [3, 5], [0, 5], 3, 1]]);
      expect(m.undoName).toBe('setAgents');
    });
  });

  it('placeRandomAgents replaces the units', () => {
    checkUndoRedo([{ type: 'placeRandomAgents', count: 5, seed: 3 }], (m) => expect(m.document.agents).toHaveLength(5));
  });

  it('setSolverSettings edits the document but is no undo step: Ctrl+Z reaches the last map edit', () => {
    const model = new EditorModel(sampleDocument());
    model.dispatch({ type: 'fillRect', from: [0, 0], to: [1, 1], passable: false });
    const revision = model.revision;
    for (const solver of ['whca', 'hca', 'lra', 'ca']) expect(model.dispatch({ type: 'setSolverSettings', settings: { solver } })).toEqual({ ok: true });
    expect(model.document.solver.solver).toBe('ca');
    expect(model.revision).toBeGreaterThan(revision); // saved and autosaved like any edit
    expect(model.undoName).toBe('fillRect');
    expect(model.undo()).toBe(true);
    expect(model.document.grid.passable[0]).toBe(1);
    expect(model.document.solver.solver).toBe('ca'); // the settings stay as chosen
  });

  it('setMovement, setName, setEvents', () => {
    checkUndoRedo([{ type: 'setMovement', movement: { connectivity: 8 } }], (m) => expect(m.document.movement).toEqual({ connectivity: 8, corners: 'no-cut' }));
    checkUndoRedo([{ type: 'setName', name: 'Renamed' }], (m) => expect(m.document.name).toBe('Renamed'));
    checkUndoRedo([{ type: 'setEvents', events: [{ t: 1, cells: [[5, 5], [6, 5]], action: 'close' }] }], (m) => expect(m.document.events[0].cells).toHaveLength(2));
  });

  it('setScale: the game\'s turn length and cell width, one undo step; empty takes it away; bad values refused by path', () => {
    checkUndoRedo([{ type: 'setScale', scale: { turnSeconds: 0.5, cellMetres: 1 } }], (m) => expect(m.document.scale).toEqual({ turnSeconds: 0.5, cellMetres: 1 }));
    const model = new EditorModel(sampleDocument());
    model.dispatch({ type: 'setScale', scale: { turnSeconds: 2 } });
    expect(serializeScenario(scenarioFromDocument(model.document))).toContain('"scale": {\n    "turnSeconds": 2\n  }');
    model.dispatch({ type: 'setScale', scale: { turnSeconds: undefined } });
    expect(model.document.scale).toBeUndefined();
    expect(model.dispatch({ type: 'setScale', scale: { turnSeconds: -1 } })).toMatchObject({ ok: false, message: expect.stringMatching(/^scale\.turnSeconds: /) });
  });

  it('replaceFromJson: a new map size, weights, units and settings as one step', () => {
    const scenario = scenarioFromDocument(sampleDocument());
    const edited = {
      ...scenario,
      name: 'Edited',
      map: { kind: 'inline' as const, rows: ['.....', '..@..', '.....'], weights: [[1, 1, 1, 1, 1], [1, 2, 1, 1, 1], [1, 1, 1, 1, 4]] },
      agents: [{ ...scenario.agents[0], goal: [4, 2] as const }],
      events: [],
      connectivity: 8 as const,
    };
    checkUndoRedo([{ type: 'replaceFromJson', text: serializeScenario(edited) }], (m) => {
      expect(m.document.grid.toAscii()).toEqual(['.....', '..@..', '.....']);
      expect(m.document.grid.weightOf(6)).toBe(2);
      expect(serializeScenario(scenarioFromDocument(m.document))).toBe(serializeScenario(edited));
    });
  });

  it('replaceFromJson: the level source edited by hand (a choice changed) is one undo step', () => {
    const scenario = scenarioFromDocument(sampleDocument());
    const edited = { ...scenario, source: { path: 'levels/bridge.tmx', format: 'tiled-xml' as const, choices: { blockingLayers: ['walls'], cellsPerTile: 2 }, tileWidth: 16, tileHeight: 16 } };
    checkUndoRedo([{ type: 'replaceFromJson', text: serializeScenario(edited) }], (m) => {
      expect(m.document.source).toEqual(edited.source);
      expect(serializeScenario(scenarioFromDocument(m.document))).toBe(serializeScenario(edited));
    });
  });

  it('declares a history mode for every command', () => {
    const modes = Object.fromEntries(Object.entries(COMMANDS).map(([name, c]) => [name, c.history]));
    expect(modes.paintCells).toBe('on-finish');
    expect(modes.loadDocument).toBe('never');
    expect(modes.receiveSolution).toBe('never');
    expect(modes.replaceFromJson).toBe('immediate');
    for (const mode of Object.values(modes)) expect(['immediate', 'on-finish', 'unrecorded', 'never']).toContain(mode);
  });
});

describe('refused commands change nothing', () => {
  function refused(command: EditorCommand, message: RegExp): void {
    const model = new EditorModel(sampleDocument());
    const before = fingerprint(model);
    const result = model.dispatch(command);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toMatch(message);
    expect(fingerprint(model)).toEqual(before);
    expect(model.canUndo).toBe(false);
  }

  it('names the unit and the cell', () => {
    refused({ type: 'moveAgentStart', id: 'A', to: [4, 0] }, /unit 'A' has its start on a wall at \(4, 0\)/);
    refused({ type: 'moveAgentGoal', id: 'B', to: [7, 4] }, /unit 'B' has its goal on \(7, 4\), the goal of unit 'A'/);
    refused({ type: 'moveAgentGoal', id: 'B', to: [8, 4] }, /unit 'B' has its goal at \(8, 4\) outside the 8x6 map/);
    refused({ type: 'setAgentProps', ids: ['A', 'B'], props: { size: 2 } }, /unit 'A' has its goal at \(7, 4\) \(its 2x2 footprint\) outside the 8x6 map/);
    refused({ type: 'setAgentProps', ids: ['A'], props: { colour: 'blue' } }, /colour: must be a colour written #rrggbb/);
    refused({ type: 'removeAgents', ids: ['A', 'Z'] }, /no unit with id 'Z'/);
    refused({ type: 'addAgent', start: [1, 1], goal: [2, 2], id: 'A' }, /id 'A' is empty or already used/);
    refused({ type: 'setAgents', agents: [{ id: 'x', start: [4, 0], goal: [2, 2] }] }, /unit 'x' has its start on a wall at \(4, 0\)/);
    refused({ type: 'setAgents', agents: [{ id: 'x', start: [1, 1], goal: [2, 2] }, { id: 'x', start: [1, 2], goal: [2, 3] }] }, /agents\[1\]\.id: id 'x' is empty or already used/);
    refused({ type: 'setAgents', agents: [{ id: 'x', start: [1, 1], goal: [2, 2], speed: 0 }] }, /speed: /);
  });

  it('reports the field of a bad setting or JSON edit', () => {
    refused({ type: 'setSolverSettings', settings: { window: 0 } }, /solver\.window: /);
    refused({ type: 'setMovement', movement: { connectivity: 6 as 4 } }, /movement\.connectivity/);
    refused({ type: 'setEvents', events: [{ t: 1, cells: [[20, 0]], action: 'open' }] }, /^Door 1, its cell 1: cell \(20, 0\) is outside the 8x6 map \(JSON: events\[0\]\.cells\[0\]\)$/);
    refused({ type: 'replaceFromJson', text: '{ "name": 1 ', fileName: 'edit.json' }, /edit\.json:1:\d+: JSON syntax error/);
    refused({ type: 'replaceFromJson', text: serializeScenario({ ...scenarioFromDocument(sampleDocument()), agents: [] }).replace('"Sample"', '""') }, /name: /);
    refused({ type: 'placeRandomAgents', count: 1000, seed: 1 }, /cannot place 1000 agents/);
    refused({ type: 'resizeMap', width: 0, height: 3 }, /map size must be whole numbers/);
    refused({ type: 'paintCells', phase: 'extend', x: 1, y: 1 }, /without a stroke in progress/);
  });

  it('rolls back the part of a command already applied', () => {
    const doc = sampleDocument();
    doc.mapSource = { kind: 'file', path: 'a.map' };
    const model = new EditorModel(doc);
    const before = fingerprint(model);
    const text = serializeScenario({ ...scenarioFromDocument(doc), name: 'Other', agents: [{ ...doc.agents[0], start: [4, 0] }] });
    const result = model.dispatch({ type: 'replaceFromJson', text });
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/unit 'A' has its start on a wall/) });
    expect(fingerprint(model)).toEqual(before);
  });
});
