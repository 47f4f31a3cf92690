/**
 * The bucket queue the joint searches use as their open list (core/solvers/optimal/bucketQueue.ts):
 * order by f then tie, last pushed first among equal keys, lazy re-pushes, reset between searches.
 */
import { describe, expect, it } from 'vitest';
import { BucketQueue } from '../../../../core/solvers/optimal/bucketQueue.ts';
import { Random } from '../../../../core/util/random.ts';

function drain(queue: BucketQueue): [number, number, number][] {
  const out: [number, number, number][] = [];
  while (queue.length > 0) {
    const id = queue.pop();
    out.push([id, queue.poppedF, queue.poppedTie]);
  }
  return out;
}

describe('BucketQueue', () => {
  it('pops by f, then tie, then last pushed first', () => {
    const queue = new BucketQueue(4, 2);
    queue.reset(10);
    queue.push(1, 12, 0);
    queue.push(2, 10, 3);
    queue.push(3, 10, 1);
    queue.push(4, 11, 0);
    queue.push(5, 10, 1);
    expect(drain(queue)).toEqual([[5, 10, 1], [3, 10, 1], [2, 10, 3], [4, 11, 0], [1, 12, 0]]);
  });

  it('takes pushes below the last pop and keys far above the first layers (growth)', () => {
    const queue = new BucketQueue(8, 1);
    queue.reset(0);
    queue.push(1, 0, 5);
    expect(queue.pop()).toBe(1);
    queue.push(2, 0, 6);
    queue.push(3, 0, 2); // lower tie than the last pop
    queue.push(4, 100, 7); // grows the layers
    expect(drain(queue)).toEqual([[3, 0, 2], [2, 0, 6], [4, 100, 7]]);
  });

  it('rejects keys outside its range and says which', () => {
    const queue = new BucketQueue(4);
    queue.reset(5);
    expect(() => queue.push(1, 4, 0)).toThrow(/f >= 5/);
    expect(() => queue.push(1, 5, 4)).toThrow(/tie < 4/);
  });

  it('empties on reset, also buckets left full, and can start at a lower base', () => {
    const queue = new BucketQueue(16);
    queue.reset(20);
    for (let i = 0; i < 50; i++) queue.push(i, 20 + (i % 5), i % 16);
    queue.pop();
    queue.reset(3);
    expect(queue.length).toBe(0);
    queue.push(7, 3, 9);
    queue.push(8, 23, 0);
    expect(drain(queue)).toEqual([[7, 3, 9], [8, 23, 0]]);
  });

  it('agrees with a sort on random keys with interleaved pops (entries reused)', () => {
    const random = new Random(7);
    const queue = new BucketQueue(32, 4);
    for (let round = 0; round < 5; round++) {
      const base = random.int(50);
      queue.reset(base);
      const reference: [number, number, number][] = [];
      let floor = base;
      let id = 0;
      for (let step = 0; step < 2000; step++) {
        if (reference.length > 0 && random.next() < 0.4) {
          // The reference order: lowest (f, tie), and among equals the last pushed (highest id).
          reference.sort((a, b) => a[1] - b[1] || a[2] - b[2] || b[0] - a[0]);
          const expected = reference.shift()!;
          const got = queue.pop();
          expect([got, queue.poppedF, queue.poppedTie]).toEqual(expected);
          floor = expected[1]; // like A*: nothing below the f being expanded is pushed
        } else {
          const f = floor + random.int(4);
          const tie = random.int(32);
          queue.push(id, f, tie);
          reference.push([id++, f, tie]);
        }
      }
      expect(queue.length).toBe(reference.length);
    }
  });
});
