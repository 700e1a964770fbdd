import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WriteBatcher } from '../../src/db/write-batcher.js';
import { buildTestApp } from '../helpers/app.js';

const t = await buildTestApp({ config: { workerEnabled: false } });

describe('WriteBatcher (group commit)', () => {
  it('commits concurrent writes together and answers each caller with its own result', async () => {
    const transactions = new Set<unknown>();
    const batcher = new WriteBatcher(t.database.db, async (trx, name: string) => {
      transactions.add(trx);
      const row = await trx.insertInto('accounts').values({ name, created_at: '2026-01-01 00:00:00' }).returning('id').executeTakeFirstOrThrow();
      return { name, id: Number(row.id) };
    });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => batcher.submit(`batch-${i}`)));
    assert.ok(transactions.size < 10, `40 writes took ${transactions.size} transactions`);
    assert.deepEqual(results.map((r) => r.name), Array.from({ length: 40 }, (_, i) => `batch-${i}`));
    assert.equal(new Set(results.map((r) => r.id)).size, 40);
    const stored = await t.database.db.selectFrom('accounts').select(['id', 'name']).where('name', 'like', 'batch-%').execute();
    assert.equal(stored.length, 40);
    for (const r of results) assert.equal(stored.find((s) => s.id === r.id)?.name, r.name);
  });

  it('a failing item fails alone; its neighbours are committed', async () => {
    const batcher = new WriteBatcher(t.database.db, async (trx, name: string) => {
      if (name === 'bad') throw new Error('refused');
      await trx.insertInto('accounts').values({ name, created_at: '2026-01-01 00:00:00' }).execute();
      return name;
    });
    const outcomes = await Promise.allSettled(['good-1', 'bad', 'good-2'].map((n) => batcher.submit(n)));
    assert.equal(outcomes[0]!.status, 'fulfilled');
    assert.equal(outcomes[1]!.status, 'rejected');
    assert.equal(outcomes[2]!.status, 'fulfilled');
    const names = (await t.database.db.selectFrom('accounts').select('name').where('name', 'in', ['good-1', 'good-2', 'bad']).execute()).map((r) => r.name).sort();
    assert.deepEqual(names, ['good-1', 'good-2']);
  });
});
