/**
 * How instances and plans cross process boundaries: flat typed arrays with a format name and
 * version that the receiver checks (after flatbush's versioned buffers). Structured clone
 * carries typed arrays cheaply across worker_threads, Web Workers and Electron's parentPort.
 */
import { Grid } from '../grid/grid.ts';
import type { Connectivity, CornerRule } from '../grid/movement.ts';
import type { AgentTask, MapfInstance } from '../mapf/instance.ts';
import type { Path } from '../mapf/plan.ts';
import type { MapEvent } from '../mapf/mapEvents.ts';
import { MAX_UNIT_SPEED } from '../mapf/instance.ts';
import { type MovingObstacle, OBSTACLE_MODES, type ObstacleMode } from '../mapf/obstacles.ts';
import { MAX_UNITS, formatCount } from '../util/limits.ts';
import { type Streams, hasStreams } from '../mapf/streams.ts';
import { type WireStreams, decodeStreams, encodeStreams } from '../scenario/streamWire.ts';

/**
 * Instance versions: 1 carries the map and every unit's start and goal; 2 adds unit attributes
 * (size, speed, priority) and timed map events. encodeInstance writes version 1 whenever the
 * instance needs nothing more (every unit 1x1, speed 1, priority 0, no events), so a solver
 * process built before version 2 still reads every plain instance; it writes 2 only when an
 * attribute or an event would otherwise be lost; 3 adds moving obstacles and 4 streams (spawners,
 * exits, errands: streamWire.ts), each written only when there are some. decodeInstance reads all.
 */
export const WIRE_INSTANCE_VERSION = 4;
export const WIRE_INSTANCE_VERSIONS: readonly number[] = [1, 2, 3, 4];
export const WIRE_PATHS_VERSION = 1;

/** Largest unit side and slowest speed the wire carries (the array types' ranges). */
export const WIRE_MAX_SIZE = 255;
export const WIRE_MAX_SPEED = MAX_UNIT_SPEED;

/** A timed map change on the wire: cells (y * width + x) that close or open at the start of turn t. */
export interface WireMapEvent {
  t: number;
  action: 'close' | 'open';
  cells: Int32Array;
}

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
  /** Version 2: unit sides (null or absent: every unit 1x1). */
  sizes?: Uint8Array | null;
  /** Version 2: turns per move (null or absent: every unit moves every turn). */
  speeds?: Uint16Array | null;
  /** Version 2: planning priorities (null or absent: all 0). */
  priorities?: Int32Array | null;
  /** Version 2: timed map events in any order (null or absent: none). */
  events?: WireMapEvent[] | null;
  /** Version 3: moving obstacles (null or absent: none). */
  obstacles?: WireObstacle[] | null;
  /** Version 4: streams, units that appear, leave and get new goals (null or absent: a batch). */
  streams?: WireStreams | null;
}

/** A moving obstacle on the wire (core/mapf/obstacles.ts), its waypoints as cells. */
export interface WireObstacle {
  id: string;
  size: number;
  speed: number;
  route: Int32Array;
  mode: ObstacleMode;
  startTurn: number;
}

export interface WirePaths {
  format: 'mapf-lab/paths';
  version: number;
  /** Path i is cells[offsets[i] .. offsets[i + 1]). */
  offsets: Int32Array;
  cells: Int32Array;
}

