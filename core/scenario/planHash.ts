/**
 * A hash of what a scenario's plans depend on, kept with a saved comparison so that, reopened
 * tomorrow, it can say whether the scenario changed since its runs. Everything in the scenario
 * counts except its name, the solver settings (each compared run keeps its own) and the measured
 * regions (they are measured on the plans, not planned around); a field a later scenario version
 * adds counts by default, so a new kind of content never leaves a stale comparison looking fresh.
 *
 * The map counts as its grid (size, passable cells, weights), read four cells at a time from the
 * grid's own arrays, not as the text of its rows: the text of a 5000x5000 map cost 236 ms to build
 * and hash at every edit, its grid's words about 10 ms. So a map read from a .map file and the
 * same map written inline hash alike, and a painted wall changes the hash either way.
 */
import type { Grid } from '../grid/grid.ts';
import { gridFromInlineMap } from './inlineMap.ts';
import type { Scenario } from './schema.ts';

/** Top-level fields that do not change any plan (the map is hashed as its grid). */
const NOT_PLANNED_ON = new Set(['format', 'version', 'name', 'solver', 'regions', 'map']);

/** The hash of a scenario whose map is inline. */
export function scenarioPlanHash(scenario: Scenario): string {
  if (scenario.map.kind !== 'inline') throw new RangeError('scenarioPlanHash needs the map inline or its grid: use planHash(scenario, grid)');
  return planHash(scenario, gridFromInlineMap(scenario.map));
}

/** The hash of `scenario`'s content on `grid` (its map, whatever `scenario.map` says). */
export function planHash(scenario: Scenario, grid: Grid): string {
  const planned: Record<string, unknown> = {};
  for (const key of Object.keys(scenario).sort()) if (!NOT_PLANNED_ON.has(key)) planned[key] = (scenario as Record<string, unknown>)[key];
  const text = JSON.stringify(planned);
  // Two FNV-1a passes with different offset bases and the length: an accidental match between
  // two scenarios is very unlikely; the text itself is not kept.
  return `${text.length.toString(36)}-${fnv1a(text, 0x811c9dc5)}-${fnv1a(text, 0x050c5d1f)}-${gridHash(grid)}`;
}

/** The grid's size, passable cells and weights, hashed a 32-bit word at a time (FNV-1a's step over words, two seeds). */
export function gridHash(grid: Grid): string {
  let a = Math.imul(0x811c9dc5 ^ grid.width, 0x01000193) >>> 0;
  let b = Math.imul(0x050c5d1f ^ grid.height, 0x01000193) >>> 0;
  const words = (bytes: Uint8Array) => {
    const whole = bytes.byteLength >> 2;
    const view = bytes.byteOffset % 4 === 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset, whole) : new Uint32Array(bytes.slice(0, whole * 4).buffer);
    for (let i = 0; i < whole; i++) {
      const w = view[i];
      a = Math.imul(a ^ w, 0x01000193);
      b = Math.imul(b ^ (w >>> 7 | w << 25), 0x01000193);
    }
    for (let i = whole * 4; i < bytes.byteLength; i++) {
      a = Math.imul(a ^ bytes[i], 0x01000193);
      b = Math.imul(b ^ (bytes[i] << 3), 0x01000193);
    }
  };
  words(grid.passable);
  // Weights all 1 are uniform cost, as no weights are (a saved file leaves them out).
  const weighted = grid.weight !== null && grid.weight.some((w) => w !== 1);
  if (weighted) words(new Uint8Array(grid.weight!.buffer, grid.weight!.byteOffset, grid.weight!.byteLength));
  return `${(a >>> 0).toString(36)}${weighted ? 'w' : '-'}${(b >>> 0).toString(36)}`;
}

function fnv1a(text: string, seed: number): string {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}
