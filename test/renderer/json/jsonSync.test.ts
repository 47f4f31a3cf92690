import { describe, expect, it } from 'vitest';
import { EditorModel } from '../../../renderer/src/model/editorModel.ts';
import { JsonSync, problemsToMarkers, type JsonMarker } from '../../../renderer/src/json/jsonSync.ts';
import { solverNames } from '../../../core/registry/registry.ts';
import { sampleDocument } from '../model/fixtures.ts';

function setup() {
  const model = new EditorModel(sampleDocument());
  const port = { text: '', markers: [] as JsonMarker[], getText: () => port.text, setText: (t: string) => (port.text = t), setMarkers: (m: JsonMarker[]) => (port.markers = m) };
  const sync = new JsonSync(model, port, solverNames());
  sync.refreshFromModel(true);
  return { model, port, sync };
}

const SMALL = JSON.stringify({
  format: 'mapf-lab/scenario',
  version: 2,
  name: 'From JSON',
  map: { kind: 'inline', rows: ['.....', '..@..', '.....'] },
  agents: [{ id: 'a1', start: [0, 1], goal: [4, 1] }],
}, null, 2);

describe('JsonSync', () => {
  it('shows the model as scenario JSON', () => {
    const { port } = setup();
    expect(JSON.parse(port.text)).toMatchObject({ format: 'mapf-lab/scenario', name: 'Sample' });
  });

  it('a valid edit applies as one undo step and keeps the text as typed', () => {
    const { model, port, sync } = setup();
    port.text = SMALL;
    expect(sync.applyText()).toBe(true);
    expect(model.document.grid.width).toBe(5);
    expect(model.document.agents.length).toBe(1);
    expect(port.text).toBe(SMALL);
    expect(model.undoName).toBe('replaceFromJson');
    model.undo();
    expect(model.document.grid.width).toBe(8);
    expect(model.document.name).toBe('Sample');
  });

  it('invalid text changes nothing, marks the place, and is not overwritten by model changes', () => {
    const { model, port, sync } = setup();
    const before = model.revision;
    port.text = '{ "format": "mapf-lab/scenario",\n  "version": 2, "name": }';
    expect(sync.applyText()).toBe(false);
    expect(model.revision).toBe(before);
    expect(port.markers.length).toBeGreaterThan(0);
    expect(port.markers[0].startLineNumber).toBe(2);
    expect(port.markers[0].message).toMatch(/JSON syntax error/);
    model.dispatch({ type: 'fillRect', from: [0, 5], to: [1, 5], passable: false });
    sync.refreshFromModel();
    expect(port.text).toContain('"name": }');
    sync.refreshFromModel(true);
    expect(port.markers).toEqual([]);
    expect(JSON.parse(port.text).name).toBe('Sample');
  });

  it('a unit on a wall is refused with the field marked', () => {
    const { port, sync, model } = setup();
    const scenario = JSON.parse(port.text);
    scenario.agents[0].start = [4, 0];
    port.text = JSON.stringify(scenario, null, 2);
    expect(sync.applyText()).toBe(false);
    expect(port.markers[0].message).toMatch(/agents\[0\]/);
    expect(model.document.agents[0].start).not.toEqual([4, 0]);
  });

  it('problemsToMarkers puts a placeless problem on line 1', () => {
    expect(problemsToMarkers([{ path: 'x', message: 'bad' }], 'ab\ncd')[0]).toEqual({ startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 3, message: 'x: bad' });
  });
});
