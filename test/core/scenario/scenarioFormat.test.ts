import { describe, expect, it } from 'vitest';
import { parseScenarioJson } from '../../../core/scenario/parse.ts';
import { serializeScenario } from '../../../core/scenario/serialize.ts';
import { scenarioJsonSchema, SCENARIO_VERSION, type Scenario } from '../../../core/scenario/schema.ts';
import { ScenarioError } from '../../../core/scenario/scenarioError.ts';

// A 6x4 map with a wall column, two units, settings, an event and a moving obstacle; every field written out.
const FULL = `{
  "format": "mapf-lab/scenario",
  "version": 6,
  "name": "Door",
  "map": {
    "kind": "inline",
    "rows": [
      "..@...",
      "..@...",
      "......",
      "..@..."
    ],
    "weights": [
      [1, 1, 1, 2.5, 1, 1],
      [1, 1, 1, 1, 1, 1],
      [1, 1, 1.1, 1, 1, 1],
      [1, 1, 1, 1, 1, 1]
    ]
  },
  "connectivity": 8,
  "corners": "cut",
  "agents": [
    {
      "id": "scout",
      "name": "Scout",
      "colour": "#112233",
      "start": [0, 0],
      "goal": [5, 3],
      "priority": 2,
      "size": 1,
      "speed": 1
    },
    {
      "id": "tank",
      "name": "Tank",
      "colour": "#aabbcc",
      "start": [0, 2],
      "goal": [4, 0],
      "priority": 0,
      "size": 2,
      "speed": 3
    }
  ],
  "solver": {
    "solver": "whca",
    "window": 8,
    "timeLimitMs": 1000,
    "turnLimit": 200,
    "order": "priority",
    "seed": 7,
    "params": {
      "agitation": 0.1,
      "beta": {
        "a": 1,
        "z": [1, 2]
      }
    }
  },
  "events": [
    {
      "t": 5,
      "cells": [
        [2, 2]
      ],
      "action": "close"
    }
  ],
  "obstacles": [
    {
      "id": "cart",
      "size": 1,
      "speed": 2,
      "route": [
        [3, 0],
        [3, 3]
      ],
      "mode": "ping-pong",
      "startTurn": 4
    }
  ],
  "knowledge": "timetable",
  "regions": [
    {
      "name": "bridge",
      "from": [1, 0],
      "to": [2, 1]
    }
  ],
  "scale": {
    "turnSeconds": 0.5,
    "cellMetres": 2
  }
}
`;

function problemsOf(text: string, file = 'test.json'): ScenarioError {
  try {
    parseScenarioJson(text, file);
  } catch (error) {
    if (error instanceof ScenarioError) return error;
    throw error;
  }
  throw new Error('expected a ScenarioError');
}

/** A v2 file around the given map rows and agents (JSON text of the agents array). */
function withAgents(rows: string[], agents: unknown[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ format: 'mapf-lab/scenario', version: 2, name: 't', map: { kind: 'inline', rows }, agents, ...extra }, null, 2);
}

