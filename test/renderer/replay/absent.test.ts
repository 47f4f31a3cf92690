/**
 * A stream's replay in the player's model: units are ABSENT (-1) before they appear and after they
 * leave. While away they are not drawn or picked (onMapAt, unitShownAt), do not glide to or from
 * (-1) (positionAt), make no moves, waits, heat or flow, queue at no region, and a unit that left
 * by an exit "arrives" at its leaving turn. The spawned units get names, colours and goals.
 */
import { describe, expect, it } from 'vitest';
import { Grid } from '../../../core/grid/grid.ts';
import { ABSENT } from '../../../core/mapf/plan.ts';
import { measureRegions } from '../../../core/mapf/regionMeasures.ts';
import { analyseReplay } from '../../../renderer/src/replay/analysis.ts';
import { heatLayers } from '../../../renderer/src/replay/heatLayers.ts';
import { onMapAt, positionAt, unitShownAt } from '../../../renderer/src/replay/position.ts';
import { spawnedUnits, streamInstance } from '../../../renderer/src/solve/streamUnits.ts';
import { trailingSums } from '../../../renderer/src/panels/throughputChartModel.ts';

// A 5x1 corridor; unit 1 is placed at x=0 and walks to x=2; unit 2 appears at x=0 on turn 3, walks to x=4 and leaves there on turn 8.
const grid = Grid.fromAscii(['.....']);
const A = ABSENT;
const paths = [
  [0, 1, 2, 2, 2, 2, 2, 2, 2],
  [A, A, A, 0, 1, 2, 3, 4, A],
];

describe('a replay with units off the map (ABSENT)', () => {
  it('counts no moves or waits while a unit is away, and its leaving turn as its arrival', () => {
    const analysis = analyseReplay(grid, paths, [2, A]);
    expect(analysis.units[1]).toMatchObject({ moves: 4, waits: 0, arrival: 8 });
    expect(analysis.units[0]).toMatchObject({ moves: 2, waits: 0, arrival: 2 });
    // Turns away are no waits and leave no blocked move on the cell it appears on.
    expect(Array.from(analysis.waits)).toEqual([0, 0, 0, 0, 0]);
    expect(Array.from(analysis.blocked)).toEqual([0, 0, 0, 0, 0]);
    expect(analysis.marks.find((m) => m.agents[0] === 1)?.text).toBe('unit 2 leaves by an exit');
  });

  it('is not drawn or picked while away, and holds its cell as it appears or leaves', () => {
    expect(onMapAt(paths[1], 2.5)).toBe(false);
    expect(onMapAt(paths[1], 3)).toBe(true);
    expect(onMapAt(paths[1], 8)).toBe(false);
    // Between its last cell (4, 0) and leaving it stays on (4, 0), never sliding to (-1, ...).
    expect(positionAt(paths[1], 7.5, 5, 1)).toEqual([4.5, 0.5]);
    expect(positionAt(paths[1], 2.5, 5, 1)).toEqual([0.5, 0.5]);
    const agents = [{ id: 'u1', size: 1 }, { id: 's1', size: 1 }];
    expect(unitShownAt(paths, agents, 5, 0, 0, 1)).toBeNull();
    expect(unitShownAt(paths, agents, 5, 0, 0, 3)).toBe('s1');
    expect(unitShownAt(paths, agents, 4, 0, 0, 8)).toBeNull();
  });

  it('makes no heat or flow from (-1) and no queue at a region while away', () => {
    const analysis = analyseReplay(grid, paths, [2, A]);
    const layers = heatLayers(5, 5, paths, analysis);
    // Appearing on x=0 is a visit with no flow from off the map; the flow along the corridor points east.
    expect(layers.flowX[0]).toBeGreaterThanOrEqual(0);
    for (let c = 0; c < 5; c++) expect(Number.isFinite(layers.flowX[c])).toBe(true);
    const [gate] = measureRegions({ width: 5, paths, goals: [2, A] }, [{ name: 'gate', from: [0, 0], to: [0, 0] }]);
    expect(gate.queue.every((q) => q === 0)).toBe(true);
    expect(gate.units).toBe(2);
  });

  it('gives spawned units a name, a start where they appeared, no goal cell once they left; the validator takes all', () => {
    const [spawned] = spawnedUnits(paths, 1, [1, 1], 5);
    expect(spawned).toMatchObject({ id: 'spawned-1', name: 'spawned 1', start: [0, 0], goal: [-1, -1], size: 1 });
    const instance = streamInstance({ grid, movement: { connectivity: 4, corners: 'no-cut' }, agents: [{ start: 0, goal: 2 }] }, paths, [1, 1]);
    expect(instance.agents.map((a) => [a.start, a.goal])).toEqual([[0, 2], [0, A]]);
  });

  it('sums deliveries over the 10 turns up to each turn for the throughput line', () => {
    const perTurn = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0];
    expect(trailingSums(perTurn)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2]);
    expect(trailingSums(perTurn, 2)).toEqual([1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2]);
  });
});
