/**
 * The hash a kept comparison is checked against: it changes with everything a plan depends on
 * (a wall, a unit's goal, the movement rules, a timed event, an obstacle, a field a later version
 * adds) and not with what plans ignore (the name, the solver settings, the measured regions).
 */
import { describe, expect, it } from 'vitest';
import { scenarioPlanHash } from '../../../core/scenario/planHash.ts';
import { parseScenarioJson } from '../../../core/scenario/parse.ts';
import type { Scenario } from '../../../core/scenario/schema.ts';

const base: Scenario = parseScenarioJson(JSON.stringify({
  format: 'mapf-lab/scenario', version: 3, name: 'Bridge',
  map: { kind: 'inline', rows: ['.....', '..@..', '.....'] },
  agents: [{ id: 'a', start: [0, 0], goal: [4, 2] }, { id: 'b', start: [4, 0], goal: [0, 2] }],
  regions: [{ name: 'gap', from: [2, 0], to: [2, 0] }],
}), 'bridge.json');

const hash = (change: (s: Scenario) => Scenario) => scenarioPlanHash(change(structuredClone(base)));

describe('scenarioPlanHash', () => {
  it('is the same for the same content, whatever the name, solver and regions', () => {
    const h = scenarioPlanHash(base);
    expect(hash((s) => s)).toBe(h);
    expect(hash((s) => ({ ...s, name: 'Renamed' }))).toBe(h);
    expect(hash((s) => ({ ...s, solver: { ...s.solver, solver: 'pibt', seed: 7 } }))).toBe(h);
    expect(hash((s) => ({ ...s, regions: [] }))).toBe(h);
  });

  it('changes with everything plans depend on', () => {
    const h = scenarioPlanHash(base);
    const changed = [
      hash((s) => ({ ...s, map: { kind: 'inline', rows: ['.....', '..@..', '..@..'] } })),
      hash((s) => ({ ...s, agents: [s.agents[0], { ...s.agents[1], goal: [1, 2] }] })),
      hash((s) => ({ ...s, connectivity: 8 })),
      hash((s) => ({ ...s, events: [{ t: 3, cells: [[2, 0]], action: 'close' }] })),
      hash((s) => ({ ...s, obstacles: [{ id: 'o', size: 1, speed: 1, route: [[0, 1]], mode: 'once', startTurn: 0 }] })),
      hash((s) => ({ ...s, knowledge: 'timetable' })),
      // A field a later scenario version adds counts unless it is known not to change plans.
      hash((s) => ({ ...s, streams: [{ from: [0, 0] }] }) as Scenario),
    ];
    for (const other of changed) expect(other).not.toBe(h);
    expect(new Set(changed).size).toBe(changed.length);
  });
});
