import type { Kysely } from 'kysely';
import { PreparedQuery } from '../../db/prepared.js';
import type { DB } from '../../db/types.js';
import type { KeyHolder, KeyScope } from './keys.js';

// The /apiv3 requests whose key is not in the key cache (key-cache.ts) run this lookup: compiled
// once (db/prepared.ts).
const holderByKeyHash = new PreparedQuery<{ keyHash: string }, { account_id: number; scope: string; prefix: string }>(
  'api_keys.holder-by-hash',
  ['keyHash'],
  (db: Kysely<DB>, p) =>
    db.selectFrom('api_keys').select(['account_id', 'scope', 'prefix']).where('key_hash', '=', p.keyHash).where('revoked_at', 'is', null),
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
  scope: KeyScope;
}

const KEY_COLUMNS = ['id', 'account_id', 'prefix', 'created_at', 'revoked_at', 'scope'] as const;

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

  async addKey(accountId: number, prefix: string, keyHash: string, now: string, scope: KeyScope = 'full'): Promise<KeyRow> {
    const row = await this.db
      .insertInto('api_keys')
      .values({ account_id: accountId, prefix, key_hash: keyHash, created_at: now, scope })
      .returning(KEY_COLUMNS)
      .executeTakeFirstOrThrow();
    return row as KeyRow;
  }

  async listKeys(accountId: number): Promise<KeyRow[]> {
    return this.db
      .selectFrom('api_keys')
      .select(KEY_COLUMNS)
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute() as Promise<KeyRow[]>;
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

  /** The account, scope and display prefix of a live key. */
  async holderOfKeyHash(keyHash: string): Promise<KeyHolder | undefined> {
    const [row] = await holderByKeyHash.execute(this.db, { keyHash });
    // A scope this version does not know (written by a newer one) is taken as the narrowest.
    return row && { accountId: Number(row.account_id), scope: row.scope === 'full' ? 'full' : 'read', prefix: row.prefix };
  }
}
