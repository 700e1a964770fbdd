import type { Kysely } from 'kysely';
import { PreparedQuery } from '../../db/prepared.js';
import type { DB } from '../../db/types.js';

// The /apiv3 requests whose key is not in the key cache (key-cache.ts) run this lookup: compiled
// once (db/prepared.ts).
const accountByKeyHash = new PreparedQuery<{ keyHash: string }, { account_id: number }>(
  'api_keys.account-by-hash',
  ['keyHash'],
  (db: Kysely<DB>, p) =>
    db.selectFrom('api_keys').select('account_id').where('key_hash', '=', p.keyHash).where('revoked_at', 'is', null),
);

export interface AccountRow {
  id: number;
  name: string;
  created_at: string;
}

export interface KeyRow {
  id: number;
  account_id: number;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
}

// Accounts are the tenants themselves, so these are the only queries not scoped by an account id.
export class AccountsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** True for the one caller that claims `name`; concurrent claimers wait for it and get false. */
  async claimOnce(name: string, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto('one_time_claims')
      .values({ name, claimed_at: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async create(name: string, now: string): Promise<AccountRow> {
    return this.db.insertInto('accounts').values({ name, created_at: now }).returningAll().executeTakeFirstOrThrow();
  }

  async list(): Promise<AccountRow[]> {
    return this.db.selectFrom('accounts').selectAll().orderBy('id').execute();
  }

  async find(id: number): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async addKey(accountId: number, prefix: string, keyHash: string, now: string): Promise<KeyRow> {
    return this.db
      .insertInto('api_keys')
      .values({ account_id: accountId, prefix, key_hash: keyHash, created_at: now })
      .returning(['id', 'account_id', 'prefix', 'created_at', 'revoked_at'])
      .executeTakeFirstOrThrow();
  }

  async listKeys(accountId: number): Promise<KeyRow[]> {
    return this.db
      .selectFrom('api_keys')
      .select(['id', 'account_id', 'prefix', 'created_at', 'revoked_at'])
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute();
  }

  /** Revokes every live key with that prefix; returns how many. */
  async revokeByPrefix(prefix: string, now: string): Promise<number> {
    const result = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: now })
      .where('prefix', '=', prefix)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async accountForKeyHash(keyHash: string): Promise<number | undefined> {
    const [row] = await accountByKeyHash.execute(this.db, { keyHash });
    return row?.account_id;
  }
}
