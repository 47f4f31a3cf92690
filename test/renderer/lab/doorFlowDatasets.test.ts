// The lab's door flow chart draws what the report draws: a line per setting at its widths, the
// pedestrian line and its factor-2 band across every width, the pedestrian data points.
import { describe, expect, it } from 'vitest';
import type { DoorFlowData } from '../../../core/experiments/report/doorFlow.ts';
import { doorFlowDatasets } from '../../../renderer/src/lab/doorFlowDatasets.ts';

const point = (widthCells: number, flow: number) => ({ widthCells, widthM: widthCells / 2, flow, low: NaN, high: NaN, runs: 1, ratio: flow / 1.9 });
const door: DoorFlowData = {
  cellMetres: 0.5,
  turnSeconds: 1,
  line: 1.9,
  pedestrian: [[0.8, 1.6125, 1.7875], [2.5, 2.22, 2.22]],
  series: [{ label: 'orca', points: [point(1, 1), point(6, NaN)] }, { label: 'detour', points: [point(2, 1.5), point(6, 2)] }],
};

describe('door flow datasets', () => {
  it('a line per setting (unmeasured widths left out), the line and band to the widest door, the data points', () => {
    const sets = doorFlowDatasets(door, '#000');
    expect(sets.map((s) => s.label)).toEqual(['orca', 'detour', 'pedestrian line (1.9 persons/s/m)', 'within a factor 2', 'within a factor 2 ', 'pedestrian experiments']);
    expect(sets[0].data).toEqual([{ x: 0.5, y: 1 }]);
    expect(sets[1].data).toEqual([{ x: 1, y: 1.5 }, { x: 3, y: 2 }]);
    expect(sets[2].data).toEqual([{ x: 0, y: 1.9 }, { x: 3, y: 1.9 }]);
    expect([sets[3].data[0].y, sets[4].data[0].y]).toEqual([0.95, 3.8]);
    expect(sets[5].type).toBe('scatter');
    expect(sets[5].data).toHaveLength(4);
  });
});
