// An autosave with a League of Robot Runners problem open wrote the whole problem (its tasks
// file, every robot, the map) on every edit: 2.5 MB a wall with warehouse_large. The bulk now
// goes once into a base; each edit writes its delta, and recovery rebuilds exactly the edited
// problem from the two.
import { describe, expect, it } from 'vitest';
import { readLorrProblem } from '../../../core/formats/lorrProblem.ts';
import { canonicalScenario } from '../../../core/scenario/serialize.ts';
import { EditorModel } from '../../../renderer/src/model/editorModel.ts';
import { documentFromScenarioText, scenarioFromDocument } from '../../../renderer/src/model/document.ts';
import { lorrProblemDocument } from '../../../renderer/src/lorr/lorrDocument.ts';
import { lorrBackupOf, restoreLorrBackup } from '../../../renderer/src/lorr/lorrBackup.ts';
import type { LorrState } from '../../../renderer/src/lorr/lorrState.ts';
import { AutosaveWriter, pruneBases, resolveEntry, type AutosaveEntry } from '../../../renderer/src/autosave/autosaveEntry.ts';
import { InlineMapRows } from '../../../renderer/src/autosave/autosaveMapRows.ts';
import { parseMap } from '../../../core/formats/movingAiMap.ts';
import { FOUR_CONNECTED } from '../../../core/grid/movement.ts';
import { emptyDocument } from '../../../renderer/src/model/document.ts';
import { BENCHMARKS_DIR, skipWithoutBenchmarks } from '../../support/benchmarks.ts';

/** A backup store that counts the bytes (UTF-8, as the desktop's files hold them) each write puts down. */
const bytesOf = (text: string) => new TextEncoder().encode(text).length;

/** A benchmark file's text (read through Vite's ?raw: this test runs as renderer code, without node:fs). */
async function benchmarkText(path: string): Promise<string> {
  return ((await import(/* @vite-ignore */ `${BENCHMARKS_DIR}/${path}?raw`)) as { default: string }).default;
}

