import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import type { BlacklistName } from './normalise.js';

export type UploadAction = 'create' | 'delete-create';

export interface StagedRow {
  line: number;
  email: string | null;
  telephone: string | null;
}

export interface EntryRow {
  value: string;
  createtime: string;
}

/** Staging rows are deleted in slices of this many lines, so no single statement holds the writer long. */
const DISCARD_SLICE = 50_000;

export class BlacklistRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async list(accountId: number, list: BlacklistName, page: { limit: number; offset: number }): Promise<EntryRow[]> {
    return this.db
      .selectFrom('blacklist_entries')
      .select(['value', 'createtime'])
      .where('account_id', '=', accountId)
      .where('list', '=', list)
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  async count(accountId: number, list: BlacklistName): Promise<number> {
    const row = await this.db
      .selectFrom('blacklist_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('list', '=', list)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async contains(accountId: number, list: BlacklistName, value: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('blacklist_entries')
      .select('id')
      .where('account_id', '=', accountId)
      .where('list', '=', list)
      .where('value', '=', value)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Empties a list; returns how many entries went. */
  async clear(accountId: number, list: BlacklistName, now: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await lockList(trx, accountId, list, now);
      const result = await trx
        .deleteFrom('blacklist_entries')
        .where('account_id', '=', accountId)
        .where('list', '=', list)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }

  async openUpload(accountId: number, now: string): Promise<StagedUpload> {
    const row = await this.db
      .insertInto('blacklist_uploads')
      .values({ account_id: accountId, status: 'open', created_at: now, touched_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return new StagedUpload(this.db, accountId, row.id);
  }

  /**
   * Deletes uploads nobody has touched since `cutoff` (their process died or their client vanished
   * without the server noticing) with their staging rows. The one cross-account query of this
   * module: it is housekeeping of the staging area, reads no tenant data and returns none.
   */
  async sweepAbandonedUploads(cutoff: string, max = 20): Promise<number> {
    const stale = await this.db
      .selectFrom('blacklist_uploads')
      .select(['id', 'account_id'])
      .where('touched_at', '<', cutoff)
      .orderBy('touched_at')
      .limit(max)
      .execute();
    let swept = 0;
    for (const { id, account_id } of stale) {
      // Claimed with a conditional update: an upload being applied right now has just been touched,
      // so it no longer matches, and its apply in turn refuses an upload that is no longer open.
      const claimed = await this.db
        .updateTable('blacklist_uploads')
        .set({ status: 'swept' })
        .where('id', '=', id)
        .where('touched_at', '<', cutoff)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) continue;
      await new StagedUpload(this.db, account_id, id).discard();
      swept += 1;
    }
    return swept;
  }
}

/** Every change of a list first locks that list's row, so changes of one list never interleave. */
async function lockList(trx: Kysely<DB>, accountId: number, list: BlacklistName, now: string): Promise<void> {
  await trx
    .insertInto('blacklist_locks')
    .values({ account_id: accountId, list, updated_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'list']).doUpdateSet({ updated_at: now }))
    .execute();
}

/** One upload's staging area, bound to its account. */
export class StagedUpload {
  constructor(
    private readonly db: Kysely<DB>,
    readonly accountId: number,
    readonly id: number,
  ) {}

  /** Each batch is its own short statement: staging rows are invisible to readers until applied. */
  async stage(rows: StagedRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('blacklist_staging')
      .values(rows.map((row) => ({ upload_id: this.id, line: row.line, email: row.email, telephone: row.telephone })))
      .execute();
  }

  /** Marks the upload alive, so the sweep of another upload leaves it alone. */
  async touch(now: string): Promise<void> {
    await this.db
      .updateTable('blacklist_uploads')
      .set({ touched_at: now })
      .where('id', '=', this.id)
      .where('account_id', '=', this.accountId)
      .where('status', '=', 'open')
      .execute();
  }

  /**
   * Applies the staged values to the live list in one transaction: `create` adds them (values
   * already listed stay as they are), `delete-create` replaces the list. Returns the number of
   * entries added, or undefined when the upload is no longer open (swept as abandoned).
   */
  async apply(list: BlacklistName, action: UploadAction, now: string): Promise<number | undefined> {
    const column = list === 'email' ? 'email' : 'telephone';
    return this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('blacklist_uploads')
        .set({ status: 'applied', touched_at: now })
        .where('id', '=', this.id)
        .where('account_id', '=', this.accountId)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return undefined;
      await lockList(trx, this.accountId, list, now);
      if (action === 'delete-create') {
        await trx.deleteFrom('blacklist_entries').where('account_id', '=', this.accountId).where('list', '=', list).execute();
      }
      // Typed casts: PostgreSQL cannot infer a parameter's type from the target of INSERT ... SELECT.
      const result = await trx
        .insertInto('blacklist_entries')
        .columns(['account_id', 'list', 'value', 'createtime'])
        .expression((eb) =>
          eb
            .selectFrom('blacklist_staging')
            .select((staging) => [
              sql<number>`cast(${this.accountId} as integer)`.as('account_id'),
              sql<string>`cast(${list} as text)`.as('list'),
              staging.ref(column).$notNull().as('value'),
              sql<string>`cast(${now} as text)`.as('createtime'),
            ])
            .where('upload_id', '=', this.id)
            .where(column, 'is not', null)
            .orderBy('line'),
        )
        .onConflict((oc) => oc.columns(['account_id', 'list', 'value']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    });
  }

  /** Removes the staging rows (in slices) and then the upload itself. */
  async discard(): Promise<void> {
    const owned = this.db
      .selectFrom('blacklist_uploads')
      .select('id')
      .where('id', '=', this.id)
      .where('account_id', '=', this.accountId);
    const bounds = await this.db
      .selectFrom('blacklist_staging')
      .select((eb) => [eb.fn.min('line').as('first'), eb.fn.max('line').as('last')])
      .where('upload_id', 'in', owned)
      .executeTakeFirst();
    if (bounds?.first != null && bounds.last != null) {
      for (let from = Number(bounds.first); from <= Number(bounds.last); from += DISCARD_SLICE) {
        await this.db
          .deleteFrom('blacklist_staging')
          .where('upload_id', 'in', owned)
          .where('line', '>=', from)
          .where('line', '<', from + DISCARD_SLICE)
          .execute();
      }
    }
    await this.db.deleteFrom('blacklist_uploads').where('id', '=', this.id).where('account_id', '=', this.accountId).execute();
  }
}
