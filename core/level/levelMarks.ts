/**
 * A level's placed objects (Tiled objects, LDtk entities) turned into the lab's things: units
 * (a start and its goal), spawners, exits, measured regions and doors. Which is which comes from
 * the object's class (Tiled) or identifier (LDtk), else the first word of its name. A unit's goal
 * is its `goal` property (a reference to another object, or a goal object's name), else the goal
 * object of the same name; a spawner's schedule and goal, and a door's turn, come from
 * properties. Anything that cannot be placed is dropped with a warning that says why.
 */
import type { Grid } from '../grid/grid.ts';
import type { ScenarioFileInput } from '../scenario/schema.ts';

export type MarkKind = 'unit' | 'goal' | 'spawner' | 'exit' | 'region' | 'door';

/** A property value: a reference to another mark is { ref } (Tiled object id, LDtk entity iid). */
export type MarkValue = boolean | number | string | { ref: string };

/** One placed object, in cells (inclusive rectangle). */
export interface LevelMark {
  /** The object's id (Tiled) or iid (LDtk), what references point at. */
  ref: string;
  name: string;
  className: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  properties: Record<string, MarkValue>;
  /** Where it is in the file, for messages: "object 7 'bridge' on layer 'marks'". */
  where: string;
}

export type ScenarioThings = Required<Pick<ScenarioFileInput, 'agents' | 'spawners' | 'exits' | 'regions' | 'events'>>;

const WORDS: Record<string, MarkKind> = {
  unit: 'unit', start: 'unit', agent: 'unit',
  goal: 'goal', target: 'goal',
  spawner: 'spawner', spawn: 'spawner',
  exit: 'exit',
  region: 'region', zone: 'region',
  door: 'door', gate: 'door',
};

/** What a mark is by its class, else by the first word of its name; undefined when neither says. */
export function markKind(className: string, name: string): MarkKind | undefined {
  const byClass = WORDS[className.trim().toLowerCase()];
  if (byClass) return byClass;
  if (className.trim() !== '') return undefined;
  const word = /^[a-z]+/.exec(name.trim().toLowerCase());
  return word ? WORDS[word[0]] : undefined;
}

/** A name unique among `taken` (which it joins): "bridge", "bridge (2)". */
function uniqueName(base: string, taken: Set<string>): string {
  let name = base.slice(0, 76);
  for (let n = 2; taken.has(name); n++) name = `${base.slice(0, 70)} (${n})`;
  taken.add(name);
  return name;
}

const numberProp = (mark: LevelMark, key: string): number | undefined => {
  const v = mark.properties[key];
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
};

