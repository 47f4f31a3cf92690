/**
 * A hash of what a scenario's plans depend on, kept with a saved comparison so that, reopened
 * tomorrow, it can say whether the scenario changed since its runs. Everything in the scenario
 * counts except its name, the solver settings (each compared run keeps its own) and the measured
 * regions (they are measured on the plans, not planned around); a field a later scenario version
 * adds counts by default, so a new kind of content never leaves a stale comparison looking fresh.
 *
 * The map must be inline (scenarioFromContent with inlineMap) so that a wall painted on a map
 * read from a .map file changes the hash.
 */
import type { Scenario } from './schema.ts';

/** Top-level fields that do not change any plan. */
const NOT_PLANNED_ON = new Set(['format', 'version', 'name', 'solver', 'regions']);

export function scenarioPlanHash(scenario: Scenario): string {
  const planned: Record<string, unknown> = {};
  for (const key of Object.keys(scenario).sort()) if (!NOT_PLANNED_ON.has(key)) planned[key] = (scenario as Record<string, unknown>)[key];
  const text = JSON.stringify(planned);
  // Two FNV-1a passes with different offset bases and the length: an accidental match between
  // two scenarios is very unlikely; the text itself is not kept.
  return `${text.length.toString(36)}-${fnv1a(text, 0x811c9dc5)}-${fnv1a(text, 0x050c5d1f)}`;
}

function fnv1a(text: string, seed: number): string {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}
