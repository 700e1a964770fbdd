import type { Kysely } from 'kysely';
import { RowsStatement } from './rows-statement.js';
import type { DB, IdempotencyKeysTable } from './types.js';

// D6: the Idempotency-Key rows (migration 0012). Every change of a row names the claim it expects
// to find, so a request whose claim was taken over (its process was thought dead) can neither
// overwrite nor release the new holder's row. The rules (when to take over, what a retry gets) are
// in http/idempotency.ts.

export type IdempotencyKeyRow = Omit<IdempotencyKeysTable, 'account_id' | 'key'>;

/** What a request claims: the request's identity and who holds the key from now on. */
export interface IdempotencyClaim {
  method: string;
  pathHash: string;
  bodyHash: string;
  claim: string;
  claimedAt: number;
  expiresAt: number;
}

/** One request's claim of its key, as the batched statements take it. */
export interface KeyClaim extends IdempotencyClaim {
  accountId: number;
  key: string;
}

function row(c: KeyClaim) {
  return {
    account_id: c.accountId,
    key: c.key,
    method: c.method,
    path_hash: c.pathHash,
    body_hash: c.bodyHash,
    claim: c.claim,
    claimed_at: c.claimedAt,
    expires_at: c.expiresAt,
  };
}

type KeyRow = ReturnType<typeof row>;
const KEY_COLUMNS = ['account_id', 'key', 'method', 'path_hash', 'body_hash', 'claim', 'claimed_at', 'expires_at'] as const;

/** Claims keys nobody holds: a key that has a row, whatever its state, is not claimed. */
const claimKeys = new RowsStatement<KeyRow, { claim: string }>(KEY_COLUMNS, (db: Kysely<DB>, rows) =>
  db
    .insertInto('idempotency_keys')
    .values(rows)
    .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
    .returning('claim'),
);

/** Answers, each into its key's row only while its claim still holds it. */
const completeKeys = new RowsStatement<KeyRow & { status: number; body: string }>([...KEY_COLUMNS, 'status', 'body'], (db: Kysely<DB>, rows) =>
  db
    .insertInto('idempotency_keys')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'key'])
        .doUpdateSet((eb) => ({ status: eb.ref('excluded.status'), body: eb.ref('excluded.body') }))
        .where(({ eb, ref }) => eb('idempotency_keys.claim', '=', ref('excluded.claim'))),
    ),
);

export class IdempotencyKeysRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Claims keys nobody holds, for several requests (of any accounts: each row names its own) in one
   * statement; returns the claims that won. A key that has a row, whatever its state, is not claimed.
   */
  async claimAll(claims: KeyClaim[]): Promise<Set<string>> {
    const rows = await claimKeys.execute(this.db, claims.map(row));
    return new Set(rows.map((r) => r.claim));
  }

  async find(accountId: number, key: string): Promise<IdempotencyKeyRow | undefined> {
    return this.db
      .selectFrom('idempotency_keys')
      .select(['method', 'path_hash', 'body_hash', 'claim', 'claimed_at', 'expires_at', 'status', 'body'])
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /**
   * Replaces a dead row (expired, or a claim whose process stopped) with a new claim, if it is still
   * exactly the row that was read (same claim, not refreshed since): true when this claim won.
   */
  async takeOver(accountId: number, key: string, seen: { claim: string; claimedAt: number }, claim: IdempotencyClaim): Promise<boolean> {
    const result = await this.db
      .updateTable('idempotency_keys')
      .set({
        method: claim.method,
        path_hash: claim.pathHash,
        body_hash: claim.bodyHash,
        claim: claim.claim,
        claimed_at: claim.claimedAt,
        expires_at: claim.expiresAt,
        status: null,
        body: null,
      })
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('claim', '=', seen.claim)
      .where('claimed_at', '=', seen.claimedAt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Stores the answers of several requests in one statement, each into its key's row if its claim
   * still holds it: a row another request took over keeps that request's claim. (A row gone
   * meanwhile, released by the request that took it over, is written again with this answer.)
   */
  async completeAll(answers: Array<KeyClaim & { status: number; body: string }>): Promise<void> {
    await completeKeys.execute(
      this.db,
      answers.map((answer) => ({ ...row(answer), status: answer.status, body: answer.body })),
    );
  }

  /** Forgets the key (an answer that is not kept), if `claim` still holds it. */
  async release(accountId: number, key: string, claim: string): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('account_id', '=', accountId).where('key', '=', key).where('claim', '=', claim).execute();
  }

  /** A running request says it is alive, so no other process takes its key over. */
  async refresh(accountId: number, key: string, claim: string, now: number): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ claimed_at: now })
      .where('account_id', '=', accountId)
      .where('key', '=', key)
      .where('claim', '=', claim)
      .where('status', 'is', null)
      .execute();
  }

  /** Deletes up to `limit` rows expired at `now` (across accounts: housekeeping); returns how many. */
  async deleteExpired(now: number, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('idempotency_keys')
      .where(({ eb, refTuple, selectFrom }) =>
        eb(
          refTuple('account_id', 'key'),
          'in',
          selectFrom('idempotency_keys').select(['account_id', 'key']).where('expires_at', '<=', now).limit(limit).$asTuple('account_id', 'key'),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
