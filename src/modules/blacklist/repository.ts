import { type CompiledQuery, type Kysely, type SqlBool, sql } from 'kysely';
import { containsPattern } from '../../lib/fields.js';
import { isPostgres } from '../../db/schema-helpers.js';
import type { DB } from '../../db/types.js';
import { RequestQueue } from '../../jobs/queue.js';
import { privateStepTargetMs, runInSteps, stepTurns } from '../../jobs/stepping.js';
import { WebhookOutbox } from '../../jobs/webhooks/outbox.js';
import { visibleEntries } from '../../db/blacklist-visibility.js';
import type { OnListChanged } from './changes.js';
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
  /** L7: why it was put on the list one at a time; null otherwise. */
  reason: string | null;
}

/** L6–L7: which entries a listing shows, and in which order. */
export interface EntryFilter {
  /** A substring of the stored value (already in its stored form). */
  search?: string;
  order: 'oldest' | 'newest';
}

/** What L7's one-entry changes did; `busy` while an upload or another change holds the list. */
export type OneEntryOutcome = 'added' | 'present' | 'removed' | 'absent' | 'busy';

// Every change of a list is made of short transactions, so that reads never wait behind a long write: an upload writes its
// entries into a generation of their own, invisible until one tiny transaction makes it live (and
// for delete-create retires the live ones); a DELETE only retires. Retired generations are deleted
// in steps by the background worker (jobs.ts). See migration 0008 and docs/blacklist.md.

/** The background request that deletes a list's retired generations (jobs.ts). */
export const BLACKLIST_PURGE = 'blacklist.purge';

/** A change of the list holds it this long at most without renewing (a dead process lets go). */
export const LIST_LEASE_MS = 60_000;

/** A purge request for the list, unless one is already waiting to start (it will see our generations). */
async function requestPurge(trx: Kysely<DB>, accountId: number, list: BlacklistName, now: string): Promise<void> {
  const params = JSON.stringify({ list });
  const waiting = await trx
    .selectFrom('requests')
    .select('id')
    .where('account_id', '=', accountId)
    .where('type', '=', BLACKLIST_PURGE)
    .where('status', '=', 'pending')
    .where('params', '=', params)
    .executeTakeFirst();
  if (!waiting) await new RequestQueue(trx).accept(accountId, { type: BLACKLIST_PURGE, params: { list }, notifyTo: null }, now);
}

/** Retires every live generation of a list (generation 0 included: it is live unless retired). */
async function retireLive(trx: Kysely<DB>, accountId: number, list: BlacklistName, now: string): Promise<void> {
  await trx
    .updateTable('blacklist_generations')
    .set({ state: 'retired' })
    .where('account_id', '=', accountId)
    .where('list', '=', list)
    .where('state', '=', 'live')
    .execute();
  await trx
    .insertInto('blacklist_generations')
    .values({ account_id: accountId, list, generation: 0, state: 'retired', created_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'list', 'generation']).doUpdateSet({ state: 'retired' }))
    .execute();
  await requestPurge(trx, accountId, list, now);
}

/**
 * Every change of a list first locks that list's row (PostgreSQL row lock inside the transaction),
 * then checks or takes its lease: changes of one list never interleave, also across processes.
 */
async function lockList(trx: Kysely<DB>, accountId: number, list: BlacklistName, now: string): Promise<{ free: boolean }> {
  await trx
    .insertInto('blacklist_locks')
    .values({ account_id: accountId, list, updated_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'list']).doUpdateSet({ updated_at: now }))
    .execute();
  const row = await trx
    .selectFrom('blacklist_locks')
    .select(['holder', 'held_until'])
    .where('account_id', '=', accountId)
    .where('list', '=', list)
    .executeTakeFirstOrThrow();
  return { free: row.holder === null || row.held_until === null || row.held_until < now };
}

/**
 * L7's search: a substring of the stored value, `%`, `_` and `\` taken literally. Values are stored
 * lower-cased and the search is too, so SQLite's LIKE (ASCII case folding) and PostgreSQL's
 * (none) find the same entries.
 */
