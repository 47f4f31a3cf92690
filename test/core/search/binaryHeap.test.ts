import { describe, expect, it } from 'vitest';
import { BinaryHeap } from '../../../core/search/binaryHeap.ts';
import { Random } from '../../../core/util/random.ts';

describe('BinaryHeap', () => {
  it('pops in priority order after rekey', () => {
    const random = new Random(9);
    for (let trial = 0; trial < 20; trial++) {
      const heap = new BinaryHeap(4);
      const n = 1 + random.int(200);
      for (let id = 0; id < n; id++) heap.push(id, random.int(50));
      const pops = random.int(n);
      const popped = new Set<number>();
      for (let k = 0; k < pops; k++) popped.add(heap.pop());
      // New priorities for what is left, from the id and the old priority.
      const old = new Map<number, number>();
      for (let k = 0; k < heap.length; k++) old.set(heap.ids[k], heap.priorities[k]);
      const key = (id: number, priority: number) => ((id * 7919) % 101) - priority;
      heap.rekey(key);
      const expected = [...old].map(([id, priority]) => key(id, priority)).sort((a, b) => a - b);
      const got: number[] = [];
      while (heap.length > 0) {
        const priority = heap.peekPriority();
        const id = heap.pop();
        expect(priority).toBe(key(id, old.get(id)!));
        got.push(priority);
      }
      expect(got).toEqual(expected);
    }
  });
});