describe('scenario file round trip', () => {
  it('reads a canonical file and writes it back byte for byte', () => {
    const scenario = parseScenarioJson(FULL, 'door.json');
    expect(scenario.agents[1].size).toBe(2);
    expect(scenario.solver.params).toEqual({ agitation: 0.1, beta: { a: 1, z: [1, 2] } });
    expect(serializeScenario(scenario)).toBe(FULL);
  });

  it('fills defaults, then serialize -> parse gives an equal scenario', () => {
    const minimal = withAgents(['...', '...'], [{ id: 'a', start: [0, 0], goal: [2, 1] }, { id: 'b', start: [1, 0], goal: [0, 1], colour: '#ABCDEF' }]);
    const scenario = parseScenarioJson(minimal, 'm.json');
    expect(scenario.agents[0]).toEqual({ id: 'a', name: 'a', colour: '#e6194b', start: [0, 0], goal: [2, 1], priority: 0, size: 1, speed: 1 });
    expect(scenario.agents[1].colour).toBe('#abcdef');
    expect(scenario.solver).toEqual({ solver: 'independent', order: 'given', seed: 1, params: {} });
    expect(scenario.connectivity).toBe(4);
    const again = parseScenarioJson(serializeScenario(scenario), 'm.json');
    expect(again).toEqual(scenario);
    expect(serializeScenario(again)).toBe(serializeScenario(scenario));
  });

  it('writes keys in one order whatever order the object was built in', () => {
    const scenario = parseScenarioJson(FULL, 'door.json');
    const shuffled: Scenario = Object.assign({ events: scenario.events }, scenario, { agents: scenario.agents.map((a) => Object.assign({ speed: a.speed }, a)) });
    expect(serializeScenario(shuffled)).toBe(FULL);
  });

  it('keeps a map file reference', () => {
    const text = JSON.stringify({ format: 'mapf-lab/scenario', version: 2, name: 'ref', map: { kind: 'file', path: 'maps/den.map' } });
    const scenario = parseScenarioJson(text, 'ref.json');
    expect(scenario.map).toEqual({ kind: 'file', path: 'maps/den.map' });
    expect(parseScenarioJson(serializeScenario(scenario), 'ref.json')).toEqual(scenario);
  });
});

describe('JSON Schema export', () => {
  it('describes every field for hover docs', () => {
    const schema = scenarioJsonSchema() as { properties: Record<string, { description?: string; properties?: Record<string, { description?: string }>; items?: { properties: Record<string, { description?: string }> } }> };
    for (const key of ['format', 'version', 'name', 'map', 'connectivity', 'corners', 'agents', 'solver', 'events']) {
      expect(schema.properties[key].description, key).toMatch(/\w/);
    }
    const agent = schema.properties.agents.items!.properties;
    for (const key of ['id', 'name', 'colour', 'start', 'goal', 'priority', 'size', 'speed']) expect(agent[key].description, key).toMatch(/\w/);
    expect(agent.size.description).toMatch(/footprint/);
    const text = JSON.stringify(schema);
    expect(text).toContain('Planning window in turns');
    expect(text).toContain("'close' turns the cells into walls");
  });

  it('leaves defaulted fields optional (the input shape)', () => {
    const schema = scenarioJsonSchema() as { required: string[] };
    expect(schema.required.sort()).toEqual(['format', 'map', 'name', 'version']);
  });
});

