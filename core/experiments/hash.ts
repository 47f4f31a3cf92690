/**
 * A fingerprint of a parsed experiment definition, stored beside its results so that resume and
 * merge can tell whether results belong to the same definition. Keys are sorted first, so the
 * fingerprint does not depend on the order a file happens to list them in; defaults are filled
 * in by parsing, so a field left out and the same field at its default agree.
 */

import { sortKeys } from '../scenario/serialize.ts';

/** JSON with object keys sorted at every level (the same sort a saved scenario's params get). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

/** Two 32-bit FNV-1a lanes with different offsets: 16 hex digits, plenty to tell definitions apart (not a security hash). */
export function fingerprint(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

export function experimentHash(experiment: unknown): string {
  return fingerprint(canonicalJson(experiment));
}
