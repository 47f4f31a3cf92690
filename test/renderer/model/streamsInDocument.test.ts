/**
 * A stream's spawners and exits in the editor: a JSON edit of them is one undo step (before, the
 * document diff left them out, so the edit was lost), they are saved with the scenario, and they
 * are part of what a plan depends on (a changed spawner makes the replay stale).
 */
import { describe, expect, it } from 'vitest';
import { EditorModel } from '../../../renderer/src/model/editorModel.ts';
import { JsonSync, type JsonMarker } from '../../../renderer/src/json/jsonSync.ts';
import { scenarioFromDocument } from '../../../renderer/src/model/document.ts';
import { parseScenarioJson } from '../../../core/scenario/parse.ts';
import { serializeScenario } from '../../../core/scenario/serialize.ts';
import { solverNames } from '../../../core/registry/registry.ts';
import { sampleDocument } from './fixtures.ts';

const SPAWNER = { name: 'gate', area: { from: [0, 0], to: [1, 0] }, every: 3, count: 5, goal: { exit: 'dock' } };
const EXIT = { name: 'dock', area: { cells: [[7, 5]] } };

describe('spawners and exits in the editor', () => {
  it('a JSON edit of them applies as one undo step, saves, and makes the plan stale', () => {
    const model = new EditorModel(sampleDocument());
    const port = { text: '', markers: [] as JsonMarker[], getText: () => port.text, setText: (t: string) => (port.text = t), setMarkers: (m: JsonMarker[]) => (port.markers = m) };
    const sync = new JsonSync(model, port, solverNames());
    sync.refreshFromModel(true);
    const before = model.planRevision;
    port.text = JSON.stringify({ ...JSON.parse(port.text), version: 4, spawners: [SPAWNER], exits: [EXIT] }, null, 2);
    expect(sync.applyText(), JSON.stringify(port.markers)).toBe(true);
    expect(model.document.spawners?.map((s) => s.name)).toEqual(['gate']);
    expect(model.document.exits?.map((e) => e.name)).toEqual(['dock']);
    expect(model.planRevision).not.toBe(before);
    const saved = parseScenarioJson(serializeScenario(scenarioFromDocument(model.document)), 's.json');
    expect(saved.spawners.map((s) => s.name)).toEqual(['gate']);
    expect(saved.exits).toEqual([EXIT]);
    model.undo();
    expect(model.document.spawners ?? []).toEqual([]);
    expect(model.document.exits ?? []).toEqual([]);
    expect(model.planRevision).toBe(before);
    model.redo();
    expect(model.document.exits?.map((e) => e.name)).toEqual(['dock']);
  });
});
