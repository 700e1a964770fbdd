import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { type Database, openDatabase } from '../../src/db/database.js';
import { systemClock } from '../../src/lib/time.js';
import { buildAccounts } from '../../src/services.js';
import { createTestDatabase, usingPostgres } from '../helpers/app.js';

const testDb = await createTestDatabase();
after(() => testDb.drop());

describe('first-start account (G3)', () => {
  it('is created exactly once when several processes start on the same empty database', async () => {
    // On PostgreSQL each "process" gets its own connection pool; on SQLite they share the file's
    // single connection, as processes would share its write lock.
    const pools: Database[] = usingPostgres()
      ? [0, 1, 2, 3].map(() => openDatabase({ kind: 'postgres', connectionString: testDb.url, schema: testDb.schema! }))
      : [testDb.database];
    try {
      const starts = await Promise.all(
        [0, 1, 2, 3, 4, 5, 6, 7].map((i) => buildAccounts(pools[i % pools.length]!.db, systemClock).bootstrap(undefined)),
      );
      const created = starts.filter((s) => s.created);
      assert.equal(created.length, 1);
      assert.match(created[0]!.key!, /^rk_/);
      const accounts = await buildAccounts(testDb.database.db, systemClock).listAccounts();
      assert.equal(accounts.length, 1);
      assert.equal(accounts[0]!.name, 'default');
      const service = buildAccounts(testDb.database.db, systemClock);
      assert.equal(await service.authenticate(created[0]!.key!), accounts[0]!.id);
      assert.deepEqual(await service.bootstrap('another-bootstrap-key-123'), { created: false, key: null });
    } finally {
      if (usingPostgres()) await Promise.all(pools.map((p) => p.close()));
    }
  });
});
