import { describe, expect, it } from 'vitest';
import { BinaryHeap } from '../../../core/search/binaryHeap.ts';
import { Random } from '../../../core/util/random.ts';

describe('BinaryHeap', () => {
  it('pops in priority order after rekey, without the entries rekey dropped', () => {
    const random = new Random(9);
    for (let trial = 0; trial < 20; trial++) {
      const heap = new BinaryHeap(4);
      const n = 1 + random.int(200);
      for (let id = 0; id < n; id++) heap.push(id, random.int(50));
      const pops = random.int(n);
      const popped = new Set<number>();
      for (let k = 0; k < pops; k++) popped.add(heap.pop());
      // New priorities for what is left; every third id is dropped (NaN).
      const key = (id: number) => (id % 3 === 0 ? NaN : (id * 7919) % 101);
      heap.rekey(key);
      const expected = Array.from({ length: n }, (_, id) => id).filter((id) => !popped.has(id) && id % 3 !== 0).map(key).sort((a, b) => a - b);
      const got: number[] = [];
      while (heap.length > 0) {
        got.push(heap.peekPriority());
        const id = heap.pop();
        expect(id % 3).not.toBe(0);
      }
      expect(got).toEqual(expected);
    }
  });
});
