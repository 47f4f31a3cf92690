/**
 * An open-addressing hash map from non-negative integer keys (up to 2^52, e.g. `t * cells + cell`)
 * to integers, over typed arrays. The illegal move table and the conflict avoidance table key
 * their time-indexed entries with it instead of a Map<string, …> or a dense cells x time array.
 */
const EMPTY = -1;

export class IntMap {
  private keys: Float64Array;
  private values: Int32Array;
  private mask: number;
  size = 0;

  constructor(capacity = 256) {
    let slots = 16;
    while (slots < capacity * 2) slots *= 2;
    this.keys = new Float64Array(slots).fill(EMPTY);
    this.values = new Int32Array(slots);
    this.mask = slots - 1;
  }

  clear(): void {
    if (this.size === 0) return;
    this.keys.fill(EMPTY);
    this.size = 0;
  }

  /** The value stored for `key`, or `missing`. */
  get(key: number, missing: number): number {
    const keys = this.keys;
    let slot = hashKey(key) & this.mask;
    for (;;) {
      const k = keys[slot];
      if (k === key) return this.values[slot];
      if (k === EMPTY) return missing;
      slot = (slot + 1) & this.mask;
    }
  }

  set(key: number, value: number): void {
    this.values[this.slotFor(key)] = value;
  }

  /** Adds `delta` to the value of `key` (0 when absent) and returns the new value. */
  add(key: number, delta: number): number {
    const slot = this.slotFor(key);
    return (this.values[slot] += delta);
  }

  /** Slot of `key`, inserting it with value 0 when absent. */
  private slotFor(key: number): number {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const keys = this.keys;
    let slot = hashKey(key) & this.mask;
    for (;;) {
      const k = keys[slot];
      if (k === key) return slot;
      if (k === EMPTY) {
        keys[slot] = key;
        this.values[slot] = 0;
        this.size++;
        return slot;
      }
      slot = (slot + 1) & this.mask;
    }
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldValues = this.values;
    const slots = oldKeys.length * 2;
    this.keys = new Float64Array(slots).fill(EMPTY);
    this.values = new Int32Array(slots);
    this.mask = slots - 1;
    const keys = this.keys;
    for (let i = 0; i < oldKeys.length; i++) {
      const key = oldKeys[i];
      if (key === EMPTY) continue;
      let slot = hashKey(key) & this.mask;
      while (keys[slot] !== EMPTY) slot = (slot + 1) & this.mask;
      keys[slot] = key;
      this.values[slot] = oldValues[i];
    }
  }
}

function hashKey(key: number): number {
  const low = key | 0;
  const high = (key / 4294967296) | 0;
  let h = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}
