/**
 * What a plan depends on, as a short key: the map (its size and edit version), the units, the
 * movement rules, the solver settings, timed events, moving obstacles, what units know and a
 * stream's spawners, exits and task lists. The
 * name and the measured regions are left out, so renaming the scenario or marking a bridge keeps
 * the replay, and a setting changed and changed back gives the same key.
 */
import type { Grid } from '../../../core/grid/grid.ts';
import type { EditorDocument } from './document.ts';

export function planSignature(doc: EditorDocument, solver: EditorDocument['solver'] | null = doc.solver): string {
  // `solver` null: what every solver's plan depends on (a comparison of solvers belongs to that).
  const map = `${gridId(doc.grid)}:${doc.grid.width}x${doc.grid.height}@${doc.grid.version}`;
  return solver === null ? `${map}|${contentKey(doc)}` : `${map}|${contentKey(doc)}|${textKey(JSON.stringify(solver))}`;
}

// The units, events and obstacles are replaced, never edited in place (document.ts), so their
// key is kept while they stay the same objects: a brush stroke on a map with 1,000 units does not
// serialise the units at every cell it paints.
let contentCache: { agents: unknown; movement: unknown; events: unknown; obstacles: unknown; knowledge: unknown; streams: unknown[]; key: string } | null = null;

function contentKey(doc: EditorDocument): string {
  const c = contentCache;
  // A stream's spawners, exits and task lists change which units come and where they go.
  const streams = [doc.spawners, doc.exits, doc.tasks];
  if (c && c.agents === doc.agents && c.movement === doc.movement && c.events === doc.events && c.obstacles === doc.obstacles && c.knowledge === doc.knowledge && streams.every((s, k) => s === c.streams[k])) return c.key;
  const key = textKey(JSON.stringify([doc.agents, doc.movement, doc.events, doc.obstacles, doc.knowledge, ...(streams.some((s) => s && s.length > 0) ? streams : [])]));
  contentCache = { agents: doc.agents, movement: doc.movement, events: doc.events, obstacles: doc.obstacles, knowledge: doc.knowledge, streams, key };
  return key;
}

function textKey(text: string): string {
  return `${text.length}:${hash32(text, 0x811c9dc5)}${hash32(text, 0x01000193)}`;
}

// Each grid object gets a number, so a map opened in place of another of the same size never
// shares its edit versions (both start at 0).
const gridIds = new WeakMap<Grid, number>();
let nextGridId = 1;

function gridId(grid: Grid): number {
  let id = gridIds.get(grid);
  if (id === undefined) gridIds.set(grid, (id = nextGridId++));
  return id;
}

/**
 * FNV-1a over UTF-16 code units from `seed`. The key joins two such hashes (different offset
 * bases, so not independent ones) with the text's length: an accidental match between two
 * documents is very unlikely, and the text itself is not kept.
 */
function hash32(text: string, seed: number): string {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

/** Numbers plan signatures: the same signature, the same number, for the last `capacity` seen. */
export class PlanRevisions {
  private readonly ids = new Map<string, number>();
  private next = 1;

  constructor(private readonly capacity = 64) {}

  idOf(signature: string): number {
    const known = this.ids.get(signature);
    if (known !== undefined) {
      // Most recently used last, so the oldest goes first.
      this.ids.delete(signature);
      this.ids.set(signature, known);
      return known;
    }
    const id = this.next++;
    this.ids.set(signature, id);
    if (this.ids.size > this.capacity) this.ids.delete(this.ids.keys().next().value!);
    return id;
  }
}
