/**
 * The editor's own path of a scenario: a file the reader accepts becomes a
 * document (terrain weights as float32, units as the editor keeps them), is saved and reopens;
 * a second save is the first one's text. A weight past float32's range became Infinity here and
 * was saved as null, and the file no longer opened: the schema now refuses it where it stands.
 */
import fc from 'fast-check';
import float32Max from '../../fixtures/fuzz/scenario-weight-float32-max.json?raw';
import { describe, expect, it } from 'vitest';
import { serializeScenario } from '../../../core/scenario/serialize.ts';
import { documentFromScenarioText, scenarioFromDocument } from '../../../renderer/src/model/document.ts';
import { scenarioInput } from '../../core/formats/scenarioArbitrary.ts';

describe('editor documents: what opens saves and reopens', () => {
  it('saves every accepted scenario so that it reopens, and a second save changes nothing', () => {
    let accepted = 0;
    let tried = 0;
    fc.assert(
      fc.property(scenarioInput, (input) => {
        tried++;
        let doc;
        try {
          doc = documentFromScenarioText(JSON.stringify(input), 'fuzz.json');
        } catch {
          return;
        }
        accepted++;
        const text = serializeScenario(scenarioFromDocument(doc, { inlineMap: true }));
        const reopened = documentFromScenarioText(text, 'fuzz.json');
        expect(serializeScenario(scenarioFromDocument(reopened, { inlineMap: true }))).toBe(text);
      }),
      { numRuns: 150, seed: 17 },
    );
    expect(accepted / tried).toBeGreaterThanOrEqual(0.5);
  });

  it('refuses a weight past float32 where it stands, instead of saving a file that cannot reopen', () => {
    const text = JSON.stringify({ format: 'mapf-lab/scenario', version: 2, name: 'w', map: { kind: 'inline', rows: ['..'], weights: [[1, 1e39]] } });
    expect(() => documentFromScenarioText(text, 'w.json')).toThrow(/w\.json:1:\d+: map\.weights\[0\]\[1\]/);
  });

  it('opens float32\'s largest weight in the editor, saves it as 3.4028235e38, and reopens that', () => {
    const doc = documentFromScenarioText(float32Max, 'w.json');
    const text = serializeScenario(scenarioFromDocument(doc, { inlineMap: true }));
    expect(text).toContain('3.4028235e+38');
    expect(serializeScenario(scenarioFromDocument(documentFromScenarioText(text, 'w.json'), { inlineMap: true }))).toBe(text);
  });
});
