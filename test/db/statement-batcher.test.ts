import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { StatementBatcher } from '../../src/db/statement-batcher.js';

describe('StatementBatcher (group commit of one multi-row statement)', () => {
  it('runs items submitted together as one statement and answers each with its own result', async () => {
    const runs: number[][] = [];
    const batcher = new StatementBatcher(async (items: number[]) => {
      runs.push(items);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return items.map((n) => n * 10);
    });
    const first = await Promise.all(Array.from({ length: 30 }, (_, i) => batcher.submit(i)));
    assert.deepEqual(first, Array.from({ length: 30 }, (_, i) => i * 10));
    assert.equal(runs.length, 1, 'submitted in one tick: one statement');
    // items arriving while a statement runs wait for the next one, together
    const late: Promise<number>[] = [];
    const early = batcher.submit(100);
    setTimeout(() => {
      for (let i = 0; i < 10; i++) late.push(batcher.submit(200 + i));
    }, 1);
    assert.equal(await early, 1000);
    assert.deepEqual(await Promise.all(late), Array.from({ length: 10 }, (_, i) => (200 + i) * 10));
    assert.equal(runs.length, 3);
    assert.deepEqual(runs[2], Array.from({ length: 10 }, (_, i) => 200 + i));
  });

  it('splits a batch at maxBatch items', async () => {
    const sizes: number[] = [];
    const batcher = new StatementBatcher(async (items: number[]) => {
      sizes.push(items.length);
      return items;
    }, 4);
    await Promise.all(Array.from({ length: 10 }, (_, i) => batcher.submit(i)));
    assert.deepEqual(sizes, [4, 4, 2]);
  });

  it('runs each item alone when a statement of several fails: a bad item fails alone', async () => {
    const runs: string[][] = [];
    const batcher = new StatementBatcher(async (items: string[]) => {
      runs.push(items);
      if (items.includes('bad')) throw new Error('refused');
      return items.map((item) => item.toUpperCase());
    });
    const outcomes = await Promise.allSettled(['a', 'bad', 'c'].map((item) => batcher.submit(item)));
    assert.deepEqual(
      outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message)),
      ['A', 'refused', 'C'],
    );
    assert.deepEqual(runs, [['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });
});