/** Builds the scenario's units, spawners, exits, regions and doors from `marks` on `grid`. */
export function thingsFromMarks(marks: readonly LevelMark[], grid: Grid, warnings: string[]): ScenarioThings {
  const out: ScenarioThings = { agents: [], spawners: [], exits: [], regions: [], events: [] };
  const byKind = new Map<MarkKind, LevelMark[]>();
  const kindOf = new Map<LevelMark, MarkKind>();
  for (const mark of marks) {
    const kind = markKind(mark.className, mark.name);
    if (!kind) continue;
    kindOf.set(mark, kind);
    byKind.set(kind, [...(byKind.get(kind) ?? []), mark]);
  }
  const byRef = new Map(marks.map((m) => [m.ref, m]));
  const inside = (m: LevelMark) => m.x1 >= 0 && m.y1 >= 0 && m.x0 < grid.width && m.y0 < grid.height;
  const clip = (m: LevelMark) => ({
    from: [Math.max(0, m.x0), Math.max(0, m.y0)] as [number, number],
    to: [Math.min(grid.width - 1, m.x1), Math.min(grid.height - 1, m.y1)] as [number, number],
  });
  const free = (x: number, y: number) => x >= 0 && y >= 0 && x < grid.width && y < grid.height && grid.passable[y * grid.width + x] === 1;

  const names = { exit: new Set<string>(), region: new Set<string>(), spawner: new Set<string>() };
  const nameOf = new Map<LevelMark, string>();
  for (const kind of ['exit', 'region'] as const) {
    for (const mark of byKind.get(kind) ?? []) {
      if (!inside(mark)) {
        warnings.push(`${mark.where}: ${kind} dropped: it lies outside the map`);
        continue;
      }
      const name = uniqueName(mark.name.trim() || `${kind} ${mark.ref}`, names[kind]);
      nameOf.set(mark, name);
      const area = clip(mark);
      if (kind === 'exit') out.exits.push({ name, area });
      else out.regions.push({ name, ...area });
    }
  }
  /** Where a goal property points: another mark, or a goal/exit/region by name. */
  const target = (value: MarkValue | undefined): LevelMark | undefined => {
    if (value === undefined) return undefined;
    if (typeof value === 'object') return byRef.get(value.ref);
    if (typeof value !== 'string') return undefined;
    return marks.find((m) => m.name === value && kindOf.get(m) !== 'unit' && kindOf.get(m) !== 'spawner');
  };

  const goals = byKind.get('goal') ?? [];
  let unitNumber = 0;
  for (const mark of byKind.get('unit') ?? []) {
    unitNumber++;
    const label = mark.name.trim() || `unit ${unitNumber}`;
    const start: [number, number] = [mark.x0, mark.y0];
    if (!free(start[0], start[1])) {
      warnings.push(`${mark.where}: unit '${label}' dropped: its start (${start[0]}, ${start[1]}) is ${inside(mark) ? 'a wall' : 'outside the map'}`);
      continue;
    }
    const goalMark = target(mark.properties.goal) ?? goals.find((g) => g.name === mark.name && mark.name !== '') ??
      goals.find((g) => g.properties.unit === mark.name || (typeof g.properties.unit === 'object' && g.properties.unit.ref === mark.ref));
    let goal: [number, number] = start;
    if (goalMark) goal = [goalMark.x0, goalMark.y0];
    else warnings.push(`${mark.where}: unit '${label}' has no goal (no goal property, no goal object of its name): it stays where it starts`);
    if (!free(goal[0], goal[1])) {
      warnings.push(`${mark.where}: unit '${label}' dropped: its goal (${goal[0]}, ${goal[1]}) is a wall or outside the map`);
      continue;
    }
    out.agents.push({ id: `u${out.agents.length + 1}`, name: label, start, goal });
  }

  for (const mark of byKind.get('spawner') ?? []) {
    const label = mark.name.trim() || `spawner ${mark.ref}`;
    if (!inside(mark)) {
      warnings.push(`${mark.where}: spawner '${label}' dropped: it lies outside the map`);
      continue;
    }
    const goalMark = target(mark.properties.goal ?? mark.properties.exit ?? mark.properties.region);
    const exits = byKind.get('exit') ?? [];
    let goal: { exit: string } | { region: string } | { cell: [number, number] } | undefined;
    if (goalMark && nameOf.has(goalMark)) goal = kindOf.get(goalMark) === 'exit' ? { exit: nameOf.get(goalMark)! } : { region: nameOf.get(goalMark)! };
    else if (goalMark) goal = { cell: [goalMark.x0, goalMark.y0] };
    else if (exits.length === 1 && nameOf.has(exits[0])) goal = { exit: nameOf.get(exits[0])! };
    if (!goal) {
      warnings.push(`${mark.where}: spawner '${label}' dropped: give it a goal property (an exit, a region or a goal object) — the level has ${exits.length} exits to choose from`);
      continue;
    }
    const every = numberProp(mark, 'every');
    let rate = numberProp(mark, 'rate');
    if (every === undefined && rate === undefined) {
      rate = 1;
      warnings.push(`${mark.where}: spawner '${label}' has no rate or every property: one unit per 10 turns`);
    }
    const count = numberProp(mark, 'count');
    const startTurn = numberProp(mark, 'startTurn') ?? numberProp(mark, 'turn');
    out.spawners.push({
      name: uniqueName(label, names.spawner),
      area: clip(mark),
      ...(every !== undefined ? { every: Math.max(1, Math.round(every)) } : { rate }),
      ...(count !== undefined ? { count: Math.max(1, Math.round(count)) } : {}),
      ...(startTurn !== undefined ? { startTurn: Math.max(0, Math.round(startTurn)) } : {}),
      goal,
    });
  }

  for (const mark of byKind.get('door') ?? []) {
    const label = mark.name.trim() || `door ${mark.ref}`;
    if (!inside(mark)) {
      warnings.push(`${mark.where}: door '${label}' dropped: it lies outside the map`);
      continue;
    }
    const { from, to } = clip(mark);
    const cells: [number, number][] = [];
    for (let y = from[1]; y <= to[1]; y++) for (let x = from[0]; x <= to[0]; x++) cells.push([x, y]);
    const action = mark.properties.action === 'open' ? 'open' : 'close';
    const turn = Math.max(0, Math.round(numberProp(mark, 'turn') ?? 0));
    out.events.push({ t: turn, cells, action });
    const until = numberProp(mark, 'until');
    if (until !== undefined && until > turn) out.events.push({ t: Math.round(until), cells, action: action === 'open' ? 'close' : 'open' });
  }
  return out;
}