describe('migrations', () => {
  it('reads a version 1 file (map string, bare tasks) as version 2', () => {
    const v1 = JSON.stringify({ format: 'mapf-lab/scenario', version: 1, name: 'Old', map: '...\n.@.\n', connectivity: 8, cutCorners: true, agents: [{ start: [0, 0], goal: [2, 1] }, { start: [2, 0], goal: [0, 1] }], solver: 'whca', seed: 5 });
    const scenario = parseScenarioJson(v1, 'old.json');
    expect(scenario.version).toBe(SCENARIO_VERSION);
    expect(scenario.map).toEqual({ kind: 'inline', rows: ['...', '.@.'] });
    expect(scenario.connectivity).toBe(8);
    expect(scenario.corners).toBe('cut');
    expect(scenario.agents.map((a) => [a.id, a.name, a.start, a.goal])).toEqual([['a1', 'Unit 1', [0, 0], [2, 1]], ['a2', 'Unit 2', [2, 0], [0, 1]]]);
    expect(scenario.solver).toMatchObject({ solver: 'whca', seed: 5 });
  });

  it('reads a version 2 file as the current version: no moving obstacles, units knowing what stands now', () => {
    const scenario = parseScenarioJson(withAgents(['...'], [{ id: 'a', start: [0, 0], goal: [2, 0] }]), 'v2.json');
    expect(scenario.version).toBe(SCENARIO_VERSION);
    expect(scenario.spawners).toEqual([]);
    expect(scenario.obstacles).toEqual([]);
    expect(scenario.knowledge).toBe('now');
    // A version 2 file cannot name obstacles: they came with version 3.
    const named = problemsOf(withAgents(['...'], [], { obstacles: [] }));
    expect(named.message).toMatch(/Unrecognized key.*"obstacles".*version 2 file/);
  });

  it('reads a version 5 file as version 6 without the game\'s turn length and cell width, and refuses one in a version 5 file', () => {
    const v5 = { format: 'mapf-lab/scenario', version: 5, name: 'Bridge', map: { kind: 'inline', rows: ['...'] } };
    const scenario = parseScenarioJson(JSON.stringify(v5), 'v5.json');
    expect(scenario.version).toBe(6);
    expect(scenario.scale).toBeUndefined();
    expect(problemsOf(JSON.stringify({ ...v5, scale: { turnSeconds: 1 } })).message).toMatch(/Unrecognized key.*"scale".*version 5 file/);
  });

  it('checks the turn length and cell width: above 0, named by path', () => {
    const v6 = { format: 'mapf-lab/scenario', version: 6, name: 'Bridge', map: { kind: 'inline', rows: ['...'] } };
    expect(parseScenarioJson(JSON.stringify({ ...v6, scale: { turnSeconds: 0.25 } }), 'v6.json').scale).toEqual({ turnSeconds: 0.25 });
    expect(problemsOf(JSON.stringify({ ...v6, scale: { turnSeconds: 0, cellMetres: -1 } })).message).toMatch(/scale\.turnSeconds: .*>0[\s\S]*scale\.cellMetres: /);
  });

  it('reads a file from before the version field, naming it after the file', () => {
    const scenario = parseScenarioJson('{ "map": "  ..\\n  ..  ", "agents": [] }', 'maps/corridor.json');
    expect(scenario.name).toBe('corridor');
    expect(scenario.corners).toBe('no-cut');
    expect(scenario.map).toEqual({ kind: 'inline', rows: ['..', '..'] });
  });

  it('names v1 problems in v1 terms', () => {
    const error = problemsOf('{ "version": 1, "map": 5 }');
    expect(error.problems[0].path).toBe('map');
    expect(error.message).toMatch(/map: .*expected string.*version 1 file/);
  });

  it('refuses a newer version and a foreign format', () => {
    expect(problemsOf('{ "format": "mapf-lab/scenario", "version": 7 }').message).toMatch(/version: scenario version 7 is newer than this program reads \(up to 6\)/);
    expect(problemsOf('{ "format": "mapf-lab/experiment", "version": 1 }').message).toMatch(/format: expected 'mapf-lab\/scenario', got "mapf-lab\/experiment"/);
    expect(problemsOf('{ "version": "two" }').message).toMatch(/version: expected a whole number/);
    expect(problemsOf('[1, 2]').message).toMatch(/expected a JSON object/);
  });
});

