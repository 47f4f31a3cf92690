/**
 * The order PIBT serves the units in at a configuration of LaCAM (Okumura, "LaCAM: Search-Based
 * Algorithm for Quick Multi-Agent Pathfinding", AAAI 2023, section 4; as Kei18/lacam3 hnode.cpp):
 * priority descending, ties by unit index (a stable sort of the units in index order).
 *
 * A comparison sort of 400 units took 120 microseconds, about a seventh of LaCAM*'s time on
 * random-32-32-20 (bench:scale). Priorities are non-negative float32 numbers, whose bit patterns
 * read as unsigned integers sort as the numbers do; a stable radix sort over those 32 bits, a
 * byte per pass, gives the same order in about 4 (n + 256) steps. The same order exactly, not
 * merely an equally valid one: the search's results (and its tests' figures) stay as they were.
 */
const RADIX = 256;

export class PriorityOrder {
  /**
   * The priorities copied into `values`, whose bits `bits` reads; keys and units, two of each to
   * sort between. Int32, not Uint32: keys past 2^31 would be doubles (docs/performance.md, rule 6).
   */
  private values = new Float32Array(0);
  private bits = new Int32Array(0);
  private keysA = new Int32Array(0);
  private keysB = new Int32Array(0);
  private unitsB = new Int32Array(0);
  private readonly counts = new Int32Array(RADIX);

  /** The units by `priorities` (each >= 0) descending, equal priorities by index ascending. */
  order(priorities: Float32Array): Int32Array {
    const n = priorities.length;
    if (this.values.length < n) {
      this.values = new Float32Array(n);
      this.bits = new Int32Array(this.values.buffer);
      this.keysA = new Int32Array(n);
      this.keysB = new Int32Array(n);
      this.unitsB = new Int32Array(n);
    }
    this.values.set(priorities);
    const bits = this.bits;
    const keysA = this.keysA;
    const keysB = this.keysB;
    const unitsA = new Int32Array(n);
    const unitsB = this.unitsB;
    for (let i = 0; i < n; i++) {
      keysA[i] = ~bits[i]; // descending (the bytes are read unsigned, so the sign bit sorts last)
      unitsA[i] = i;
    }
    // Four passes, A to B and back twice: the sorted units end in unitsA, allocated here.
    this.pass(n, 0, keysA, unitsA, keysB, unitsB);
    this.pass(n, 8, keysB, unitsB, keysA, unitsA);
    this.pass(n, 16, keysA, unitsA, keysB, unitsB);
    this.pass(n, 24, keysB, unitsB, keysA, unitsA);
    return unitsA;
  }

  /** One stable counting sort by the byte at `shift`, from (keys, units) into (toKeys, toUnits). */
  private pass(n: number, shift: number, keys: Int32Array, units: Int32Array, toKeys: Int32Array, toUnits: Int32Array): void {
    const counts = this.counts;
    counts.fill(0);
    for (let k = 0; k < n; k++) counts[(keys[k] >> shift) & 0xff]++;
    let start = 0;
    for (let b = 0; b < RADIX; b++) {
      const c = counts[b];
      counts[b] = start;
      start += c;
    }
    for (let k = 0; k < n; k++) {
      const to = counts[(keys[k] >> shift) & 0xff]++;
      toKeys[to] = keys[k];
      toUnits[to] = units[k];
    }
  }
}
