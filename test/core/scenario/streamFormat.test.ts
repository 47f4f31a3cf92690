import { describe, expect, it } from 'vitest';
import { parseScenarioJson } from '../../../core/scenario/parse.ts';
import { serializeScenario } from '../../../core/scenario/serialize.ts';
import { ScenarioError } from '../../../core/scenario/scenarioError.ts';
import { SCENARIO_VERSION } from '../../../core/scenario/schema.ts';

// A bridge: two banks joined by one cell at (3, 1).
const ROWS = ['...@...', '.......', '...@...'];

function stream(extra: Record<string, unknown>, version = SCENARIO_VERSION): string {
  return JSON.stringify({ format: 'mapf-lab/scenario', version, name: 'Bridge', map: { kind: 'inline', rows: ROWS }, regions: [{ name: 'east', from: [5, 0], to: [6, 2] }], ...extra }, null, 2);
}

const BOTH_WAYS = {
  spawners: [
    { name: 'west', area: { cells: [[0, 0], [0, 1], [0, 2]] }, every: 3, count: 10, goal: { exit: 'east gate' } },
    { name: 'east', area: { from: [6, 0], to: [6, 2] }, rate: 2.5, random: true, seed: 9, goal: { exit: 'west gate' } },
    { name: 'wave', area: { cells: [[1, 1]] }, waves: [{ turn: 0, count: 3 }, { turn: 20, count: 5 }], goal: { region: 'east' }, errands: { tasks: 'jobs' } },
  ],
  exits: [{ name: 'east gate', area: { from: [6, 0], to: [6, 2] } }, { name: 'west gate', area: { cells: [[0, 1]] } }],
  tasks: [{ name: 'jobs', goals: [{ cell: [5, 1] }, { region: 'east' }] }],
  agents: [{ id: 'miner', start: [1, 0], goal: [5, 0], errands: { goals: [{ cell: [1, 0] }], repeat: true } }],
};

function problemsOf(text: string): ScenarioError {
  try {
    parseScenarioJson(text, 'streams.json');
  } catch (error) {
    if (error instanceof ScenarioError) return error;
    throw error;
  }
  throw new Error('expected a ScenarioError');
}

describe('streams in the scenario file (version 4 on)', () => {
  it('reads spawners, exits, task lists and errands with their defaults, and writes them back as read', () => {
    const scenario = parseScenarioJson(stream(BOTH_WAYS), 'streams.json');
    expect(scenario.spawners.map((s) => s.name)).toEqual(['west', 'east', 'wave']);
    expect(scenario.spawners[0]).toMatchObject({ startTurn: 0, random: false, size: 1, speed: 1, priority: 0, every: 3, count: 10 });
    expect(scenario.spawners[1]).toMatchObject({ rate: 2.5, random: true, seed: 9 });
    expect(scenario.exits.map((e) => e.name)).toEqual(['east gate', 'west gate']);
    expect(scenario.agents[0].errands).toEqual({ goals: [{ cell: [1, 0] }], repeat: true });
    const again = parseScenarioJson(serializeScenario(scenario), 'again.json');
    expect(again).toEqual(scenario);
    expect(serializeScenario(again)).toBe(serializeScenario(scenario));
  });

  it('writes a batch scenario without stream fields', () => {
    const text = serializeScenario(parseScenarioJson(stream({}), 'batch.json'));
    expect(text).not.toMatch(/spawners|exits|tasks|errands/);
  });

  it('migrates a version 3 file to no streams, and refuses a spawner in one', () => {
    const scenario = parseScenarioJson(stream({}, 3), 'v3.json');
    expect(scenario.version).toBe(SCENARIO_VERSION);
    expect(scenario).toMatchObject({ spawners: [], exits: [], tasks: [] });
    expect(problemsOf(stream({ spawners: [] }, 3)).message).toMatch(/Unrecognized key.*"spawners".*version 3 file/);
  });

  it('locates a spawner without a schedule, or with two', () => {
    const none = problemsOf(stream({ spawners: [{ name: 's', area: { cells: [[0, 0]] }, goal: { cell: [6, 0] } }] }));
    expect(none.problems[0]).toMatchObject({ path: 'spawners[0]', message: 'give exactly one schedule: every, rate or waves' });
    expect(none.problems[0].line).toBeGreaterThan(1);
    const two = problemsOf(stream({ spawners: [{ name: 's', area: { cells: [[0, 0]] }, every: 2, rate: 1, goal: { cell: [6, 0] } }] }));
    expect(two.message).toMatch(/spawners\[0\]: give exactly one schedule/);
  });

  it('names a goal that refers to an exit, region or task list the scenario does not have', () => {
    const error = problemsOf(stream({
      spawners: [{ name: 'west', area: { cells: [[0, 0]] }, every: 2, goal: { exit: 'gate' }, errands: { tasks: 'chores' } }],
      agents: [{ id: 'u', start: [1, 0], goal: [5, 0], errands: { goals: [{ region: 'north' }] } }],
    }));
    const byPath = Object.fromEntries(error.problems.map((p) => [p.path, p.message]));
    expect(byPath['spawners[0].goal.exit']).toBe("spawner 'west' goes to exit 'gate', which the scenario does not have (exits: none)");
    expect(byPath['spawners[0].errands.tasks']).toMatch(/task list 'chores', which the scenario does not have/);
    expect(byPath['agents[0].errands.goals[0].region']).toMatch(/region 'north', which the scenario does not have \(regions: 'east'\)/);
  });

  it('refuses areas off the map, areas of walls only, goal cells on walls, duplicate names and a target naming two places', () => {
    const error = problemsOf(stream({
      spawners: [
        { name: 's', area: { from: [0, 0], to: [9, 0] }, every: 1, goal: { cell: [3, 0] } },
        { name: 's', area: { cells: [[3, 2]] }, every: 1, goal: { cell: [6, 1] } },
      ],
      exits: [{ name: 'x', area: { cells: [[7, 7]] } }],
    }));
    const messages = error.problems.map((p) => `${p.path}: ${p.message}`);
    expect(messages).toContain('spawners[1].name: name \'s\' is already used by spawners[0]; spawner names must be unique');
    const both = problemsOf(stream({ spawners: [{ name: 's', area: { cells: [[0, 0]] }, every: 1, goal: { cell: [6, 0], exit: 'x' } }] }));
    expect(both.message).toMatch(/spawners\[0\]\.goal: give exactly one of cell, region or exit/);
    const grid = problemsOf(stream({
      spawners: [
        { name: 'a', area: { from: [0, 0], to: [9, 0] }, every: 1, goal: { cell: [3, 0] } },
        { name: 'b', area: { cells: [[3, 2]] }, every: 1, goal: { cell: [6, 1] } },
      ],
      exits: [{ name: 'x', area: { cells: [[7, 7]] } }],
    }));
    const onGrid = grid.problems.map((p) => `${p.path}: ${p.message}`);
    expect(onGrid).toContain("spawners[0].area.to: spawner 'a': (9, 0) is outside the 7x3 map");
    expect(onGrid).toContain("spawners[0].goal.cell: spawner 'a': (3, 0) is a wall");
    expect(onGrid).toContain("spawners[1].area: spawner 'b': every cell of the area is a wall");
    expect(onGrid).toContain("exits[0].area.cells[0]: exit 'x': (7, 7) is outside the 7x3 map");
  });
});