describe('malformed files', () => {
  it('reports a JSON syntax error with line and column', () => {
    const error = problemsOf('{\n  "name": "x",\n  "map": { "kind": "inline" x }\n}', 'broken.json');
    expect(error.problems[0]).toMatchObject({ line: 3, column: 29 });
    expect(error.message).toMatch(/^broken\.json:3:29: JSON syntax error: unexpected character "x"; expected ',' or '}'/);
    expect(problemsOf('{ "a": 1,\n}').message).toMatch(/:2:1: JSON syntax error: trailing comma/);
    expect(problemsOf('{ "a": "open').message).toMatch(/:1:8: JSON syntax error: unterminated string/);
    expect(problemsOf('').message).toMatch(/:1:1: JSON syntax error: the text is empty/);
  });

  it('names the field of a wrong type by its path, with its line', () => {
    const text = withAgents(['...'], [{ id: 'a', start: [0, 0], goal: [2, 0] }, { id: 'b', start: [1, '0'], goal: [0, 0], speed: 0 }]);
    const error = problemsOf(text);
    const paths = error.problems.map((p) => p.path);
    expect(paths).toContain('agents[1].start[1]');
    expect(paths).toContain('agents[1].speed');
    const start = error.problems.find((p) => p.path === 'agents[1].start[1]')!;
    expect(text.split('\n')[start.line! - 1]).toContain('"0"');
    expect(error.message).toMatch(/agents\[1\]\.start\[1\]: .*expected number/);
  });

  it('rejects unknown keys, bad colours and bad enum values', () => {
    const text = withAgents(['..'], [{ id: 'a', start: [0, 0], goal: [1, 0], colour: 'red', hat: true }], { corners: 'sometimes' });
    const message = problemsOf(text).message;
    expect(message).toMatch(/agents\[0\]: Unrecognized key: "hat"/);
    expect(message).toMatch(/agents\[0\]\.colour: must be a colour written #rrggbb/);
    expect(message).toMatch(/corners: /);
    expect(problemsOf(withAgents(['..'], [], { map: { kind: 'png' } })).message).toMatch(/map\.kind: /);
  });

  it('finds ragged rows, unknown characters and misshapen weights', () => {
    const message = problemsOf(JSON.stringify({ format: 'mapf-lab/scenario', version: 2, name: 't', map: { kind: 'inline', rows: ['...', '..', '.x.'], weights: [[1, 1, 1]] } })).message;
    expect(message).toMatch(/map\.rows\[1\]: row 1 has 2 cells, expected 3/);
    expect(message).toMatch(/map\.rows\[2\]: unknown map character "x" at x = 1/);
    expect(message).toMatch(/map\.weights: has 1 rows, expected 3/);
  });

  it('names the unit whose start or goal is off the map, on a wall or taken', () => {
    const rows = [
      '....',
      '.@..',
      '....',
    ];
    const agents = [
      { id: 'ok', start: [0, 0], goal: [3, 2] },
      { id: 'walled', start: [1, 1], goal: [2, 0] },
      { id: 'lost', start: [2, 2], goal: [4, 0] },
      { id: 'copy', start: [0, 0], goal: [3, 0] },
      { id: 'ok', start: [0, 2], goal: [3, 1] },
      { id: 'big', start: [2, 1], goal: [0, 1], size: 2 },
    ];
    const message = problemsOf(withAgents(rows, agents, { events: [{ t: 1, cells: [[9, 9]], action: 'open' }] })).message;
    expect(message).toMatch(/agents\[4\]\.id: id 'ok' is already used by agents\[0\]/);
    // Identity problems come first; fix the ids and the placement problems show.
    agents[4].id = 'other';
    const placement = problemsOf(withAgents(rows, agents, { events: [{ t: 1, cells: [[9, 9]], action: 'open' }] }));
    expect(placement.message).toMatch(/agents\[1\]\.start: unit 'walled' has its start on a wall at \(1, 1\)/);
    expect(placement.message).toMatch(/agents\[2\]\.goal: unit 'lost' has its goal at \(4, 0\) outside the 4x3 map/);
    expect(placement.message).toMatch(/agents\[3\]\.start: unit 'copy' has its start on \(0, 0\), the start of unit 'ok'/);
    expect(placement.message).toMatch(/agents\[5\]\.start: unit 'big' has its start \(its 2x2 footprint\) on \(2, 2\), the start of unit 'lost'|agents\[5\]\.goal: unit 'big' has its goal \(its 2x2 footprint\) on a wall at \(1, 1\)/);
    expect(placement.message).toMatch(/events\[0\]\.cells\[0\]: cell \(9, 9\) is outside the 4x3 map/);
  });

  it('checks the solver name against the registry when given', () => {
    const text = withAgents(['..'], [], { solver: { solver: 'magic' } });
    expect(() => parseScenarioJson(text, 's.json', { solverNames: ['independent', 'whca'] })).toThrow(/solver\.solver: unknown solver 'magic' \(known: independent, whca\)/);
    expect(parseScenarioJson(text, 's.json').solver.solver).toBe('magic');
  });
});

describe('text encoding', () => {
  it('accepts a byte order mark and gives each scenario its own default settings', () => {
    const text = '\uFEFF' + JSON.stringify({ format: 'mapf-lab/scenario', version: 2, name: 'b', map: { kind: 'inline', rows: ['.'] } });
    const a = parseScenarioJson(text, 'b.json');
    const b = parseScenarioJson(text, 'b.json');
    expect(a.name).toBe('b');
    expect(a.solver).not.toBe(b.solver);
    expect(a.solver.params).not.toBe(b.solver.params);
  });
});

describe('moving obstacles in the file (version 3)', () => {
  const v3 = (obstacles: unknown[], agents: unknown[] = []) =>
    JSON.stringify({ format: 'mapf-lab/scenario', version: 3, name: 'o', map: { kind: 'inline', rows: ['......', '.@@@@.', '......'] }, agents, obstacles }, null, 2);

  it('fills an obstacle\'s defaults and keeps it through a save', () => {
    const scenario = parseScenarioJson(v3([{ id: 'guard', route: [[0, 0], [5, 2]], mode: 'loop' }]), 'o.json');
    expect(scenario.obstacles).toEqual([{ id: 'guard', size: 1, speed: 1, route: [[0, 0], [5, 2]], mode: 'loop', startTurn: 0 }]);
    expect(parseScenarioJson(serializeScenario(scenario), 'o.json')).toEqual(scenario);
  });

  it.each([
    ['a waypoint off the map', [{ id: 'g', route: [[0, 0], [9, 0]], mode: 'once' }], [], /o\.json:\d+:\d+: obstacles\[0\]\.route\[1\]: obstacle 'g', waypoint 2: \(9, 0\) is off the 6x3 map/],
    ['a waypoint in a wall', [{ id: 'g', route: [[0, 0], [2, 1]], mode: 'once' }], [], /obstacles\[0\]\.route\[1\]: obstacle 'g', waypoint 2: \(2, 1\) is in a wall/],
    ['a route with no path', [{ id: 'g', size: 2, route: [[0, 0]], mode: 'once' }], [], /obstacles\[0\]\.route\[0\]: obstacle 'g', waypoint 1: \(0, 0\) is where its 2x2 footprint does not fit/],
    ['an unknown mode', [{ id: 'g', route: [[0, 0]], mode: 'bounce' }], [], /obstacles\[0\]\.mode: Invalid option: expected one of "loop"\|"ping-pong"\|"once"/],
    ['an obstacle on a unit\'s start', [{ id: 'g', route: [[0, 2], [5, 2]], mode: 'once' }], [{ id: 'u', start: [0, 2], goal: [5, 0] }], /obstacles\[0\]\.route\[0\]: obstacle 'g' starts on \(0, 2\), the start of unit 'u' \(agents\[0\]\)/],
    ['two obstacles with one id', [{ id: 'g', route: [[0, 0]], mode: 'once' }, { id: 'g', route: [[5, 0]], mode: 'once' }], [], /obstacles\[1\]\.id: id 'g' is already used by obstacles\[0\]/],
  ])('refuses %s, naming the obstacle and waypoint', (_what, obstacles, agents, message) => {
    expect(problemsOf(v3(obstacles, agents), 'o.json').message).toMatch(message);
  });

  it('refuses a route whose waypoints no path joins', () => {
    const text = JSON.stringify({ format: 'mapf-lab/scenario', version: 3, name: 'o', map: { kind: 'inline', rows: ['..@..'] }, obstacles: [{ id: 'ferry', route: [[0, 0], [4, 0]], mode: 'ping-pong' }] });
    expect(problemsOf(text, 'f.json').message).toMatch(/obstacles\[0\]\.route\[1\]: obstacle 'ferry', waypoint 2: no path reaches it from waypoint 1/);
  });
});