class CountingStore {
  readonly items = new Map<string, string>();
  written = 0;
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
    this.written += bytesOf(value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

/** A LoRR problem: a w×h open map, `robots` robots along the top rows, `tasks` errands. */
function syntheticProblem(w: number, h: number, robots: number, tasks: number): { name: string; text: string; files: Record<string, string> } {
  const map = ['type octile', `height ${h}`, `width ${w}`, 'map', ...Array.from({ length: h }, () => '.'.repeat(w)), ''].join('\n');
  const agents = ['# version for LoRR 2024', String(robots), ...Array.from({ length: robots }, (_, i) => String(i)), ''].join('\n');
  const errands = ['# version for LoRR 2024', String(tasks), ...Array.from({ length: tasks }, (_, i) => `${(i * 7919) % (w * h)},${(i * 104729 + 13) % (w * h)}`), ''].join('\n');
  const text = JSON.stringify({ mapFile: 'm.map', agentFile: 'a.agents', taskFile: 't.tasks', teamSize: robots, numTasksReveal: 1.5 });
  return { name: 'synthetic.json', text, files: { 'm.map': map, 'a.agents': agents, 't.tasks': errands } };
}

/** An open problem as the app holds it: the document in an editor model, and the LoRR state. */
function open(problem: { name: string; text: string; files: Record<string, string> }) {
  const read = readLorrProblem(problem.text, problem.name, (path) => problem.files[path]);
  const model = new EditorModel(lorrProblemDocument(problem.name, read));
  const state: LorrState = { problem: { ...problem, teamSize: read.teamSize }, pending: null, planner: 'pibt-rotations', scheduler: 'greedy', steps: 40, stepLimitMs: 250 };
  return { model, state };
}

const canonical = (model: EditorModel) => canonicalScenario(scenarioFromDocument(model.document, { inlineMap: true }));

/** What autosave wrote per edit before bases: the whole scenario and problem in one entry. */
function wholeEntryBytes(model: EditorModel, state: LorrState): number {
  return bytesOf(JSON.stringify({ savedAt: new Date(0).toISOString(), name: model.document.name, text: JSON.stringify(canonical(model)), lorr: lorrBackupOf(state) }));
}

/** One autosave write, as autosave.ts does it; the bytes it wrote. */
function autosave(store: CountingStore, writer: AutosaveWriter, model: EditorModel, state: LorrState, busy: AutosaveEntry[] = []): { entry: AutosaveEntry; bytes: number } {
  const before = store.written;
  const entry = writer.entry(new Date(0).toISOString(), model.document.name, canonical(model), lorrBackupOf(state), busy.map((e) => e.base));
  store.setItem('mapf-lab/autosave', JSON.stringify(entry));
  return { entry, bytes: store.written - before };
}

/** The entry as the next session reads it back, resolved with its base. */
function recovered(store: CountingStore, entry: AutosaveEntry) {
  const resolved = resolveEntry(store, JSON.parse(JSON.stringify(entry)) as AutosaveEntry);
  if (!resolved.ok) throw new Error(resolved.reason);
  return resolved;
}

describe('autosave entries against a base', () => {
  it('writes the problem once, then per edit only the edit, and recovers exactly the edited problem', () => {
    const { model, state } = open(syntheticProblem(120, 80, 400, 20_000));
    const store = new CountingStore();
    const writer = new AutosaveWriter(store);
    const whole = wholeEntryBytes(model, state);

    model.dispatch({ type: 'fillRect', from: [60, 40], to: [60, 40], passable: false });
    const first = autosave(store, writer, model, state);
    // The first edit writes the base: about what one whole entry was.
    expect(first.bytes).toBeGreaterThan(whole * 0.9);
    const edits = [
      { type: 'fillRect', from: [5, 70], to: [7, 70], passable: false },
      { type: 'moveAgentStart', id: 'r7', to: [30, 30] },
      { type: 'addAgent', start: [100, 60], goal: [110, 61] },
      { type: 'removeAgents', ids: ['r2'] },
      { type: 'setSolverSettings', settings: { seed: 9 } },
    ] as const;
    let last = first.entry;
    for (const edit of edits) {
      expect(model.dispatch(edit)).toMatchObject({ ok: true });
      const { entry, bytes } = autosave(store, writer, model, state);
      // Each later write holds the edits since the base: a few rows and units, not the problem.
      expect(bytes).toBeLessThan(whole / 100);
      expect(entry.base).toEqual(first.entry.base);
      last = entry;
    }
    const back = recovered(store, last);
    expect(JSON.parse(back.text)).toEqual(JSON.parse(JSON.stringify(canonical(model))));
    const doc = documentFromScenarioText(back.text, 'synthetic.json');
    expect(doc.grid.passable).toEqual(model.document.grid.passable);
    expect(doc.agents.map((a) => [a.id, a.start])).toEqual(model.document.agents.map((a) => [a.id, a.start]));
    const lorr = restoreLorrBackup(back.lorr);
    expect(lorr).toEqual({ ok: true, state: { problem: state.problem, planner: 'pibt-rotations', scheduler: 'greedy', steps: 40, stepLimitMs: 250 } });
  });

  it('starts a new base when another problem is open or the edits outgrow the base, never in a slot an entry still reads', () => {
    const store = new CountingStore();
    const writer = new AutosaveWriter(store);
    const a = open(syntheticProblem(60, 40, 4, 10));
    a.model.dispatch({ type: 'fillRect', from: [1, 1], to: [1, 1], passable: false });
    const offered = autosave(store, writer, a.model, a.state).entry;
    // The next session: the offered entry's base is busy until the user answers.
    const next = new AutosaveWriter(store);
    a.model.dispatch({ type: 'fillRect', from: [2, 1], to: [2, 1], passable: false });
    const mine = autosave(store, next, a.model, a.state, [offered]).entry;
    expect(mine.base!.key).not.toBe(offered.base!.key);
    // A wall over most of the map: the delta outgrows a quarter of the base, so a new base, in the third slot.
    a.model.dispatch({ type: 'fillRect', from: [0, 0], to: [59, 39], passable: false });
    const big = autosave(store, next, a.model, a.state, [offered]).entry;
    expect(big.delta).toBeNull();
    expect(new Set([offered.base!.key, mine.base!.key, big.base!.key]).size).toBe(3);
    // Another problem opened: its files go into a new base (the slot the last entry read stays whole until then).
    const b = open(syntheticProblem(60, 40, 5, 12));
    b.model.dispatch({ type: 'fillRect', from: [3, 3], to: [3, 3], passable: false });
    const other = autosave(store, next, b.model, b.state, [offered]).entry;
    expect(other.base!.key).toBe(mine.base!.key);
    expect(recovered(store, other).lorr?.files).toEqual(b.state.problem!.files);
    // Every entry still on disk reads back as it was written.
    expect(JSON.parse(recovered(store, offered).text).map.rows[1]).toBe(`.@${'.'.repeat(58)}`);
    expect(JSON.parse(recovered(store, other).text)).toEqual(JSON.parse(JSON.stringify(canonical(b.model))));
    pruneBases(store, [offered, other]);
    expect([...store.items.keys()].filter((k) => k.includes('base')).sort()).toEqual([offered.base!.key, other.base!.key].sort());
  });

  it('refuses a base that is gone or was rewritten, rather than recovering another document', () => {
    const store = new CountingStore();
    const writer = new AutosaveWriter(store);
    const { model, state } = open(syntheticProblem(20, 10, 5, 20));
    model.dispatch({ type: 'fillRect', from: [1, 1], to: [1, 1], passable: false });
    const { entry } = autosave(store, writer, model, state);
    const key = entry.base!.key;
    store.setItem(key, store.getItem(key)!.replace(entry.base!.id, 'another'));
    expect(resolveEntry(store, entry)).toEqual({ ok: false, reason: 'the part of the backup written at its first edit is missing' });
    store.removeItem(key);
    expect(resolveEntry(store, entry).ok).toBe(false);
    // A backup from before bases holds the whole scenario and still reads.
    const old = { savedAt: '', name: 'x', text: '{"a":1}', lorr: lorrBackupOf(state) };
    expect(resolveEntry(store, old)).toEqual({ ok: true, text: '{"a":1}', lorr: lorrBackupOf(state) });
  });

  it('warehouse_large: bytes written per edit, before and after', async (ctx) => {
    skipWithoutBenchmarks(ctx);
    const folder = 'lorr-2024/example_problems/warehouse.domain/';
    const name = 'warehouse_large_5000.json';
    const text = await benchmarkText(folder + name);
    const json = JSON.parse(text) as Record<string, string>;
    const files: Record<string, string> = {};
    for (const field of ['mapFile', 'agentFile', 'taskFile']) files[json[field]] = await benchmarkText(folder + json[field]);
    const { model, state } = open({ name, text, files });
    const store = new CountingStore();
    const writer = new AutosaveWriter(store);
    const free = model.document.grid.passable.findIndex((p, cell) => p === 1 && cell > 1000);
    const at = (cell: number) => [cell % model.document.grid.width, Math.floor(cell / model.document.grid.width)] as const;
    model.dispatch({ type: 'fillRect', from: at(free), to: at(free), passable: false });
    const before = wholeEntryBytes(model, state);
    const first = autosave(store, writer, model, state);
    const later: number[] = [];
    let cell = free;
    for (let i = 0; i < 5; i++) {
      cell = model.document.grid.passable.findIndex((p, c) => p === 1 && c > cell + 997);
      model.dispatch({ type: 'fillRect', from: at(cell), to: at(cell), passable: false });
      later.push(autosave(store, writer, model, state).bytes);
    }
    console.log(`warehouse_large (5,000 robots), a wall painted per edit: before ${before} B written per edit; after: ${first.bytes} B at the first edit (the base), then ${later.join(', ')} B per edit (UTF-8)`);
    expect(Math.max(...later)).toBeLessThan(before / 100);
    const back = recovered(store, (JSON.parse(store.getItem('mapf-lab/autosave')!) as AutosaveEntry));
    expect(JSON.parse(back.text)).toEqual(JSON.parse(JSON.stringify(canonical(model))));
    expect(back.lorr?.files).toEqual(files);
  });

  it('a 2000 x 2000 map opened from a .map: its rows go once into the base, each edit writes the rows it changed, and recovery gives the exact map and units', () => {
    const side = 2000;
    const rows = Array.from({ length: side }, (_, y) => Array.from({ length: side }, (_, x) => ((x >= 500 && x < 560) || (y === 1500 && x > 700) ? '@' : '.')).join(''));
    const map = parseMap(['type octile', `height ${side}`, `width ${side}`, 'map', ...rows, ''].join('\n'), 'big.map');
    const model = new EditorModel({ ...emptyDocument(1, 1, 'big.map'), grid: map.grid, mapSource: { kind: 'file', path: 'big.map' }, movement: { ...FOUR_CONNECTED } });
    const mapRows = new InlineMapRows();
    // As autosave.ts writes: the map inline, its rows kept between writes.
    const scenario = () => canonicalScenario(scenarioFromDocument(model.document, { inlineMap: true, inlineMapOf: (grid) => mapRows.of(grid) }));
    const store = new CountingStore();
    // As autosave.ts: the rows it made are known to be '.' and '@', joined into the base unchecked.
    const writer = new AutosaveWriter(store, (r) => mapRows.made(r));
    const write = () => {
      const before = store.written;
      const entry = writer.entry(new Date(0).toISOString(), model.document.name, scenario(), undefined, []);
      store.setItem('mapf-lab/autosave', JSON.stringify(entry));
      return { entry, bytes: store.written - before };
    };
    expect(model.dispatch({ type: 'fillRect', from: [10, 10], to: [12, 11], passable: false })).toMatchObject({ ok: true });
    const first = write();
    expect(first.bytes).toBeGreaterThan(side * side);
    const edits = [
      { type: 'fillRect', from: [1000, 40], to: [1000, 40], passable: false },
      { type: 'addAgent', start: [3, 3], goal: [1999, 1999] },
      { type: 'fillRect', from: [500, 7], to: [559, 7], passable: true },
      { type: 'fillRect', from: [0, 1999], to: [1999, 1999], passable: false },
      { type: 'moveAgentStart', id: model.document.agents[0]?.id ?? 'a1', to: [4, 4] },
    ] as const;
    const bytes: number[] = [];
    let last = first.entry;
    for (const edit of edits) {
      if (edit.type === 'moveAgentStart') expect(model.dispatch({ ...edit, id: model.document.agents[0].id })).toMatchObject({ ok: true });
      else expect(model.dispatch(edit)).toMatchObject({ ok: true });
      const next = write();
      expect(next.entry.base).toEqual(first.entry.base);
      bytes.push(next.bytes);
      last = next.entry;
    }
    // Each write holds the rows changed since the base (here at most 4 of 2,000), not the map.
    expect(Math.max(...bytes)).toBeLessThan(5 * (side + 100) + 2000);
    // The next session reads exactly this map and these units back.
    const back = recovered(store, JSON.parse(store.getItem('mapf-lab/autosave')!) as AutosaveEntry);
    expect(last.base).toEqual(first.entry.base);
    expect(back.text).toBe(JSON.stringify(scenario()));
    const doc = documentFromScenarioText(back.text, 'big.map (autosaved)');
    // Compared as bytes: toEqual on 4 million typed-array elements takes seconds.
    const mine = model.document.grid.passable;
    expect(doc.grid.passable.length).toBe(mine.length);
    expect(doc.grid.passable.findIndex((p, cell) => p !== mine[cell])).toBe(-1);
    expect(doc.agents.map((a) => [a.start, a.goal])).toEqual([[[4, 4], [1999, 1999]]]);
  });
});
