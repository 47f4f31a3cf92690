import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { parseScenarioJson } from '../../../core/scenario/parse.ts';
import { contentFromScenario, instanceFromContent, scenarioFromContent } from '../../../core/scenario/content.ts';
import { serializeScenario } from '../../../core/scenario/serialize.ts';
import { checkInstance } from '../../../core/mapf/instance.ts';

const TEXT = JSON.stringify({
  format: 'mapf-lab/scenario', version: 2, name: 'c',
  map: { kind: 'inline', rows: ['....', '....', '.@..'] },
  connectivity: 8,
  agents: [{ id: 'a', start: [0, 0], goal: [3, 2], speed: 2, priority: 4 }, { id: 'b', name: 'Bee', start: [2, 0], goal: [0, 0], size: 2 }],
  events: [{ t: 2, cells: [[3, 0], [3, 1]], action: 'close' }],
});

describe('scenario content', () => {
  it('converts file form -> content -> file form without change', () => {
    const scenario = parseScenarioJson(TEXT, 'c.json');
    const content = contentFromScenario(scenario);
    expect(content.grid.toAscii()).toEqual(['....', '....', '.@..']);
    expect(content.movement).toEqual({ connectivity: 8, corners: 'no-cut' });
    expect(serializeScenario(scenarioFromContent(content))).toBe(serializeScenario(scenario));
  });

  it('keeps weights through the grid, written as short decimals', () => {
    const text = JSON.stringify({ format: 'mapf-lab/scenario', version: 2, name: 'w', map: { kind: 'inline', rows: ['...'], weights: [[1, 1.1, 3.75]] } });
    const scenario = parseScenarioJson(text, 'w.json');
    const back = scenarioFromContent(contentFromScenario(scenario));
    expect(back.map).toEqual({ kind: 'inline', rows: ['...'], weights: [[1, 1.1, 3.75]] });
  });

  it('builds the solver instance with cells, unit facts and events', () => {
    const { instance, units, events } = instanceFromContent(contentFromScenario(parseScenarioJson(TEXT, 'c.json')));
    expect(instance.agents).toEqual([
      { start: 0, goal: 11, size: 1, speed: 2, priority: 4 },
      { start: 2, goal: 0, size: 2, speed: 1, priority: 0 },
    ]);
    expect(units).toEqual([{ id: 'a', name: 'a', colour: '#e6194b' }, { id: 'b', name: 'Bee', colour: '#3cb44b' }]);
    expect(events).toEqual([{ t: 2, cells: [3, 7], action: 'close' }]);
    expect(() => checkInstance(instance)).not.toThrow();
  });

  it('needs the grid of a map file, and checks units against it', () => {
    const text = JSON.stringify({ format: 'mapf-lab/scenario', version: 2, name: 'f', map: { kind: 'file', path: 'x.map' }, agents: [{ id: 'u', start: [1, 0], goal: [0, 0] }] });
    const scenario = parseScenarioJson(text, 'f.json');
    expect(() => contentFromScenario(scenario, { fileName: 'f.json' })).toThrow(/f\.json: map\.path: the map file 'x\.map' has to be read first/);
    expect(() => contentFromScenario(scenario, { mapGrid: Grid.fromAscii(['.@']), fileName: 'f.json' })).toThrow(/agents\[0\]\.start: unit 'u' has its start on a wall at \(1, 0\)/);
    expect(() => parseScenarioJson(text, 'f.json', { mapGrid: Grid.fromAscii(['.@']) })).toThrow(/unit 'u' has its start on a wall/);
    const content = contentFromScenario(scenario, { mapGrid: Grid.fromAscii(['..']) });
    expect(scenarioFromContent(content).map).toEqual({ kind: 'file', path: 'x.map' });
    expect(scenarioFromContent(content, { inlineMap: true }).map).toEqual({ kind: 'inline', rows: ['..'] });
  });
});
