// The autosave stores a scenario once and then only its deltas: a delta applied to the base must
// give the edited value exactly, and be about as large as the edit.
import { describe, expect, it } from 'vitest';
import { applyJson, diffJson, sameJson } from '../../../core/util/jsonDelta.ts';

/** The value as written to storage and read back. */
const stored = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

function roundTrip(base: unknown, next: unknown): unknown {
  const delta = diffJson(base, next);
  return applyJson(stored(base), stored(delta ?? null) as never);
}

describe('JSON deltas', () => {
  it('is null for equal values, undefined members counting as absent', () => {
    expect(diffJson({ a: [1, { b: 'x' }], c: undefined }, { a: [1, { b: 'x' }] })).toBeNull();
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });

  it('turns the base into the edited value: keys changed, added and dropped', () => {
    const base = { name: 'a', map: { rows: ['....', '....'] }, solver: { seed: 1, window: 8 } };
    const next = { name: 'a', map: { rows: ['....', '..@.'] }, solver: { seed: 2 }, knowledge: 'now' };
    expect(roundTrip(base, next)).toEqual(next);
    expect(diffJson(base, next)).toEqual({ keys: { map: { keys: { rows: { seq: [1, { mod: { set: '..@.' } }] } } }, solver: { keys: { seed: { set: 2 } }, drop: ['window'] }, knowledge: { set: 'now' } } });
  });

  it('an element added or removed anywhere is one step, not every later element, beside other changes', () => {
    const units = Array.from({ length: 50 }, (_, i) => ({ id: `r${i + 1}`, start: [i, 0] }));
    const keep = (n: number) => (n > 0 ? [n] : []);
    for (const at of [0, 17, 49]) {
      const removed = units.filter((_, i) => i !== at);
      expect(roundTrip(units, removed)).toEqual(removed);
      expect(diffJson(units, removed)).toEqual({ seq: [...keep(at), { del: 1 }] });
      const added = [...units.slice(0, at), { id: 'new', start: [9, 9] }, ...units.slice(at)];
      expect(roundTrip(units, added)).toEqual(added);
      expect(diffJson(units, added)).toEqual({ seq: [...keep(at), { ins: [{ id: 'new', start: [9, 9] }] }] });
    }
    // A unit moved, another removed, one added at the end: three steps' worth, whatever the array's length.
    const edited = units.filter((u) => u.id !== 'r30').map((u) => (u.id === 'r7' ? { ...u, start: [3, 3] } : u));
    edited.push({ id: 'a1', start: [1, 1] });
    expect(roundTrip(units, edited)).toEqual(edited);
    expect(diffJson(units, edited)).toEqual({ seq: [6, { mod: { keys: { start: { seq: [{ mod: { set: 3 } }, { mod: { set: 3 } }] } } } }, 22, { del: 1 }, 20, { ins: [{ id: 'a1', start: [1, 1] }] }] });
    // Nothing in common within reach: the changed stretch is replaced, the shared tail kept.
    const other = [...Array.from({ length: 40 }, (_, i) => ({ id: `x${i}` })), ...units.slice(45)];
    expect(roundTrip(units, other)).toEqual(other);
    // Repeated equal elements: head and tail do not overlap.
    expect(roundTrip([1, 1, 1], [1, 1])).toEqual([1, 1]);
    expect(roundTrip([1, 1], [1, 1, 1, 1])).toEqual([1, 1, 1, 1]);
  });

  it('round-trips random edits of nested data (seeded)', () => {
    let seed = 12345;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const pick = <T,>(xs: T[]) => xs[Math.floor(random() * xs.length)];
    const value = (depth: number): unknown => {
      const kind = depth > 2 ? pick(['n', 's', 'b', 'z']) : pick(['n', 's', 'a', 'o', 'o', 'a']);
      if (kind === 'n') return Math.floor(random() * 5);
      if (kind === 's') return pick(['.', '@', 'x']);
      if (kind === 'b') return random() < 0.5;
      if (kind === 'z') return null;
      if (kind === 'a') return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, () => [pick(['a', 'b', 'c', 'd']), value(depth + 1)]));
    };
    const edit = (v: unknown, depth: number): unknown => {
      if (random() < 0.3) return value(depth);
      if (Array.isArray(v)) {
        const out = v.map((x) => (random() < 0.3 ? edit(x, depth + 1) : x));
        if (random() < 0.3) out.splice(Math.floor(random() * (out.length + 1)), random() < 0.5 ? 1 : 0, value(depth + 1));
        return out;
      }
      if (typeof v === 'object' && v !== null) {
        const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
        for (const k of Object.keys(out)) if (random() < 0.3) out[k] = random() < 0.3 ? undefined : edit(out[k], depth + 1);
        if (random() < 0.3) out[pick(['a', 'e'])] = value(depth + 1);
        return out;
      }
      return v;
    };
    for (let i = 0; i < 500; i++) {
      const base = value(0);
      const next = edit(base, 0);
      expect(roundTrip(base, next)).toEqual(stored(next));
    }
  });

  it('refuses a delta that does not fit its base', () => {
    expect(() => applyJson([1, 2], { seq: [2, { mod: { set: 0 } }] })).toThrow(/element 2 of an array of 2/);
    expect(() => applyJson([1, 2], { seq: [1, { del: 3 }] })).toThrow(/removes elements up to 4 of an array of 2/);
    expect(() => applyJson('x', { keys: {} })).toThrow(/not an object/);
  });
});
