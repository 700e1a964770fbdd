// The SQLite driver streams a statement's rows a chunk at a time (db/sqlite-driver.ts): every row
// once and in order, the connection free again after a stream left early, and a statement that
// returns no rows refused.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { CompiledQuery } from 'kysely';
import { createSqliteKysely } from '../../src/db/sqlite-driver.js';

function numbers(count: number) {
  const connection = new SQLite(':memory:');
  connection.exec('create table n (v integer primary key)');
  const insert = connection.prepare('insert into n (v) values (?)');
  for (let v = 1; v <= count; v += 1) insert.run(v);
  return createSqliteKysely<{ n: { v: number } }>(connection);
}

describe('SQLite streaming', () => {
  it('yields the rows in chunks of the size asked, every row once and in order', async () => {
    const db = numbers(2_500);
    const sizes: number[] = [];
    const seen: number[] = [];
    for await (const chunk of db.getExecutor().stream<{ v: number }>(db.selectFrom('n').select('v').orderBy('v').compile(), 1_000)) {
      sizes.push(chunk.rows.length);
      seen.push(...chunk.rows.map((row) => row.v));
    }
    assert.deepEqual(sizes, [1_000, 1_000, 500]);
    assert.deepEqual(seen, Array.from({ length: 2_500 }, (_, i) => i + 1));
    await db.destroy();
  });

  it('leaves the connection usable after a stream left early', async () => {
    const db = numbers(3_000);
    for await (const chunk of db.getExecutor().stream<{ v: number }>(db.selectFrom('n').select('v').orderBy('v').compile(), 100)) {
      assert.equal(chunk.rows.length, 100);
      break;
    }
    const row = await db.selectFrom('n').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    assert.equal(row.count, 3_000);
    await db.deleteFrom('n').where('v', '>', 10).execute();
    assert.equal((await db.selectFrom('n').select('v').execute()).length, 10);
    await db.destroy();
  });

  it('refuses to stream a statement that returns no rows', async () => {
    const db = numbers(1);
    const stream = db.getExecutor().stream(CompiledQuery.raw('delete from n'), 10);
    await assert.rejects(stream.next(), /only statements that return rows can be streamed/);
    assert.equal((await db.selectFrom('n').select('v').execute()).length, 1);
    await db.destroy();
  });
});
