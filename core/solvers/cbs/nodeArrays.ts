/**
 * The node arrays both CBS low levels keep (lowLevel.ts and focalLowLevel.ts): a path read back
 * through parent links, and an array grown to a new size with its contents kept.
 */

/** The path ending at node `id`: cell[n] at time[n], up the parent links to the root. */
export function pathOf(id: number, time: Int32Array, cell: Int32Array, parent: Int32Array): Int32Array {
  const path = new Int32Array(time[id] + 1);
  for (let n = id; n >= 0; n = parent[n]) path[time[n]] = cell[n];
  return path;
}

/** `a` copied into a new array of `size` entries. */
export function grown(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size);
  b.set(a);
  return b;
}