/** "1, 2 and 3". */
export function listOf(items: readonly unknown[], last: 'and' | 'or'): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${last} ${String(items[items.length - 1])}`;
}

export class WireFormatError extends Error {
  override name = 'WireFormatError';
}

/** A map event as a caller may hold it: the scenario's action form or the simulator's passable form. */
export type MapEventInput = { t: number; cells: ArrayLike<number> } & ({ action: 'close' | 'open' } | { passable: boolean });

/**
 * The instance on the wire, with its timed map events. Each attribute array is written only when
 * some unit differs from the default, and version 2 only when something beyond version 1 is sent.
 */
export function encodeInstance(instance: MapfInstance, events: readonly MapEventInput[] = [], obstacles: readonly MovingObstacle[] = [], streams?: Streams): WireInstance {
  const { grid, movement, agents } = instance;
  const sizes = agents.some((a) => (a.size ?? 1) !== 1) ? Uint8Array.from(agents, (a) => a.size ?? 1) : null;
  const speeds = agents.some((a) => (a.speed ?? 1) !== 1) ? Uint16Array.from(agents, (a) => a.speed ?? 1) : null;
  const priorities = agents.some((a) => (a.priority ?? 0) !== 0) ? Int32Array.from(agents, (a) => a.priority ?? 0) : null;
  // Typed arrays would wrap silently; refuse what they cannot hold, naming the unit.
  agents.forEach((a, i) => {
    if (sizes && !(Number.isInteger(a.size ?? 1) && (a.size ?? 1) >= 1 && (a.size ?? 1) <= WIRE_MAX_SIZE)) throw new WireFormatError(`agent ${i + 1}: size ${a.size} must be a whole number 1..${WIRE_MAX_SIZE}`);
    if (speeds && !(Number.isInteger(a.speed ?? 1) && (a.speed ?? 1) >= 1 && (a.speed ?? 1) <= WIRE_MAX_SPEED)) throw new WireFormatError(`agent ${i + 1}: speed ${a.speed} must be a whole number 1..${WIRE_MAX_SPEED}`);
  });
  const wireEvents = events.map((e): WireMapEvent => ({ t: e.t, action: 'action' in e ? e.action : e.passable ? 'open' : 'close', cells: Int32Array.from(e.cells) }));
  const extended = sizes !== null || speeds !== null || priorities !== null || wireEvents.length > 0;
  const wire: WireInstance = {
    format: 'mapf-lab/instance',
    version: extended ? 2 : 1,
    width: grid.width,
    height: grid.height,
    passable: grid.passable.slice(),
    weight: grid.weight ? grid.weight.slice() : null,
    connectivity: movement.connectivity,
    corners: movement.corners,
    starts: Int32Array.from(agents, (a) => a.start),
    goals: Int32Array.from(agents, (a) => a.goal),
  };
  if (extended) Object.assign(wire, { sizes, speeds, priorities, events: wireEvents });
  if (obstacles.length > 0) {
    // Version 3 only when there are obstacles, so solver processes of version 2 still read the rest.
    wire.version = 3;
    wire.obstacles = obstacles.map((o) => ({ id: o.id, size: o.size ?? 1, speed: o.speed ?? 1, route: Int32Array.from(o.route), mode: o.mode, startTurn: o.startTurn ?? 0 }));
  }
  if (hasStreams(streams)) {
    // Version 4 only for a stream; a batch stays readable by solver processes of version 3.
    if (!extended) Object.assign(wire, { sizes: null, speeds: null, priorities: null, events: [] });
    wire.version = 4;
    wire.streams = encodeStreams(streams!);
  }
  return wire;
}

/** The instance's moving obstacles (none before version 3). Checks waypoints are on the map. */
export function decodeObstacles(wire: WireInstance): MovingObstacle[] {
  if (wire.version < 3 || wire.obstacles == null) return [];
  if (!Array.isArray(wire.obstacles)) throw new WireFormatError('instance obstacles must be an array or null');
  const cells = wire.width * wire.height;
  return wire.obstacles.map((o, i) => {
    if (typeof o?.id !== 'string' || o.id.length === 0) throw new WireFormatError(`instance obstacles[${i}].id must be a non-empty string`);
    if (!OBSTACLE_MODES.includes(o.mode)) throw new WireFormatError(`instance obstacles[${i}].mode must be one of ${OBSTACLE_MODES.join(', ')}, got ${String(o.mode)}`);
    if (!(o.route instanceof Int32Array) || o.route.length === 0) throw new WireFormatError(`instance obstacles[${i}].route must be a non-empty Int32Array`);
    for (const cell of o.route) if (cell < 0 || cell >= cells) throw new WireFormatError(`instance obstacles[${i}].route: cell ${cell} is outside the ${wire.width}x${wire.height} map`);
    for (const [name, value, max] of [['size', o.size, WIRE_MAX_SIZE], ['speed', o.speed, WIRE_MAX_SPEED], ['startTurn', o.startTurn, Number.MAX_SAFE_INTEGER]] as const) {
      if (!Number.isInteger(value) || value < (name === 'startTurn' ? 0 : 1) || value > max) throw new WireFormatError(`instance obstacles[${i}].${name} is out of range: ${String(value)}`);
    }
    return { id: o.id, size: o.size, speed: o.speed, route: Array.from(o.route), mode: o.mode, startTurn: o.startTurn };
  });
}

/** The instance's streams (none before version 4); the request schema has checked their cells. */
export function decodeInstanceStreams(wire: WireInstance): Streams | undefined {
  if (wire.version < 4 || wire.streams == null) return undefined;
  return decodeStreams(wire.streams);
}

export function decodeInstance(wire: WireInstance): MapfInstance {
  if (wire?.format !== 'mapf-lab/instance') throw new WireFormatError(`expected a mapf-lab/instance, got ${String(wire?.format)}`);
  if (!WIRE_INSTANCE_VERSIONS.includes(wire.version)) {
    throw new WireFormatError(`instance format version ${wire.version} is not supported (this build reads versions ${listOf(WIRE_INSTANCE_VERSIONS, 'and')})`);
  }
  if (!(wire.passable instanceof Uint8Array) || wire.passable.length !== wire.width * wire.height) {
    throw new WireFormatError(`instance passable array must be a Uint8Array of ${wire.width}x${wire.height} cells`);
  }
  if (!(wire.starts instanceof Int32Array) || !(wire.goals instanceof Int32Array) || wire.starts.length !== wire.goals.length) {
    throw new WireFormatError('instance starts and goals must be Int32Arrays of equal length');
  }
  if (wire.connectivity !== 4 && wire.connectivity !== 8) throw new WireFormatError(`connectivity must be 4 or 8, got ${String(wire.connectivity)}`);
  if (wire.corners !== 'cut' && wire.corners !== 'no-cut') throw new WireFormatError(`corners must be 'cut' or 'no-cut', got ${String(wire.corners)}`);
  const n = wire.starts.length;
  if (n > MAX_UNITS) throw new WireFormatError(`instance has ${formatCount(n)} units; at most ${formatCount(MAX_UNITS)} units per scenario (the lab's unit limit)`);
  const { sizes, speeds, priorities } = checkAttributes(wire, n);
  const grid = new Grid(wire.width, wire.height, wire.passable, wire.weight);
  const agents = Array.from(wire.starts, (start, i): AgentTask => {
    const task: AgentTask = { start, goal: wire.goals[i] };
    // Only what was sent: a version-1 instance decodes to plain start/goal tasks as before.
    if (sizes) task.size = sizes[i];
    if (speeds) task.speed = speeds[i];
    if (priorities) task.priority = priorities[i];
    return task;
  });
  return { grid, movement: { connectivity: wire.connectivity, corners: wire.corners }, agents };
}

