/**
 * Moving obstacles in the editor (scenario version 3): nothing of them is lost on the
 * way through the editor. A JSON edit that adds or changes obstacles applies as one undo step
 * (before, the document diff had no obstacles: the edit was silently dropped), a resize drops
 * the obstacles whose route would leave the map and undo brings them back, and a save writes them.
 */
import { describe, expect, it } from 'vitest';
import { EditorModel } from '../../../renderer/src/model/editorModel.ts';
import { JsonSync, type JsonMarker } from '../../../renderer/src/json/jsonSync.ts';
import { scenarioFromDocument } from '../../../renderer/src/model/document.ts';
import { parseScenarioJson } from '../../../core/scenario/parse.ts';
import { serializeScenario } from '../../../core/scenario/serialize.ts';
import { solverNames } from '../../../core/registry/registry.ts';
import { sampleDocument } from './fixtures.ts';

function setup() {
  const model = new EditorModel(sampleDocument());
  const port = { text: '', markers: [] as JsonMarker[], getText: () => port.text, setText: (t: string) => (port.text = t), setMarkers: (m: JsonMarker[]) => (port.markers = m) };
  const sync = new JsonSync(model, port, solverNames());
  sync.refreshFromModel(true);
  return { model, port, sync };
}

const CART = { id: 'cart', route: [[7, 0], [7, 5]], mode: 'ping-pong', speed: 2 };

describe('moving obstacles in the editor', () => {
  it('applies a JSON edit that adds obstacles and knowledge, as one undo step, and saves them', () => {
    const { model, port, sync } = setup();
    const json = JSON.parse(port.text);
    port.text = JSON.stringify({ ...json, obstacles: [CART], knowledge: 'timetable' }, null, 2);
    expect(sync.applyText()).toBe(true);
    expect(model.document.obstacles).toEqual([{ id: 'cart', size: 1, speed: 2, route: [[7, 0], [7, 5]], mode: 'ping-pong', startTurn: 0 }]);
    expect(model.document.knowledge).toBe('timetable');
    const saved = serializeScenario(scenarioFromDocument(model.document));
    expect(parseScenarioJson(saved, 's.json').obstacles).toEqual(model.document.obstacles);
    expect(parseScenarioJson(saved, 's.json').knowledge).toBe('timetable');
    model.undo();
    expect(model.document.obstacles).toEqual([]);
    expect(model.document.knowledge).toBe('now');
  });

  it('a resize drops obstacles whose route leaves the map; undo brings them back', () => {
    const { model, port, sync } = setup();
    port.text = JSON.stringify({ ...JSON.parse(port.text), obstacles: [CART, { id: 'near', route: [[0, 5], [2, 5]], mode: 'loop' }] }, null, 2);
    expect(sync.applyText()).toBe(true);
    model.dispatch({ type: 'resizeMap', width: 6, height: 6 });
    expect(model.document.obstacles.map((o) => o.id)).toEqual(['near']);
    // What is left saves and opens again.
    expect(() => parseScenarioJson(serializeScenario(scenarioFromDocument(model.document)), 's.json')).not.toThrow();
    model.undo();
    expect(model.document.obstacles.map((o) => o.id)).toEqual(['cart', 'near']);
  });
});
