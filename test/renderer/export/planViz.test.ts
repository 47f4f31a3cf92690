import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { completeAgent } from '../../../core/scenario/content.ts';
import { analyseReplay } from '../../../renderer/src/replay/analysis.ts';
import { planVizDocument, type PlanVizDocument, type PlanVizInput } from '../../../renderer/src/export/planViz.ts';
import { solutionText } from '../../../renderer/src/export/solutionText.ts';

/**
 *     0 1 2 3
 *   0 a . . .
 *   1 . @ . .
 *   2 b . . .
 *
 * Unit a goes right along row 0 then down to (3, 2); unit b waits twice, then goes up to (0, 1).
 */
const grid = Grid.fromAscii(['....', '.@..', '....']);
const c = (x: number, y: number) => grid.cell(x, y);
const PATHS = [
  [c(0, 0), c(1, 0), c(2, 0), c(3, 0), c(3, 1), c(3, 2)],
  [c(0, 2), c(0, 2), c(0, 2), c(0, 1)],
];
const GOALS = [c(3, 2), c(0, 1)];

function input(paths: number[][] = PATHS, goals: number[] = GOALS): PlanVizInput {
  return {
    grid,
    agents: [completeAgent({ id: 'a', start: [0, 0], goal: [3, 2] }, 0), completeAgent({ id: 'b', start: [0, 2], goal: [0, 1] }, 1)],
    paths,
    goals,
    analysis: analyseReplay(grid, paths, goals),
    solver: 'whca',
    status: 'solved',
    stats: { expanded: 12, elapsedMs: 0.5, ratio: NaN },
    mapName: 'tiny.map',
    events: [{ t: 4, cells: [[2, 1]], action: 'close' }],
    costModel: 'away',
  };
}

/** PlanViz's MAPF decoder (converters/exchange.py + domain paths): runs applied to [row, col] from the start. */
function decode(doc: PlanVizDocument, agent: number): [number, number][] {
  const step: Record<string, [number, number]> = { U: [1, 0], D: [-1, 0], R: [0, 1], L: [0, -1], W: [0, 0] };
  const [row0, col0] = doc.agents[agent].start;
  const states: [number, number][] = [[row0, col0]];
  for (const [action, duration] of doc.agents[agent].actual) {
    for (let k = 0; k < duration; k++) {
      const [r, q] = states[states.length - 1];
      states.push([r + step[action][0], q + step[action][1]]);
    }
  }
  return states;
}

describe('planVizDocument (PlanViz interchange, schema version 1)', () => {
  it('writes the header PlanViz requires: format, schema_version, MAPF per timestep, max_time, map size', () => {
    const doc = planVizDocument(input());
    expect(doc).toMatchObject({ format: 'planviz', schema_version: 1, action_model: 'MAPF', time_unit: 'timestep', ticks_per_step: 1, max_time: 5, map: { width: 4, height: 3 }, delays: {} });
  });

  it('encodes paths as merged [action, duration] runs from [row, column, -1] starts, U being row + 1', () => {
    const doc = planVizDocument(input());
    expect(doc.agents[0]).toEqual({ start: [0, 0, -1], actual: [['R', 3], ['U', 2]] });
    expect(doc.agents[1]).toEqual({ start: [2, 0, -1], actual: [['W', 2], ['D', 1], ['W', 2]] });
    // Decoding as PlanViz does gives our cells back at every turn.
    for (let a = 0; a < 2; a++) {
      const states = decode(doc, a);
      expect(states).toHaveLength(doc.max_time + 1);
      states.forEach(([row, col], t) => expect([col, row]).toEqual([grid.x(PATHS[a][Math.min(t, PATHS[a].length - 1)]), grid.y(PATHS[a][Math.min(t, PATHS[a].length - 1)])]));
    }
  });

  it('makes each goal a task assigned at 0 and finished on arrival, with the matching events', () => {
    const doc = planVizDocument(input());
    expect(doc.tasks).toEqual([
      { id: 0, release_time: 0, stops: [[2, 3]], assignments: [[0, 0]], completions: [[5, 0, 0]] },
      { id: 1, release_time: 0, stops: [[1, 0]], assignments: [[0, 1]], completions: [[3, 1, 0]] },
    ]);
    expect(doc.events.map((e) => [e.time, e.agent_id, e.task_id, e.kind])).toEqual([[0, 0, 0, 'assigned'], [0, 1, 1, 'assigned'], [3, 1, 1, 'task_finished'], [5, 0, 0, 'task_finished']]);
  });

  it('puts our figures and the map events in metadata, finite numbers only', () => {
    const { metadata } = planVizDocument(input());
    expect(metadata).toMatchObject({ solver: 'whca', status: 'solved', teamSize: 2, sumOfCost: 8, makespan: 5, stats: { expanded: 12, elapsedMs: 0.5 }, unitIds: ['a', 'b'], mapEvents: [{ t: 4, action: 'close', cells: [[1, 2]] }] });
    expect(JSON.stringify(metadata)).not.toContain('ratio');
    // A run that did not solve has no cost.
    expect(planVizDocument({ ...input(), status: 'timeout' }).metadata).toMatchObject({ status: 'timeout', sumOfCost: null, makespan: null });
  });

  it('lists collisions as conflicts and leaves a unit that never arrives without a completion', () => {
    const paths = [[c(0, 0), c(1, 0)], [c(2, 0), c(1, 0)]];
    const analysis = analyseReplay(grid, paths, [c(2, 0), c(0, 0)], [{ rule: 'vertex', t: 1, agents: [0, 1], cell: c(1, 0), message: 'vertex conflict at (1, 0)' }]);
    const doc = planVizDocument({ ...input(paths, [c(2, 0), c(0, 0)]), analysis });
    expect(doc.conflicts).toEqual([{ time: 1, agent_ids: [0, 1], description: 'vertex conflict at (1, 0)', task_id: null }]);
    expect(doc.tasks[0].completions).toEqual([]);
  });

  it('refuses a diagonal move, naming the unit and turn', () => {
    const paths = [[c(0, 0), c(1, 0), c(2, 1)], [c(0, 2), c(0, 1)]];
    expect(() => planVizDocument(input(paths))).toThrow('Unit 1 moves diagonally from (1, 0) to (2, 1) at t=1');
    // The refusal points to the exports that keep diagonal moves, and that one does.
    expect(() => planVizDocument(input(paths))).toThrow(/no diagonal step .* MAPF Lab replay or mapf-visualizer text, which keep diagonal moves/);
    expect(solutionText(grid, paths).split('\n')[2]).toBe('2:(2,1),(0,1),');
  });
});
