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

describe('the setStreams command (Spawner and Exit tools, Streams panel)', () => {
  it('adds an exit and a spawner sent to it, each one undo step; refuses a spawner sent to a missing exit and an exit still in use, saying which', async () => {
    const { newExit, newSpawner } = await import('../../../renderer/src/model/streamCommands.ts');
    const model = new EditorModel(sampleDocument());
    const exit = newExit([], [7, 4], [7, 5]);
    expect(model.dispatch({ type: 'setStreams', exits: [exit] }).ok).toBe(true);
    expect(model.undoName).toBe('setStreams');
    const spawner = newSpawner([], [0, 0], [1, 0], exit.name);
    expect(spawner).toMatchObject({ name: 'gate 1', every: 5, count: 20, goal: { exit: 'dock 1' } });
    expect(model.dispatch({ type: 'setStreams', spawners: [spawner] }).ok).toBe(true);
    expect(model.document.spawners?.map((s) => s.name)).toEqual(['gate 1']);
    const lost = model.dispatch({ type: 'setStreams', exits: [] });
    expect(lost).toEqual({ ok: false, message: expect.stringMatching(/^Spawner 1 'gate 1', its goal: goes to exit 'dock 1', which the scenario does not have \(exits: none\) \(JSON: spawners\[0\]\.goal\.exit\)$/) });
    const off = model.dispatch({ type: 'setStreams', exits: [exit, newExit(['dock 1'], [9, 0], [9, 0])] });
    expect(off).toEqual({ ok: false, message: expect.stringMatching(/^Exit 2 'dock 2', its area's corner: \(9, 0\) is outside the 8x6 map \(JSON: exits\[1\]\.area\.from\)$/) });
    model.undo();
    expect(model.document.spawners ?? []).toEqual([]);
    expect(model.document.exits?.map((e) => e.name)).toEqual(['dock 1']);
    model.undo();
    expect(model.document.exits ?? []).toEqual([]);
  });
});