function valueContains(search: string) {
  return sql<SqlBool>`${sql.ref('blacklist_entries.value')} like ${containsPattern(search)} escape '\\'`;
}

export class BlacklistRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async list(accountId: number, list: BlacklistName, page: { limit: number; offset: number }, filter: EntryFilter = { order: 'oldest' }): Promise<EntryRow[]> {
    let query = visibleEntries(this.db, accountId, list).select(['value', 'createtime', 'reason']);
    if (filter.search !== undefined) query = query.where(valueContains(filter.search));
    return query
      .orderBy('id', filter.order === 'newest' ? 'desc' : 'asc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  /** L7: the entries whose value holds `search` (a count of the matches, not of the list). */
  async countMatching(accountId: number, list: BlacklistName, search: string): Promise<number> {
    const row = await visibleEntries(this.db, accountId, list)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(valueContains(search))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * L7: puts one value on the list at once (a tiny transaction), unless an upload or a DELETE
   * holds the list (`busy`: the caller waits and tries again, as a DELETE does).
   */
  async addOne(accountId: number, list: BlacklistName, value: string, reason: string | null, now: string, changed: OnListChanged): Promise<OneEntryOutcome> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await lockList(trx, accountId, list, now)).free) return 'busy';
      const repository = new BlacklistRepository(trx);
      if (!(await repository.suppress(accountId, list, value, now, reason))) return 'present';
      await changed(new WebhookOutbox(trx), () => repository.count(accountId, list));
      return 'added';
    });
  }

  /** L7: takes one value off the list at once; `absent` when it was not on it. */
  async removeOne(accountId: number, list: BlacklistName, value: string, now: string, changed: OnListChanged): Promise<OneEntryOutcome> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await lockList(trx, accountId, list, now)).free) return 'busy';
      const entries = await visibleEntries(trx, accountId, list).select(['id', 'generation']).where('value', '=', value).execute();
      if (entries.length === 0) return 'absent';
      for (const entry of entries) {
        await trx.deleteFrom('blacklist_entries').where('account_id', '=', accountId).where('id', '=', entry.id).execute();
        // A live upload's generation records its size (migration 0010); generation 0 is counted.
        if (entry.generation !== 0) {
          await trx
            .updateTable('blacklist_generations')
            .set((eb) => ({ entries: eb('entries', '-', 1) }))
            .where('account_id', '=', accountId)
            .where('list', '=', list)
            .where('generation', '=', entry.generation)
            .execute();
        }
      }
      await changed(new WebhookOutbox(trx), () => new BlacklistRepository(trx).count(accountId, list));
      return 'removed';
    });
  }

  /**
   * The list's size: the entries its live generations recorded when they went live (migration 0010),
   * plus generation 0's, counted, unless it is hidden. No count of the whole list; one statement,
   * so PostgreSQL answers it from one snapshot even while a change of the list commits.
   */
  async count(accountId: number, list: BlacklistName): Promise<number> {
    const { rows } = await sql<{ n: number | string }>`
      select coalesce((select sum(entries) from blacklist_generations
          where account_id = ${accountId} and list = ${list} and state = 'live' and generation <> 0), 0)
        + case when exists (select 1 from blacklist_generations
            where account_id = ${accountId} and list = ${list} and generation = 0 and state <> 'live')
          then 0
          else (select count(*) from blacklist_entries where generation = 0 and account_id = ${accountId} and list = ${list})
        end as n`.execute(this.db);
    return Number(rows[0]!.n);
  }

  async contains(accountId: number, list: BlacklistName, value: string): Promise<boolean> {
    const row = await visibleEntries(this.db, accountId, list).select('id').where('value', '=', value).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Empties a list in one tiny transaction: its live generations are retired (invisible at once) and
   * deleted later by the background worker. Returns false, changing nothing, while an upload holds
   * the list.
   */
  async clear(accountId: number, list: BlacklistName, now: string, changed: OnListChanged): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await lockList(trx, accountId, list, now)).free) return false;
      await retireLive(trx, accountId, list, now);
      await changed(new WebhookOutbox(trx), () => new BlacklistRepository(trx).count(accountId, list));
      return true;
    });
  }

  /**
   * One step of a purge: deletes at most `limit` entries of the list's retired generations, and
   * forgets a retired generation once it has none left. Returns the entries deleted; 0 when no
   * retired generation is left.
   */
  async purgeRetired(accountId: number, list: BlacklistName, limit: number): Promise<number> {
    for (;;) {
      const retired = await this.db
        .selectFrom('blacklist_generations')
        .select('generation')
        .where('account_id', '=', accountId)
        .where('list', '=', list)
        .where('state', '=', 'retired')
        .orderBy('generation')
        .limit(1)
        .executeTakeFirst();
      if (!retired) return 0;
      const deleted = await deleteGenerationRows(this.db, accountId, list, retired.generation, limit);
      if (deleted > 0) return deleted;
      await this.db
        .deleteFrom('blacklist_generations')
        .where('account_id', '=', accountId)
        .where('list', '=', list)
        .where('generation', '=', retired.generation)
        .where('state', '=', 'retired')
        .execute();
    }
  }

  /**
   * D2: puts one normalised value on its list at once, in the caller's transaction (an erasure's).
   * Locks the list's row first, as every change of a list does, then writes into a live generation:
   * generation 0 while it is live; else the newest live upload's, whose recorded size grows by one;
   * a list emptied since has none, so the value gets a live generation of its own (numbered, like an
   * upload's, by an id of blacklist_uploads, which is never reused). A replacement (delete-create)
   * being applied meanwhile retires it with the rest of the list when it goes live, as it retires
   * every entry it does not hold. False, changing nothing, when the value is already listed.
   */
  async suppress(accountId: number, list: BlacklistName, value: string, now: string, reason: string | null = null): Promise<boolean> {
    await lockList(this.db, accountId, list, now);
    const listed = await visibleEntries(this.db, accountId, list).select('id').where('value', '=', value).executeTakeFirst();
    if (listed) return false;
    const generations = this.db.selectFrom('blacklist_generations').where('account_id', '=', accountId).where('list', '=', list);
    const zeroHidden = await generations.select('state').where('generation', '=', 0).where('state', '<>', 'live').executeTakeFirst();
    let generation = 0;
    if (zeroHidden) {
      const live = await generations
        .select('generation')
        .where('state', '=', 'live')
        .where('generation', '<>', 0)
        .orderBy('generation', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (live) {
        generation = live.generation;
        await this.db
          .updateTable('blacklist_generations')
          .set((eb) => ({ entries: eb('entries', '+', 1) }))
          .where('account_id', '=', accountId)
          .where('list', '=', list)
          .where('generation', '=', generation)
          .execute();
      } else {
        const upload = await this.db
          .insertInto('blacklist_uploads')
          .values({ account_id: accountId, status: 'applied', created_at: now, touched_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await this.db.deleteFrom('blacklist_uploads').where('id', '=', upload.id).execute();
        generation = upload.id;
        await this.db
          .insertInto('blacklist_generations')
          .values({ account_id: accountId, list, generation, state: 'live', created_at: now, entries: 1 })
          .execute();
      }
    }
    await this.db
      .insertInto('blacklist_entries')
      .values({ account_id: accountId, list, value, createtime: now, generation, reason })
      .onConflict((oc) => oc.columns(['account_id', 'list', 'value', 'generation']).doNothing())
      .execute();
    return true;
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
   * without the server noticing) with their staging rows; the generation such an upload was writing
   * is retired (the worker purges it) and the list it held is let go. The one cross-account query of
   * this module: it is housekeeping of the staging area, reads no tenant data and returns none.
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
      // so it no longer matches, and its next step in turn refuses an upload that is no longer its own.
      const claimed = await this.db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('blacklist_uploads')
          .set({ status: 'swept' })
          .where('id', '=', id)
          .where('touched_at', '<', cutoff)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return false;
        await new StagedUpload(trx, account_id, id).giveUp(cutoff);
        return true;
      });
      if (!claimed) continue;
      await new StagedUpload(this.db, account_id, id).discard();
      swept += 1;
    }
    return swept;
  }
}

