import type { DatabaseConfig } from '../../src/config.js';
import { type Database, openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { formatDateTime, systemClock } from '../../src/lib/time.js';
import { buildAccounts } from '../../src/services.js';

/** Migrates the database and makes the account `bench` with a key: its id and the key. */
export async function benchAccount(database: Database): Promise<{ accountId: number; key: string }> {
  await migrateToLatest(database);
  const accounts = buildAccounts(database.db, systemClock);
  const account = await accounts.createAccount('bench');
  const { key } = await accounts.createKey(account.id);
  return { accountId: account.id, key };
}

/**
 * The ingest benches' database: migrated, one account, the event `signup` and `users` customers
 * (ids 1..users, service_uid `u-<id>`); returns the key.
 */
export async function signupAccount(config: DatabaseConfig, users: number): Promise<string> {
  const database = openDatabase(config);
  try {
    const { accountId, key } = await benchAccount(database);
    const now = formatDateTime(new Date());
    await database.db.insertInto('events').values({ account_id: accountId, name: 'signup', createtime: now }).execute();
    const rows = Array.from({ length: users }, (_, i) => ({ account_id: accountId, service_uid: `u-${i + 1}`, email: `u${i + 1}@example.com`, createtime: now, updatetime: now }));
    for (let i = 0; i < rows.length; i += 200) await database.db.insertInto('users').values(rows.slice(i, i + 200)).execute();
    return key;
  } finally {
    await database.close();
  }
}
