/**
 * Flow through a door against its width, beside the pedestrian experiments: an experiment whose
 * measured region is a door (the region's free cells on each map are its width) and that says
 * how large a cell is and how long a turn lasts (`doorFlow`) charts each solver setting's
 * specific flow, persons per second per metre of width, from the region's crossings per 10 turns,
 * against the width in metres. Beside it the pedestrian line from the bottleneck experiments
 * (Seyfried et al. 2009, Kretz et al. 2006, as JuPedSim's bottleneck validation uses them):
 * about 1.9 persons/s per metre; 0.8 m: 1.29-1.43 persons/s, 1.0 m: 1.85-2.02, 2.5 m: 5.55.
 * Each setting's point says where it lands: its ratio to the line, within a factor 2 or not.
 *
 * The crossing rate spans the first to the last unit through the door (start and tail included),
 * so it reads below a steady flow; bench:bottleneck measures the steady part (10th to 50th unit).
 * Widths are known for inline maps (their rows are in the definition); other maps are left out.
 */
import type { RunRecord } from '../runRecord.ts';
import { isFailure } from '../runRecord.ts';
import type { Experiment } from '../schema.ts';
import { meanInterval } from '../stats.ts';

/** Specific flow of the pedestrian experiments, persons per second per metre of width. */
export const PEDESTRIAN_FLOW_PER_M = 1.9;
/** Measured flows (persons per second) through doors of these widths (metres): low and high. */
export const PEDESTRIAN_POINTS: readonly { widthM: number; low: number; high: number }[] = [
  { widthM: 0.8, low: 1.29, high: 1.43 },
  { widthM: 1.0, low: 1.85, high: 2.02 },
  { widthM: 2.5, low: 5.55, high: 5.55 },
];
/** The target band: within this factor of the pedestrian line. */
export const DOOR_FLOW_FACTOR = 2;

export interface DoorFlowPoint {
  widthCells: number;
  widthM: number;
  /** Mean persons/s per metre over the runs, with its 95% interval (NaN when none measured). */
  flow: number;
  low: number;
  high: number;
  runs: number;
  /** flow over the pedestrian line. */
  ratio: number;
}

export interface DoorFlowSeries {
  label: string;
  points: DoorFlowPoint[];
}

export interface DoorFlowData {
  cellMetres: number;
  turnSeconds: number;
  series: DoorFlowSeries[];
  /** The pedestrian data points as specific flows: [width m, low, high] persons/s per metre. */
  pedestrian: [number, number, number][];
  line: number;
}

/** Free cells of an inline map inside the region's rectangle (the door's width), or null. */
function doorWidth(experiment: Experiment, mapName: string): number | null {
  const region = experiment.region;
  const map = experiment.maps.find((m) => m.kind === 'inline' && m.name === mapName);
  if (!region || !map || map.kind !== 'inline') return null;
  let free = 0;
  for (let y = Math.min(region.from[1], region.to[1]); y <= Math.max(region.from[1], region.to[1]); y++) {
    for (let x = Math.min(region.from[0], region.to[0]); x <= Math.max(region.from[0], region.to[0]); x++) {
      const c = map.rows[y]?.[x];
      if (c !== undefined && c !== '@' && c !== 'T') free++;
    }
  }
  return free > 0 ? free : null;
}

/** The chart's data, or null when the experiment asks for no door flow or has no measured region. */
export function doorFlowData(experiment: Experiment, records: readonly RunRecord[]): DoorFlowData | null {
  const scale = experiment.doorFlow;
  if (!scale || !experiment.region) return null;
  const widths = new Map<string, number | null>();
  const groups = new Map<string, Map<number, number[]>>();
  for (const r of [...records].sort((a, b) => a.id - b.id)) {
    if (!groups.has(r.label)) groups.set(r.label, new Map());
    if (isFailure(r) || !Number.isFinite(r.regionCrossingRate)) continue;
    if (!widths.has(r.map)) widths.set(r.map, doorWidth(experiment, r.map));
    const width = widths.get(r.map);
    if (!width) continue;
    const perSecond = r.regionCrossingRate / 10 / scale.turnSeconds;
    const byWidth = groups.get(r.label)!;
    const list = byWidth.get(width) ?? [];
    list.push(perSecond / (width * scale.cellMetres));
    byWidth.set(width, list);
  }
  const series: DoorFlowSeries[] = [];
  for (const [label, byWidth] of groups) {
    const points = [...byWidth].sort((a, b) => a[0] - b[0]).map(([widthCells, flows]) => {
      const e = meanInterval(flows, 0);
      return { widthCells, widthM: widthCells * scale.cellMetres, flow: e.mean, low: e.low, high: e.high, runs: flows.length, ratio: e.mean / PEDESTRIAN_FLOW_PER_M };
    });
    series.push({ label, points });
  }
  return {
    cellMetres: scale.cellMetres,
    turnSeconds: scale.turnSeconds,
    series,
    pedestrian: PEDESTRIAN_POINTS.map((p) => [p.widthM, p.low / p.widthM, p.high / p.widthM]),
    line: PEDESTRIAN_FLOW_PER_M,
  };
}

/** "within a factor 2 of the line (0.71x)" / "below the line by more than a factor 2 (0.32x)". */
export function doorFlowVerdict(ratio: number): string {
  if (!Number.isFinite(ratio)) return 'not measured';
  const x = `${ratio.toFixed(2)}x`;
  if (ratio >= 1 / DOOR_FLOW_FACTOR && ratio <= DOOR_FLOW_FACTOR) return `within a factor ${DOOR_FLOW_FACTOR} of the line (${x})`;
  return `${ratio < 1 ? 'below' : 'above'} the line by more than a factor ${DOOR_FLOW_FACTOR} (${x})`;
}
