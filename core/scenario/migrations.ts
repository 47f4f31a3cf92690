/**
 * Reading older scenario files: each migration checks a file against its own version's schema
 * (so problems are named in that version's terms) and rewrites it as the next version, until the
 * file is current. A version newer than this program is refused with a message that says so.
 */
import type { z } from 'zod';
import { SCENARIO_FORMAT, SCENARIO_VERSION } from './schema.ts';
import { ScenarioV1Schema, type ScenarioV1 } from './schemaV1.ts';
import { ScenarioV2Schema, type ScenarioV2 } from './schemaV2.ts';
import { ScenarioV3Schema, type ScenarioV3 } from './schemaV3.ts';
import { ScenarioV4Schema, type ScenarioV4 } from './schemaV4.ts';
import { ScenarioV5Schema, type ScenarioV5 } from './schemaV5.ts';
import type { ScenarioProblem } from './scenarioError.ts';
import { formatPath } from './scenarioError.ts';
import { fileStem } from '../util/names.ts';

interface Migration {
  from: number;
  schema: z.ZodType;
  /** `fileName` lets a migration fill in a name older versions did not require. */
  migrate(data: never, fileName: string): Record<string, unknown>;
}

const MIGRATIONS: readonly Migration[] = [
  { from: 1, schema: ScenarioV1Schema, migrate: migrateV1 },
  { from: 2, schema: ScenarioV2Schema, migrate: migrateV2 },
  { from: 3, schema: ScenarioV3Schema, migrate: migrateV3 },
  { from: 4, schema: ScenarioV4Schema, migrate: migrateV4 },
  { from: 5, schema: ScenarioV5Schema, migrate: migrateV5 },
];

export type MigrationOutcome = { ok: true; json: unknown; fromVersion: number } | { ok: false; problems: ScenarioProblem[] };

/**
 * Brings decoded JSON to the current version. Returns the (possibly rewritten) JSON for the
 * current schema to check, or the problems that stop it.
 */
export function migrateScenarioJson(json: unknown, fileName: string): MigrationOutcome {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    return { ok: false, problems: [{ path: '', message: 'expected a JSON object (a MAPF Lab scenario)' }] };
  }
  const header = json as { format?: unknown; version?: unknown };
  if (header.format !== undefined && header.format !== SCENARIO_FORMAT) {
    return { ok: false, problems: [{ path: 'format', message: `expected '${SCENARIO_FORMAT}', got ${JSON.stringify(header.format)}: this is not a MAPF Lab scenario` }] };
  }
  // Files from before the version field are version 1.
  const version = header.version === undefined ? 1 : header.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return { ok: false, problems: [{ path: 'version', message: `expected a whole number >= 1, got ${JSON.stringify(header.version)}` }] };
  }
  if (version > SCENARIO_VERSION) {
    return { ok: false, problems: [{ path: 'version', message: `scenario version ${version} is newer than this program reads (up to ${SCENARIO_VERSION}); open it with a newer MAPF Lab` }] };
  }
  let current: unknown = json;
  for (let v = version; v < SCENARIO_VERSION; v++) {
    const step = MIGRATIONS.find((m) => m.from === v);
    if (!step) return { ok: false, problems: [{ path: 'version', message: `no migration from scenario version ${v}` }] };
    const parsed = step.schema.safeParse(current);
    if (!parsed.success) {
      return {
        ok: false,
        problems: parsed.error.issues.map((issue) => ({ path: formatPath(issue.path), message: `${issue.message} (in a version ${v} file)` })),
      };
    }
    current = step.migrate(parsed.data as never, fileName);
  }
  return { ok: true, json: current, fromVersion: version };
}

/** v1 -> v2: map string to inline rows, bare tasks to named units, solver name to settings. */
function migrateV1(v1: ScenarioV1, fileName: string): Record<string, unknown> {
  const rows = v1.map.split('\n').map((row) => row.trim()).filter((row) => row.length > 0);
  return {
    format: SCENARIO_FORMAT,
    version: 2,
    name: v1.name !== undefined && v1.name.length > 0 ? v1.name : baseName(fileName),
    map: { kind: 'inline', rows },
    connectivity: v1.connectivity ?? 4,
    corners: v1.cutCorners ? 'cut' : 'no-cut',
    agents: v1.agents.map((agent, i) => ({ id: `a${i + 1}`, name: `Unit ${i + 1}`, start: agent.start, goal: agent.goal })),
    solver: { solver: v1.solver ?? 'independent', seed: v1.seed ?? 1 },
    events: [],
  };
}

/** v2 -> v3: no moving obstacles, units knowing what stands now. */
function migrateV2(v2: ScenarioV2): Record<string, unknown> {
  return { ...v2, version: 3, obstacles: [], knowledge: 'now' };
}

/** v3 -> v4: no streams (spawners, exits, task lists). */
function migrateV3(v3: ScenarioV3): Record<string, unknown> {
  return { ...v3, version: 4, spawners: [], exits: [], tasks: [] };
}

/** v4 -> v5: made in the lab, not imported from a level. */
function migrateV4(v4: ScenarioV4): Record<string, unknown> {
  return { ...v4, version: 5 };
}

/** v5 -> v6: the game's turn length and cell width not given (figures in turns and cells). */
function migrateV5(v5: ScenarioV5): Record<string, unknown> {
  return { ...v5, version: 6 };
}

function baseName(fileName: string): string {
  return fileStem(fileName) || 'Untitled scenario';
}
