/**
 * Writing a scenario: the same input always gives the same bytes, so saved files diff well.
 * Keys come in one fixed order (the schema's), solver params sorted by name; two-space indent;
 * a short array of numbers such as a cell [3, 7] or a row of weights stays on one line; the file
 * ends with a line break.
 */
import type { Scenario, ScenarioAgent, MapEvent, SolverSettings, ScenarioMap, ScenarioObstacle } from './schema.ts';

export function serializeScenario(scenario: Scenario): string {
  return `${prettyJson(canonicalScenario(scenario))}\n`;
}

/** The scenario as plain JSON data with keys in the canonical order and absent options left out. */
export function canonicalScenario(s: Scenario): Record<string, unknown> {
  return {
    format: s.format,
    version: s.version,
    name: s.name,
    map: canonicalMap(s.map),
    connectivity: s.connectivity,
    corners: s.corners,
    agents: s.agents.map(canonicalAgent),
    solver: canonicalSolver(s.solver),
    events: s.events.map(canonicalEvent),
    obstacles: s.obstacles.map(canonicalObstacle),
    knowledge: s.knowledge,
    regions: s.regions.map((r) => ({ name: r.name, from: [r.from[0], r.from[1]], to: [r.to[0], r.to[1]] })),
    // Streams (version 4) are written only when the scenario has them, so a batch scenario's file stays as it was.
    spawners: s.spawners.length > 0 ? s.spawners.map((sp) => plainCopy(sp)) : undefined,
    exits: s.exits.length > 0 ? s.exits.map((e) => plainCopy(e)) : undefined,
    tasks: s.tasks.length > 0 ? s.tasks.map((t) => plainCopy(t)) : undefined,
    source: s.source !== undefined ? plainCopy(s.source) : undefined,
    scale: s.scale !== undefined ? plainCopy(s.scale) : undefined,
  };
}

/** A copy of parsed data with its keys in the schema's order (zod keeps them) and absent options left out. */
function plainCopy(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

function canonicalObstacle(o: ScenarioObstacle): Record<string, unknown> {
  return { id: o.id, size: o.size, speed: o.speed, route: o.route.map(([x, y]) => [x, y]), mode: o.mode, startTurn: o.startTurn };
}

function canonicalMap(map: ScenarioMap): Record<string, unknown> {
  if (map.kind === 'file') return { kind: 'file', path: map.path };
  const out: Record<string, unknown> = { kind: 'inline', rows: map.rows.slice() };
  if (map.weights) out.weights = map.weights.map((row) => row.slice());
  return out;
}

function canonicalAgent(a: ScenarioAgent): Record<string, unknown> {
  return {
    id: a.id,
    name: a.name,
    colour: a.colour,
    start: [a.start[0], a.start[1]],
    goal: [a.goal[0], a.goal[1]],
    priority: a.priority,
    size: a.size,
    speed: a.speed,
    errands: a.errands !== undefined ? plainCopy(a.errands) : undefined,
  };
}

function canonicalSolver(s: SolverSettings): Record<string, unknown> {
  const out: Record<string, unknown> = { solver: s.solver };
  if (s.window !== undefined) out.window = s.window;
  if (s.timeLimitMs !== undefined) out.timeLimitMs = s.timeLimitMs;
  if (s.timeLimitClock !== undefined) out.timeLimitClock = s.timeLimitClock;
  if (s.turnLimit !== undefined) out.turnLimit = s.turnLimit;
  out.order = s.order;
  out.seed = s.seed;
  out.params = sortKeys(s.params);
  return out;
}

function canonicalEvent(e: MapEvent): Record<string, unknown> {
  return { t: e.t, cells: e.cells.map(([x, y]) => [x, y]), action: e.action };
}

/**
 * JSON data with object keys sorted, at every depth: solver params here, and the whole
 * experiment definition that experiments/hash.ts fingerprints (so a change here changes every
 * stored fingerprint; its test pins one).
 */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

/**
 * JSON.stringify(value, null, 2), except that an array of numbers (a cell, a row of weights)
 * is written on one line: a cell as `[3, 7]`, not three lines.
 */
export function prettyJson(value: unknown, indent = ''): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((v) => typeof v === 'number')) {
      return `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
    }
    const inner = `${indent}  `;
    return `[\n${value.map((v) => inner + prettyJson(v, inner)).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined);
    if (keys.length === 0) return '{}';
    const inner = `${indent}  `;
    const body = keys.map((k) => `${inner}${JSON.stringify(k)}: ${prettyJson((value as Record<string, unknown>)[k], inner)}`);
    return `{\n${body.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
