/**
 * Scenario problems are located in one scan of the text (a scan per problem
 * took 129 s for 8,000 units on one cell of a 1 MB file, on the UI thread), and each position is
 * the one the single-path locator gives.
 */
import { describe, expect, it } from 'vitest';
import { jsonScans, locateJsonPath, locateJsonPaths } from '../../../core/scenario/jsonText.ts';
import { parseScenarioJson } from '../../../core/scenario/parse.ts';
import { ScenarioError } from '../../../core/scenario/scenarioError.ts';

describe('locating scenario problems', () => {
  it('8,000 units on one cell: every problem located, in one scan of the text', () => {
    const agents = Array.from({ length: 8000 }, () => ({ start: [0, 0], goal: [1, 1] }));
    const text = JSON.stringify({ format: 'mapf-lab/scenario', version: 2, name: 't', map: { kind: 'inline', rows: ['...', '...'] }, agents }, null, 2);
    const before = jsonScans;
    let error: ScenarioError | null = null;
    try {
      parseScenarioJson(text, 'crowd.json');
    } catch (e) {
      if (e instanceof ScenarioError) error = e;
      else throw e;
    }
    expect(error).not.toBeNull();
    expect(error!.problems.length).toBeGreaterThan(1000);
    expect(error!.problems.every((p) => typeof p.line === 'number' && p.line > 1)).toBe(true);
    // The last unit's problem sits near the end of the file, not at the top.
    expect(error!.problems[error!.problems.length - 1].line).toBeGreaterThan(text.split('\n').length - 200);
    expect(jsonScans - before).toBe(1);
  });

  it('gives each path the position the single-path locator gives, a missing field at its object', () => {
    const text = '{\n  "a": [1, {"b": 2}],\n  "c": {"d": [3, 4]}\n}';
    const paths = [['a', 1, 'b'], ['c', 'd', 1], ['c', 'missing'], ['a', 5], []];
    const many = locateJsonPaths(text, paths);
    paths.forEach((path, i) => expect(many[i]).toEqual(locateJsonPath(text, path)));
    expect(many[0]).toMatchObject({ line: 2, column: 18 });
    expect(many[1]).toMatchObject({ line: 3, column: 18 });
    expect(many[2]).toMatchObject({ line: 3, column: 8 });
    expect(locateJsonPaths('{ nope', [['a']])).toEqual([null]);
  });
});