/** The instance's timed map events in the simulator's form (none for version 1). Checks cells are on the map. */
export function decodeMapEvents(wire: WireInstance): MapEvent[] {
  if (wire.version < 2 || wire.events == null) return [];
  if (!Array.isArray(wire.events)) throw new WireFormatError('instance events must be an array or null');
  const cells = wire.width * wire.height;
  return wire.events.map((event, i) => {
    if (!Number.isInteger(event?.t) || event.t < 0) throw new WireFormatError(`instance events[${i}].t must be a whole number >= 0, got ${String(event?.t)}`);
    if (event.action !== 'close' && event.action !== 'open') throw new WireFormatError(`instance events[${i}].action must be 'close' or 'open', got ${String(event.action)}`);
    if (!(event.cells instanceof Int32Array)) throw new WireFormatError(`instance events[${i}].cells must be an Int32Array`);
    for (const cell of event.cells) {
      if (cell < 0 || cell >= cells) throw new WireFormatError(`instance events[${i}].cells: cell ${cell} is outside the ${wire.width}x${wire.height} map`);
    }
    return { t: event.t, cells: Array.from(event.cells), passable: event.action === 'open' };
  });
}

function checkAttributes(wire: WireInstance, n: number): { sizes: Uint8Array | null; speeds: Uint16Array | null; priorities: Int32Array | null } {
  const sizes = wire.sizes ?? null;
  const speeds = wire.speeds ?? null;
  const priorities = wire.priorities ?? null;
  if (wire.version < 2) {
    // A version-1 sender knows no attributes; carrying some means a mislabelled instance.
    if (sizes || speeds || priorities || (wire.events && wire.events.length > 0)) throw new WireFormatError('instance version 1 cannot carry sizes, speeds, priorities or events (they need version 2)');
    return { sizes: null, speeds: null, priorities: null };
  }
  const check = (name: string, array: unknown, type: { name: string; prototype: object }, min: number): void => {
    if (array === null) return;
    if (!(array instanceof (type as unknown as new () => object))) throw new WireFormatError(`instance ${name} must be a ${type.name} or null`);
    const values = array as ArrayLike<number>;
    if (values.length !== n) throw new WireFormatError(`instance ${name} has ${values.length} entries, expected one per agent (${n})`);
    for (let i = 0; i < values.length; i++) if (values[i] < min) throw new WireFormatError(`instance ${name}[${i}] is ${values[i]}, must be >= ${min}`);
  };
  check('sizes', sizes, Uint8Array, 1);
  check('speeds', speeds, Uint16Array, 1);
  check('priorities', priorities, Int32Array, -Infinity);
  return { sizes, speeds, priorities };
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

/** How many paths the wire holds. */
export function pathCount(wire: WirePaths): number {
  return Math.max(0, wire.offsets.length - 1);
}

/**
 * Paths from .. to (exclusive; all by default) as arrays. A caller with many (10,000 units over
 * 2,000 turns is 20 million cells) decodes a range at a time between other work.
 */
export function decodePaths(wire: WirePaths, from = 0, to = pathCount(wire)): number[][] {
  if (wire?.format !== 'mapf-lab/paths') throw new WireFormatError(`expected mapf-lab/paths, got ${String(wire?.format)}`);
  if (wire.version !== WIRE_PATHS_VERSION) {
    throw new WireFormatError(`paths format version ${wire.version} is not supported (this build reads version ${WIRE_PATHS_VERSION})`);
  }
  const { offsets, cells } = wire;
  const paths: number[][] = [];
  for (let i = Math.max(0, from); i < Math.min(to, pathCount(wire)); i++) {
    // A sized array filled by index: three times as fast as Array.from(subarray) on 20 million cells.
    const start = offsets[i];
    const path = new Array<number>(offsets[i + 1] - start);
    for (let k = 0; k < path.length; k++) path[k] = cells[start + k];
    paths.push(path);
  }
  return paths;
}
