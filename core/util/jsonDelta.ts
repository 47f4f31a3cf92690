/**
 * What differs between two JSON values, as a small JSON value of its own, and applying it: the
 * autosave keeps a scenario once and then, on each edit, only what differs from it (a painted
 * wall is one map row, a moved unit one agent), not the whole scenario again.
 *
 * A delta is one of
 * - `{ set: v }`: the value is v;
 * - `{ keys: { k: delta, … }, drop: [k, …] }`: an object whose keys k changed (or were added),
 *   and whose keys in `drop` are gone;
 * - `{ seq: [step, …] }`: an array, walked from its start: a number n keeps n elements,
 *   `{ mod: delta }` changes one, `{ del: n }` removes n, `{ ins: [v, …] }` inserts the v's;
 *   elements past the last step are kept. A unit added or removed is one step, not every later
 *   unit moved up; a changed map row is one `mod`.
 * Object members whose value is undefined count as absent, as JSON.stringify leaves them out.
 */
export type JsonDelta = { set: unknown } | { keys: Record<string, JsonDelta>; drop?: string[] } | { seq: SeqStep[] };

export type SeqStep = number | { mod: JsonDelta } | { del: number } | { ins: unknown[] };

/** How far ahead (in elements of either array) a changed stretch is looked past for where the two agree again. */
const RESYNC_WINDOW = 16;

type Plain = Record<string, unknown>;

const isObject = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep equality of JSON data, undefined members counting as absent. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keysA = Object.keys(a).filter((k) => a[k] !== undefined);
  const keysB = Object.keys(b).filter((k) => b[k] !== undefined);
  if (keysA.length !== keysB.length) return false;
  for (const k of keysA) if (!sameJson(a[k], b[k])) return false;
  return true;
}

/** The delta that turns `base` into `next`, or null when they are the same. */
export function diffJson(base: unknown, next: unknown): JsonDelta | null {
  if (sameJson(base, next)) return null;
  if (Array.isArray(base) && Array.isArray(next)) return diffArray(base, next);
  if (isObject(base) && isObject(next)) {
    const keys: Record<string, JsonDelta> = {};
    for (const k of Object.keys(next)) {
      if (next[k] === undefined) continue;
      const d = base[k] === undefined ? { set: next[k] } : diffJson(base[k], next[k]);
      if (d !== null) keys[k] = d;
    }
    const drop = Object.keys(base).filter((k) => base[k] !== undefined && next[k] === undefined);
    return drop.length > 0 ? { keys, drop } : { keys };
  }
  return { set: next };
}

function diffArray(base: unknown[], next: unknown[]): JsonDelta {
  const seq: SeqStep[] = [];
  let kept = 0;
  const flushKept = () => {
    if (kept > 0) seq.push(kept);
    kept = 0;
  };
  /** The stretch base[i, i + a) became next[j, j + b): element by element where both have one, then removals or insertions. */
  const changed = (i: number, a: number, j: number, b: number) => {
    flushKept();
    const paired = Math.min(a, b);
    for (let k = 0; k < paired; k++) seq.push({ mod: diffJson(base[i + k], next[j + k]) ?? { set: next[j + k] } });
    if (a > paired) seq.push({ del: a - paired });
    if (b > paired) seq.push({ ins: next.slice(j + paired, j + b) });
  };
  let i = 0;
  let j = 0;
  while (i < base.length && j < next.length) {
    if (sameJson(base[i], next[j])) {
      kept++;
      i++;
      j++;
      continue;
    }
    const sync = resync(base, next, i, j);
    if (sync === null) break;
    changed(i, sync[0], j, sync[1]);
    i += sync[0];
    j += sync[1];
  }
  // What is left (one array ended, or no agreement within the window): past a shared tail, changed.
  let tail = 0;
  while (tail < base.length - i && tail < next.length - j && sameJson(base[base.length - 1 - tail], next[next.length - 1 - tail])) tail++;
  if (base.length - i - tail > 0 || next.length - j - tail > 0) changed(i, base.length - i - tail, j, next.length - j - tail);
  return { seq };
}

/**
 * The nearest (a, b) past a mismatch at base[i], next[j] where the arrays agree again (or both
 * end): a changed element (a = b) is preferred to a removal beside an insertion.
 */
function resync(base: unknown[], next: unknown[], i: number, j: number): [number, number] | null {
  const agree = (a: number, b: number) => {
    const x = i + a;
    const y = j + b;
    if (x > base.length || y > next.length) return false;
    if (x === base.length || y === next.length) return x === base.length && y === next.length;
    return sameJson(base[x], next[y]);
  };
  for (let d = 1; d <= RESYNC_WINDOW; d++) {
    if (agree(d, d)) return [d, d];
    for (let e = 0; e < d; e++) {
      if (agree(d, e)) return [d, e];
      if (agree(e, d)) return [e, d];
    }
  }
  return null;
}

/** `base` with `delta` applied (null: base itself). Base is not changed; a malformed delta throws. */
export function applyJson(base: unknown, delta: JsonDelta | null): unknown {
  if (delta === null) return base;
  if ('set' in delta) return delta.set;
  if ('keys' in delta) {
    if (!isObject(base)) throw new Error('the delta changes keys of something that is not an object');
    const out: Plain = { ...base };
    for (const [k, d] of Object.entries(delta.keys)) out[k] = applyJson(base[k], d);
    for (const k of delta.drop ?? []) delete out[k];
    return out;
  }
  if (!Array.isArray(base)) throw new Error('the delta changes elements of something that is not an array');
  const out: unknown[] = [];
  let i = 0;
  for (const step of delta.seq) {
    if (typeof step === 'number') {
      if (i + step > base.length) throw new Error(`the delta keeps elements up to ${i + step} of an array of ${base.length}`);
      for (let k = 0; k < step; k++) out.push(base[i++]);
    } else if ('mod' in step) {
      if (i >= base.length) throw new Error(`the delta changes element ${i} of an array of ${base.length}`);
      out.push(applyJson(base[i++], step.mod));
    } else if ('del' in step) {
      if (i + step.del > base.length) throw new Error(`the delta removes elements up to ${i + step.del} of an array of ${base.length}`);
      i += step.del;
    } else {
      for (const v of step.ins) out.push(v);
    }
  }
  while (i < base.length) out.push(base[i++]);
  return out;
}
