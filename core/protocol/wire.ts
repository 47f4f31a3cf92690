/**
 * How instances and plans cross process boundaries: flat typed arrays with a format name and
 * version that the receiver checks (after flatbush's versioned buffers). Structured clone
 * carries typed arrays cheaply across worker_threads, Web Workers and Electron's parentPort.
 */
import { Grid } from '../grid/grid.ts';
import type { Connectivity, CornerRule } from '../grid/movement.ts';
import type { MapfInstance } from '../mapf/instance.ts';
import type { Path } from '../mapf/plan.ts';

export const WIRE_INSTANCE_VERSION = 1;
export const WIRE_PATHS_VERSION = 1;

export interface WireInstance {
  format: 'mapf-lab/instance';
  version: number;
  width: number;
  height: number;
  passable: Uint8Array;
  weight: Float32Array | null;
  connectivity: Connectivity;
  corners: CornerRule;
  starts: Int32Array;
  goals: Int32Array;
}

export interface WirePaths {
  format: 'mapf-lab/paths';
  version: number;
  /** Path i is cells[offsets[i] .. offsets[i + 1]). */
  offsets: Int32Array;
  cells: Int32Array;
}

export class WireFormatError extends Error {
  override name = 'WireFormatError';
}

export function encodeInstance(instance: MapfInstance): WireInstance {
  const { grid, movement, agents } = instance;
  return {
    format: 'mapf-lab/instance',
    version: WIRE_INSTANCE_VERSION,
    width: grid.width,
    height: grid.height,
    passable: grid.passable.slice(),
    weight: grid.weight ? grid.weight.slice() : null,
    connectivity: movement.connectivity,
    corners: movement.corners,
    starts: Int32Array.from(agents, (a) => a.start),
    goals: Int32Array.from(agents, (a) => a.goal),
  };
}

export function decodeInstance(wire: WireInstance): MapfInstance {
  if (wire?.format !== 'mapf-lab/instance') throw new WireFormatError(`expected a mapf-lab/instance, got ${String(wire?.format)}`);
  if (wire.version !== WIRE_INSTANCE_VERSION) {
    throw new WireFormatError(`instance format version ${wire.version} is not supported (this build reads version ${WIRE_INSTANCE_VERSION})`);
  }
  if (!(wire.passable instanceof Uint8Array) || wire.passable.length !== wire.width * wire.height) {
    throw new WireFormatError(`instance passable array must be a Uint8Array of ${wire.width}x${wire.height} cells`);
  }
  if (!(wire.starts instanceof Int32Array) || !(wire.goals instanceof Int32Array) || wire.starts.length !== wire.goals.length) {
    throw new WireFormatError('instance starts and goals must be Int32Arrays of equal length');
  }
  if (wire.connectivity !== 4 && wire.connectivity !== 8) throw new WireFormatError(`connectivity must be 4 or 8, got ${String(wire.connectivity)}`);
  if (wire.corners !== 'cut' && wire.corners !== 'no-cut') throw new WireFormatError(`corners must be 'cut' or 'no-cut', got ${String(wire.corners)}`);
  const grid = new Grid(wire.width, wire.height, wire.passable, wire.weight);
  const agents = Array.from(wire.starts, (start, i) => ({ start, goal: wire.goals[i] }));
  return { grid, movement: { connectivity: wire.connectivity, corners: wire.corners }, agents };
}

export function encodePaths(paths: readonly Path[]): WirePaths {
  const offsets = new Int32Array(paths.length + 1);
  let total = 0;
  for (let i = 0; i < paths.length; i++) {
    offsets[i] = total;
    total += paths[i].length;
  }
  offsets[paths.length] = total;
  const cells = new Int32Array(total);
  for (let i = 0; i < paths.length; i++) cells.set(paths[i], offsets[i]);
  return { format: 'mapf-lab/paths', version: WIRE_PATHS_VERSION, offsets, cells };
}

export function decodePaths(wire: WirePaths): number[][] {
  if (wire?.format !== 'mapf-lab/paths') throw new WireFormatError(`expected mapf-lab/paths, got ${String(wire?.format)}`);
  if (wire.version !== WIRE_PATHS_VERSION) {
    throw new WireFormatError(`paths format version ${wire.version} is not supported (this build reads version ${WIRE_PATHS_VERSION})`);
  }
  const paths: number[][] = [];
  for (let i = 0; i + 1 < wire.offsets.length; i++) paths.push(Array.from(wire.cells.subarray(wire.offsets[i], wire.offsets[i + 1])));
  return paths;
}