async function deleteGenerationRows(db: Kysely<DB>, accountId: number, list: string, generation: number, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('blacklist_entries')
    .where(
      'id',
      'in',
      db
        .selectFrom('blacklist_entries')
        .select('id')
        .where('account_id', '=', accountId)
        .where('list', '=', list)
        .where('generation', '=', generation)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Rows per staging statement of a full batch (2,000 parameters, well below either database's limit). */
export const STAGED_PER_STATEMENT = 500;
const stagingStatements = new Map<string, CompiledQuery>();

/**
 * The insert of STAGED_PER_STATEMENT staging rows, compiled once per dialect; its parameters are
 * upload_id, line, email, telephone of each row in turn (checked when it is compiled).
 */
function stagingStatement(db: Kysely<DB>): CompiledQuery {
  const dialect = isPostgres(db as Kysely<unknown>) ? 'postgres' : 'sqlite';
  let statement = stagingStatements.get(dialect);
  if (!statement) {
    const rows = Array.from({ length: STAGED_PER_STATEMENT }, (_, i) => ({ upload_id: -1, line: i, email: `e${i}`, telephone: `t${i}` }));
    statement = db.insertInto('blacklist_staging').values(rows).compile();
    const expected = rows.flatMap((row) => [row.upload_id, row.line, row.email, row.telephone]);
    if (JSON.stringify(statement.parameters) !== JSON.stringify(expected)) throw new Error('staging insert: unexpected parameter order');
    stagingStatements.set(dialect, statement);
  }
  return statement;
}

/** The upload was swept while applying, or lost its hold on the list. */
export class LostUpload extends Error {}

export type ApplyStart = 'started' | 'busy' | 'gone';

/**
 * One upload's staging area and the generation it writes, bound to its account. The generation's
 * number is the upload's id (unique, never reused; 0 is the entries that predate generations).
 */
export class StagedUpload {
  constructor(
    private readonly db: Kysely<DB>,
    readonly accountId: number,
    readonly id: number,
  ) {}

  private get holder(): string {
    return `upload:${this.id}`;
  }

  /**
   * Each batch is its own short statement: staging rows are invisible to readers until applied.
   * Full batches of STAGED_PER_STATEMENT rows run one statement compiled once, the rest is built
   * afresh: building a 2,000-parameter insert with Kysely for every batch cost seconds per million
   * lines and most of the upload's garbage.
   */
  async stage(rows: StagedRow[]): Promise<void> {
    let from = 0;
    if (rows.length >= STAGED_PER_STATEMENT) {
      const statement = stagingStatement(this.db);
      for (; from + STAGED_PER_STATEMENT <= rows.length; from += STAGED_PER_STATEMENT) {
        const parameters: unknown[] = [];
        for (let i = from; i < from + STAGED_PER_STATEMENT; i++) parameters.push(this.id, rows[i]!.line, rows[i]!.email, rows[i]!.telephone);
        await this.db.executeQuery({ ...statement, parameters });
      }
    }
    if (from === rows.length) return;
    await this.db
      .insertInto('blacklist_staging')
      .values(rows.slice(from).map((row) => ({ upload_id: this.id, line: row.line, email: row.email, telephone: row.telephone })))
      .execute();
  }

  /** Marks the upload alive, so the sweep of another upload leaves it alone. */
  async touch(now: string): Promise<void> {
    await this.transition(this.db, ['open', 'applying'], undefined, now);
  }

  /**
   * Moves the upload from one of `from` to `to` (or only marks it alive, when `to` is undefined);
   * false when it is in no state of `from` (the sweep took it).
   */
  private async transition(db: Kysely<DB>, from: string[], to: string | undefined, now: string): Promise<boolean> {
    const result = await db
      .updateTable('blacklist_uploads')
      .set(to === undefined ? { touched_at: now } : { status: to, touched_at: now })
      .where('id', '=', this.id)
      .where('account_id', '=', this.accountId)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Starts applying: takes the list (unless `hold` is false: a dry run changes no list), claims the
   * upload (open -> applying, refused if the sweep took it) and opens its generation, invisible.
   * 'busy': another change holds the list; nothing was done.
   */
  async beginApply(list: BlacklistName, hold: boolean, now: string, leaseUntil: string): Promise<ApplyStart> {
    return this.db.transaction().execute(async (trx) => {
      if (hold) {
        if (!(await lockList(trx, this.accountId, list, now)).free) return 'busy';
        await this.holdList(trx, list, leaseUntil);
      }
      // Refused: the hold is undone with the rest of this transaction.
      if (!(await this.transition(trx, ['open'], 'applying', now))) throw new LostUpload();
      await trx
        .insertInto('blacklist_generations')
        .values({ account_id: this.accountId, list, generation: this.id, state: 'writing', created_at: now })
        .execute();
      return 'started' as const;
    }).catch((error: unknown) => {
      if (error instanceof LostUpload) return 'gone' as const;
      throw error;
    });
  }

  private async holdList(trx: Kysely<DB>, list: BlacklistName, leaseUntil: string): Promise<void> {
    await trx
      .updateTable('blacklist_locks')
      .set({ holder: this.holder, held_until: leaseUntil })
      .where('account_id', '=', this.accountId)
      .where('list', '=', list)
      .execute();
  }

  /**
   * The staged lines' range, or undefined when nothing was staged (or the upload is not this
   * account's). Two lookups at either end of the primary key: one query taking min and max, or
   * reading the upload through a subquery, walked every staged row (60 ms for 1M lines on SQLite,
   * with every other request waiting).
   */
  async lineRange(): Promise<{ first: number; last: number } | undefined> {
    const owned = await this.db
      .selectFrom('blacklist_uploads')
      .select('id')
      .where('id', '=', this.id)
      .where('account_id', '=', this.accountId)
      .executeTakeFirst();
    if (!owned) return undefined;
    const end = (direction: 'asc' | 'desc') =>
      this.db.selectFrom('blacklist_staging').select('line').where('upload_id', '=', this.id).orderBy('line', direction).limit(1).executeTakeFirst();
    const [first, last] = [await end('asc'), await end('desc')];
    if (first === undefined || last === undefined) return undefined;
    return { first: Number(first.line), last: Number(last.line) };
  }

  /**
   * One step of the apply, in its own transaction: the staged values of lines [from, to) go into the
   * upload's generation in line order (`create`: only values not already listed; repeats within the
   * file are stored once). Renews the hold on the list (`hold`) and the upload's liveness; throws
   * LostUpload when either was taken away. Returns the entries added.
   */
  async applyStep(
    list: BlacklistName,
    action: UploadAction,
    lines: { from: number; to: number },
    hold: boolean,
    now: string,
    leaseUntil: string,
  ): Promise<number> {
    const column = list === 'email' ? 'email' : 'telephone';
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.transition(trx, ['applying'], undefined, now))) throw new LostUpload();
      if (hold) {
        const renewed = await trx
          .updateTable('blacklist_locks')
          .set({ held_until: leaseUntil })
          .where('account_id', '=', this.accountId)
          .where('list', '=', list)
          .where('holder', '=', this.holder)
          .executeTakeFirst();
        if (Number(renewed.numUpdatedRows) !== 1) throw new LostUpload();
      }
      // Typed casts: PostgreSQL cannot infer a parameter's type from the target of INSERT ... SELECT.
      const result = await trx
        .insertInto('blacklist_entries')
        .columns(['account_id', 'list', 'value', 'createtime', 'generation'])
        .expression((eb) => {
          let rows = eb
            .selectFrom('blacklist_staging as s')
            .select((staging) => [
              sql<number>`cast(${this.accountId} as integer)`.as('account_id'),
              sql<string>`cast(${list} as text)`.as('list'),
              staging.ref(`s.${column}`).$notNull().as('value'),
              sql<string>`cast(${now} as text)`.as('createtime'),
              sql<number>`cast(${this.id} as integer)`.as('generation'),
            ])
            .where('s.upload_id', '=', this.id)
            .where('s.line', '>=', lines.from)
            .where('s.line', '<', lines.to)
            .where(`s.${column}`, 'is not', null);
          if (action === 'create') {
            // Not listed yet. A scalar subquery, not NOT EXISTS: PostgreSQL turns NOT EXISTS into an
            // anti-join, which on tables without statistics it ran as a scan of the whole list for
            // every staged line (90 s for 2,000 lines against 60,000); a scalar subquery stays one
            // index lookup by value per line on both databases.
            rows = rows.where((where) =>
              where(
                visibleEntries(trx, this.accountId, list)
                  .select(sql.lit(1).as('listed'))
                  .where('blacklist_entries.value', '=', sql.ref<string>(`s.${column}`))
                  .limit(1),
                'is',
                null,
              ),
            );
          }
          return rows.orderBy('s.line');
        })
        .onConflict((oc) => oc.columns(['account_id', 'list', 'value', 'generation']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    });
  }

  /**
   * Makes the upload's generation live in one tiny transaction — for delete-create retiring the
   * generations that were live — and lets go of the list. Throws LostUpload when the hold was lost.
   */
  async finishApply(list: BlacklistName, action: UploadAction, now: string, entries: number, changed: OnListChanged): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await lockList(trx, this.accountId, list, now);
      const released = await trx
        .updateTable('blacklist_locks')
        .set({ holder: null, held_until: null })
        .where('account_id', '=', this.accountId)
        .where('list', '=', list)
        .where('holder', '=', this.holder)
        .executeTakeFirst();
      const applied = await this.transition(trx, ['applying'], 'applied', now);
      if (Number(released.numUpdatedRows) !== 1 || !applied) throw new LostUpload();
      if (action === 'delete-create') await retireLive(trx, this.accountId, list, now);
      await trx
        .updateTable('blacklist_generations')
        .set({ state: 'live', entries })
        .where('account_id', '=', this.accountId)
        .where('list', '=', list)
        .where('generation', '=', this.id)
        .execute();
      await changed(new WebhookOutbox(trx), () => new BlacklistRepository(trx).count(this.accountId, list));
    });
  }

  /**
   * The apply will not finish: lets go of the list and retires the generation being written (the
   * worker purges it). `now` also serves the sweep (its cut-off).
   */
  async giveUp(now: string): Promise<void> {
    const run = async (trx: Kysely<DB>) => {
      await trx
        .updateTable('blacklist_locks')
        .set({ holder: null, held_until: null })
        .where('account_id', '=', this.accountId)
        .where('holder', '=', this.holder)
        .execute();
      const writing = await trx
        .updateTable('blacklist_generations')
        .set({ state: 'retired' })
        .where('account_id', '=', this.accountId)
        .where('generation', '=', this.id)
        .where('state', '=', 'writing')
        .returning('list')
        .execute();
      for (const { list } of writing) await requestPurge(trx, this.accountId, list as BlacklistName, now);
    };
    if (this.db.isTransaction) await run(this.db);
    else await this.db.transaction().execute(run);
  }

  /** A dry run's generation: deleted here, in steps, and forgotten; nothing of it is left. */
  async dropGeneration(list: BlacklistName): Promise<void> {
    await runInSteps(stepTurns(this.db), async (size) => (await deleteGenerationRows(this.db, this.accountId, list, this.id, size)) > 0, {
      first: 2000,
      targetMs: privateStepTargetMs(this.db),
    });
    await this.db
      .deleteFrom('blacklist_generations')
      .where('account_id', '=', this.accountId)
      .where('list', '=', list)
      .where('generation', '=', this.id)
      .where('state', '=', 'writing')
      .execute();
  }

  /** Removes the staging rows, in steps, and then the upload itself. */
  async discard(): Promise<void> {
    const range = await this.lineRange();
    if (range) {
      let from = range.first;
      await runInSteps(
        stepTurns(this.db),
        async (size) => {
          await this.db
            .deleteFrom('blacklist_staging')
            .where('upload_id', '=', this.id)
            .where('line', '>=', from)
            .where('line', '<', from + size)
            .execute();
          from += size;
          return from <= range.last;
        },
        { first: 5000, max: 100_000, targetMs: privateStepTargetMs(this.db) },
      );
    }
    await this.db.deleteFrom('blacklist_uploads').where('id', '=', this.id).where('account_id', '=', this.accountId).execute();
  }
}
