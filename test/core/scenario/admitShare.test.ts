import { describe, expect, it } from 'vitest';
import { parseScenarioJson } from '../../../core/scenario/parse.ts';
import { serializeScenario } from '../../../core/scenario/serialize.ts';
import { ScenarioError } from '../../../core/scenario/scenarioError.ts';
import { streamsFromContent } from '../../../core/scenario/streamInstance.ts';
import { decodeStreams, encodeStreams, wireStreamsSchema } from '../../../core/scenario/streamWire.ts';
import { Grid } from '../../../core/grid/grid.ts';

const ROWS = ['........'];
const text = (spawner: Record<string, unknown>) => JSON.stringify({
  format: 'mapf-lab/scenario', version: 4, name: 'Corridor', map: { kind: 'inline', rows: ROWS },
  spawners: [{ name: 'gate', area: { cells: [[0, 0]] }, every: 1, goal: { exit: 'end' }, ...spawner }],
  exits: [{ name: 'end', area: { cells: [[7, 0]] } }],
}, null, 2);

describe("a spawner's admission share", () => {
  it('is read, kept through a save, and reaches the simulator and the wire; absent, it stays absent (the default half)', () => {
    const scenario = parseScenarioJson(text({ admitShare: 1 }), 'corridor.json');
    expect(scenario.spawners[0].admitShare).toBe(1);
    expect(parseScenarioJson(serializeScenario(scenario), 'again.json').spawners[0].admitShare).toBe(1);
    const grid = Grid.fromAscii(ROWS);
    const streams = streamsFromContent({ ...scenario, regions: [] }, grid);
    expect(streams.spawners[0].admitShare).toBe(1);
    expect(decodeStreams(wireStreamsSchema.parse(JSON.parse(JSON.stringify(encodeStreams(streams))))).spawners[0].admitShare).toBe(1);
    const plain = parseScenarioJson(text({}), 'plain.json');
    expect(plain.spawners[0].admitShare).toBeUndefined();
    expect(serializeScenario(plain)).not.toMatch(/admitShare/);
  });

  it('outside (0, 1] is refused where it stands', () => {
    for (const bad of [0, 1.5, -0.2]) {
      let error: unknown;
      try {
        parseScenarioJson(text({ admitShare: bad }), 'bad.json');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ScenarioError);
      const problem = (error as ScenarioError).problems[0];
      expect(problem.path).toBe('spawners[0].admitShare');
      expect(problem.line).toBe(text({ admitShare: bad }).split('\n').findIndex((l) => l.includes('admitShare')) + 1);
    }
  });
});
