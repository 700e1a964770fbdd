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

  it('finish runs once per shared transaction, after its items and before it commits; a failing finish rolls the batch back and the items are written alone', async () => {
    const finished: string[][] = [];
    let failFinish = true;
    type Target = { trx: typeof t.database.db; names: string[] };
    const batcher = new WriteBatcher<string, string, Target>(
      t.database.db,
      async ({ trx, names }, name) => {
        await trx.insertInto('accounts').values({ name, created_at: '2026-01-01 00:00:00' }).execute();
        names.push(name);
        return name;
      },
      256,
      (trx) => ({ trx, names: [] }),
      async ({ trx, names }) => {
        const seen = await trx.selectFrom('accounts').select('name').where('name', 'in', names).execute();
        assert.equal(seen.length, names.length, 'the items are written when finish runs');
        finished.push([...names]);
        if (failFinish) {
          failFinish = false;
          throw new Error('finish failed');
        }
      },
    );
    const names = Array.from({ length: 6 }, (_, i) => `finish-${i}`);
    assert.deepEqual(await Promise.all(names.map((n) => batcher.submit(n))), names);
    assert.deepEqual(finished[0], names, 'the first batch held every item and its finish failed');
    const stored = (await t.database.db.selectFrom('accounts').select('name').where('name', 'like', 'finish-%').execute()).map((r) => r.name).sort();
    assert.deepEqual(stored, names, 'each written once: the failed batch rolled back, then each alone (no finish: no shared transaction)');
    assert.equal(finished.length, 1);
  });
});
