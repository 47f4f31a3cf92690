import { describe, expect, it } from 'vitest';
import { BucketQueue } from '../../../core/search/bucketQueue.ts';
import { IndexedHeap } from '../../../core/search/indexedHeap.ts';
import { Random } from '../../../core/util/random.ts';

describe('open lists', () => {
  it('IndexedHeap pops in priority order after pushes and decrease-keys, growing as needed', () => {
    const random = new Random(11);
    const cells = 5000;
    const heap = new IndexedHeap(cells, 4);
    const priority = new Float64Array(cells);
    for (let cell = 0; cell < cells; cell++) {
      priority[cell] = random.next() * 1000;
      heap.push(cell, priority[cell]);
    }
    for (let i = 0; i < 2000; i++) {
      const cell = random.int(cells);
      const lower = priority[cell] * random.next();
      heap.decrease(cell, lower);
      heap.decrease(cell, lower + 1); // a higher priority is ignored
      priority[cell] = lower;
    }
    let previous = -Infinity;
    const popped = new Set<number>();
    while (heap.length > 0) {
      const cell = heap.pop();
      expect(priority[cell]).toBeGreaterThanOrEqual(previous);
      previous = priority[cell];
      popped.add(cell);
    }
    expect(popped.size).toBe(cells);
    heap.clear();
    heap.push(7, 3);
    expect(heap.pop()).toBe(7);
  });

  it('BucketQueue pops the smallest bucket first, last in first out within a bucket', () => {
    const queue = new BucketQueue();
    queue.reset(10);
    queue.push(1, 5);
    queue.push(2, 3);
    queue.push(3, 5);
    queue.push(4, 3);
    expect([queue.pop(), queue.pop(), queue.pop()]).toEqual([4, 2, 3]);
    queue.push(5, 4);
    expect([queue.pop(), queue.pop(), queue.length]).toEqual([5, 1, 0]);
    queue.reset(2000); // grows and forgets everything
    for (let i = 0; i < 3000; i++) queue.push(i, 2000 - (i % 2000));
    expect(queue.pop()).toBe(1999); // the only one in bucket 1
    expect(queue.length).toBe(2999);
  });
});
