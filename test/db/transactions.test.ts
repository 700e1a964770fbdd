import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { retryOnConflict } from '../../src/db/errors.js';
import { transactor } from '../../src/db/transactions.js';
import { buildTestApp, usingPostgres } from '../helpers/app.js';

const t = await buildTestApp({ config: { workerEnabled: false } });

describe('retryOnConflict', () => {
  it('runs again work that PostgreSQL gave up as a deadlock victim or not serialisable, a few times, and nothing else', async () => {
    let runs = 0;
    const answer = await retryOnConflict(async () => {
      runs += 1;
      if (runs === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      if (runs === 2) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      return 'done';
    });
    assert.deepEqual([answer, runs], ['done', 3]);

    runs = 0;
    await assert.rejects(
      retryOnConflict(async () => {
        runs += 1;
        throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      }),
      /deadlock detected/,
    );
    assert.equal(runs, 4, 'gives up after four runs: the error handler answers 503 then');

    runs = 0;
    await assert.rejects(
      retryOnConflict(async () => {
        runs += 1;
        throw Object.assign(new Error('duplicate key'), { code: '23505' });
      }),
      /duplicate key/,
    );
    assert.equal(runs, 1, 'other errors are not retried');
  });

  it('on PostgreSQL, two transactions that lock two rows in opposite orders both commit: the deadlock victim runs again', { skip: !usingPostgres() }, async () => {
    const db = t.database.db;
    const [a, b] = await db
      .insertInto('accounts')
      .values([
        { name: 'deadlock-a', created_at: '2026-01-01 00:00:00' },
        { name: 'deadlock-b', created_at: '2026-01-01 00:00:00' },
      ])
      .returning('id')
      .execute();
    const tx = transactor(db, (trx) => trx);
    let bothLockedFirst!: () => void;
    let firstLocks = 0;
    const bothHoldTheirFirstRow = new Promise<void>((resolve) => (bothLockedFirst = resolve));
    const runs = { one: 0, two: 0 };
    const lockInOrder = (name: 'one' | 'two', first: number, second: number) =>
      tx.run(async (trx) => {
        runs[name] += 1;
        await trx.updateTable('accounts').set({ name: `${name}-first` }).where('id', '=', first).execute();
        if (runs[name] === 1) {
          if (++firstLocks === 2) bothLockedFirst();
          await bothHoldTheirFirstRow;
        }
        await trx.updateTable('accounts').set({ name: `${name}-second` }).where('id', '=', second).execute();
      });
    await Promise.all([lockInOrder('one', a!.id, b!.id), lockInOrder('two', b!.id, a!.id)]);
    assert.equal(runs.one + runs.two, 3, `one of them ran twice (${JSON.stringify(runs)})`);
  });
});
