/**
 * Measured regions in the editor and which edits keep a plan
 * (renaming the scenario, or changing a setting and changing it back, threw the replay
 * away: the panel compared the document's edit counter, which every change moves on).
 */
import { describe, expect, it } from 'vitest';
import { EditorModel } from '../../../renderer/src/model/editorModel.ts';
import { JsonSync, type JsonMarker } from '../../../renderer/src/json/jsonSync.ts';
import { scenarioFromDocument } from '../../../renderer/src/model/document.ts';
import { nextRegionName } from '../../../renderer/src/model/regionCommands.ts';
import { parseScenarioJson } from '../../../core/scenario/parse.ts';
import { serializeScenario } from '../../../core/scenario/serialize.ts';
import { solverNames } from '../../../core/registry/registry.ts';
import { sampleDocument } from './fixtures.ts';

const BRIDGE = { name: 'bridge', from: [3, 2] as [number, number], to: [5, 2] as [number, number] };

describe('measured regions in the editor', () => {
  it('setRegions is one undo step, saved and read back', () => {
    const model = new EditorModel(sampleDocument());
    expect(model.dispatch({ type: 'setRegions', regions: [BRIDGE] }).ok).toBe(true);
    expect(model.undoName).toBe('setRegions');
    const saved = serializeScenario(scenarioFromDocument(model.document));
    expect(parseScenarioJson(saved, 's.json').regions).toEqual([BRIDGE]);
    model.undo();
    expect(model.document.regions).toEqual([]);
  });

  it('refuses a corner off the map and a name used twice, saying which', () => {
    const model = new EditorModel(sampleDocument());
    const off = model.dispatch({ type: 'setRegions', regions: [{ name: 'far', from: [0, 0], to: [8, 1] }] });
    expect(off).toEqual({ ok: false, message: "Region 1 'far', its corner: corner (8, 1) is outside the 8x6 map (JSON: regions[0].to)" });
    const twice = model.dispatch({ type: 'setRegions', regions: [BRIDGE, { ...BRIDGE, from: [0, 0] }] });
    expect(twice.ok).toBe(false);
    if (!twice.ok) expect(twice.message).toContain("'bridge' is already the name of region 1");
    expect(model.document.regions).toEqual([]);
  });

  it('a JSON edit of the regions applies as one undo step', () => {
    const model = new EditorModel(sampleDocument());
    const port = { text: '', markers: [] as JsonMarker[], getText: () => port.text, setText: (t: string) => (port.text = t), setMarkers: (m: JsonMarker[]) => (port.markers = m) };
    const sync = new JsonSync(model, port, solverNames());
    sync.refreshFromModel(true);
    port.text = JSON.stringify({ ...JSON.parse(port.text), regions: [BRIDGE] }, null, 2);
    expect(sync.applyText()).toBe(true);
    expect(model.document.regions).toEqual([BRIDGE]);
    model.undo();
    expect(model.document.regions).toEqual([]);
  });

  it('a resize cuts regions to the map and drops those outside; undo restores them', () => {
    const model = new EditorModel(sampleDocument());
    model.dispatch({ type: 'setRegions', regions: [BRIDGE, { name: 'corner', from: [7, 5], to: [6, 4] }] });
    model.dispatch({ type: 'resizeMap', width: 5, height: 5 });
    expect(model.document.regions).toEqual([{ name: 'bridge', from: [3, 2], to: [4, 2] }]);
    model.undo();
    expect(model.document.regions.map((r) => r.name)).toEqual(['bridge', 'corner']);
  });

  it('names new regions region 1, region 2, … skipping names in use', () => {
    expect(nextRegionName([])).toBe('region 1');
    expect(nextRegionName(['region 2'])).toBe('region 3');
    expect(nextRegionName(['bridge', 'region 3'])).toBe('region 4');
  });
});

describe('plan revision: which edits keep a plan', () => {
  it('a rename or a region keeps it; a unit edit does not; a setting changed back restores it', () => {
    const model = new EditorModel(sampleDocument());
    const before = model.planRevision;
    model.dispatch({ type: 'setName', name: 'Bridge test' });
    expect(model.planRevision).toBe(before);
    model.dispatch({ type: 'setRegions', regions: [BRIDGE] });
    expect(model.planRevision).toBe(before);
    model.dispatch({ type: 'setSolverSettings', settings: { solver: 'whca' } });
    const whca = model.planRevision;
    expect(whca).not.toBe(before);
    model.dispatch({ type: 'setSolverSettings', settings: { solver: 'independent' } });
    expect(model.planRevision).toBe(before);
    model.dispatch({ type: 'moveAgentGoal', id: 'A', to: [6, 5] });
    expect(model.planRevision).not.toBe(before);
    model.undo();
    expect(model.planRevision).toBe(before);
  });

  it('a map edit changes it, and so does opening another map of the same size', () => {
    const model = new EditorModel(sampleDocument());
    const before = model.planRevision;
    model.dispatch({ type: 'fillRect', from: [2, 5], to: [2, 5], passable: false });
    expect(model.planRevision).not.toBe(before);
    const opened = model.planRevision;
    model.dispatch({ type: 'loadDocument', document: sampleDocument() });
    expect(model.planRevision).not.toBe(opened);
    expect(model.planRevision).not.toBe(before);
  });
});
