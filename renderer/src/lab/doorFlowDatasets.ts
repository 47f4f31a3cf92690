/**
 * The lab's door flow chart as Chart.js datasets (the report draws the same from the same data,
 * core/experiments/report/doorFlow.ts): a line per solver setting, flow per metre against the
 * door's width, the pedestrian line with its factor-2 band, and the pedestrian data points. Pure.
 */
import type { DoorFlowData } from '../../../core/experiments/report/doorFlow.ts';
import { PALETTE } from './labCharts.ts';

export interface DoorFlowDataset {
  type: 'line' | 'scatter';
  label: string;
  data: { x: number; y: number }[];
  borderColor: string;
  backgroundColor: string;
  borderDash?: number[];
  borderWidth: number;
  pointRadius: number;
  pointStyle?: string;
  fill: false;
}

export function doorFlowDatasets(door: DoorFlowData, reference: string): DoorFlowDataset[] {
  const widths = [1, ...door.series.flatMap((s) => s.points.map((p) => p.widthM)), ...door.pedestrian.map((p) => p[0])];
  const most = Math.max(...widths);
  const flat = (y: number) => [{ x: 0, y }, { x: most, y }];
  const out: DoorFlowDataset[] = door.series.map((s, i) => ({
    type: 'line',
    label: s.label,
    data: s.points.filter((p) => Number.isFinite(p.flow)).map((p) => ({ x: p.widthM, y: p.flow })),
    borderColor: PALETTE[i % PALETTE.length],
    backgroundColor: PALETTE[i % PALETTE.length],
    borderWidth: 2,
    pointRadius: 3,
    fill: false,
  }));
  out.push({ type: 'line', label: `pedestrian line (${door.line} persons/s/m)`, data: flat(door.line), borderColor: reference, backgroundColor: reference, borderDash: [6, 4], borderWidth: 2, pointRadius: 0, fill: false });
  out.push({ type: 'line', label: 'within a factor 2', data: flat(door.line / 2), borderColor: reference, backgroundColor: reference, borderDash: [2, 4], borderWidth: 1, pointRadius: 0, fill: false });
  out.push({ type: 'line', label: 'within a factor 2 ', data: flat(door.line * 2), borderColor: reference, backgroundColor: reference, borderDash: [2, 4], borderWidth: 1, pointRadius: 0, fill: false });
  out.push({ type: 'scatter', label: 'pedestrian experiments', data: door.pedestrian.flatMap((p) => [{ x: p[0], y: p[1] }, { x: p[0], y: p[2] }]), borderColor: reference, backgroundColor: reference, borderWidth: 2, pointRadius: 6, pointStyle: 'crossRot', fill: false });
  return out;
}
