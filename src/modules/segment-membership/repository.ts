import { type Expression, type Kysely, type Selectable, sql, type SqlBool } from 'kysely';
import { skipLocked } from '../../db/locking.js';
import { isPostgres } from '../../db/schema-helpers.js';
import type { DB, SegmentLiveTable } from '../../db/types.js';
import { escapeLike } from '../../lib/fields.js';

// Stored segment membership (SG7) and its transitions (SG8): the statements of both paths. Every
// write of a member row says which rows it changed (RETURNING), and only those are transitions: when
// the customer path and the segment path evaluate one customer at once, the primary key lets one
// of them record the change.

export type LiveRow = Selectable<SegmentLiveTable>;

export interface DirtyRow {
  id: number;
  account_id: number;
  user_id: number;
  /** The table whose write made the mark; null: any (every segment is concerned). */
  source: string | null;
}

export interface MemberPair {
  segment_id: number;
  user_id: number;
}

export interface Transition extends MemberPair {
  type: 'entered' | 'exited';
}

export interface ChangeRow {
  id: number;
  type: 'entered' | 'exited';
  user_id: number;
  at: string;
}

/** A segment's condition over `users as u` (segments/compile.ts). */
export type MemberCondition = Expression<SqlBool>;

/** A segment's definition compiled (the segments module's value; only its conditions over `users as u` are read here). */
export interface CompiledCondition {
  readonly where: MemberCondition;
  /** The tables whose writes can change whether a customer meets it (a mark's `source`). */
  readonly sources: ReadonlySet<string>;
  /** `where` for customers with ids in (after, upTo], as fast as the database plans it. */
  forRange(after: number, upTo: number, dialect: 'sqlite' | 'postgres'): MemberCondition;
}

export class MembershipRepository {
  private readonly postgres: boolean;

  constructor(private readonly db: Kysely<DB>) {
    this.postgres = isPostgres(db as Kysely<unknown>);
  }

  /** The oldest marks, locked (PostgreSQL) so that another process takes the next ones. */
  async claimDirty(limit: number): Promise<DirtyRow[]> {
    const rows = await skipLocked(this.db, this.db.selectFrom('segment_dirty').select(['id', 'account_id', 'user_id', 'source']).orderBy('id').limit(limit)).execute();
    return rows.map((row) => ({ id: Number(row.id), account_id: Number(row.account_id), user_id: Number(row.user_id), source: row.source }));
  }

  /** Marks waiting, across accounts (the metrics' gauge). */
  async countDirty(): Promise<number> {
    const row = await this.db.selectFrom('segment_dirty').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Of these customers, those this transaction may evaluate (`held`: they exist, and on PostgreSQL
   * they are now locked `for key share`, so an erasure waits for this transaction before it reads
   * their memberships) and those an erasure or another writer holds `for update` right now (`busy`:
   * passed over, their marks kept for the next pass; no foreign key makes a member row wait for an
   * erasure, migration 0032). Customers in neither are gone.
   */
  async holdCustomers(userIds: readonly number[]): Promise<{ held: Set<number>; busy: Set<number> }> {
    if (userIds.length === 0) return { held: new Set(), busy: new Set() };
    const present = this.db.selectFrom('users').select('id').where('id', 'in', [...userIds]).orderBy('id');
    const held = new Set((await (this.postgres ? present.forKeyShare().skipLocked() : present).execute()).map((row) => Number(row.id)));
    const others = userIds.filter((id) => !held.has(id));
    if (!this.postgres || others.length === 0) return { held, busy: new Set() };
    const busy = new Set((await this.db.selectFrom('users').select('id').where('id', 'in', others).execute()).map((row) => Number(row.id)));
    return { held, busy };
  }

  /** Exactly the marks read: a mark written since stays for the next pass. */
  async deleteDirty(ids: readonly number[]): Promise<void> {
    if (ids.length > 0) await this.db.deleteFrom('segment_dirty').where('id', 'in', ids).execute();
  }

  /** The account's segments with their live state, in id order. */
  liveSegments(accountId: number) {
    return this.db
      .selectFrom('segments as s')
      .innerJoin('segment_live as l', 'l.segment_id', 's.id')
      .select(['s.id', 's.slug', 's.title', 's.definition', 'l.version', 'l.refresh_requested', 'l.refresh_announce', 'l.started_at', 'l.run_announce'])
      .where('s.account_id', '=', accountId)
      .orderBy('s.id')
      .execute();
  }

  /** The stored memberships of these customers. */
  async storedOf(accountId: number, userIds: readonly number[]): Promise<MemberPair[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('segment_members')
      .select(['segment_id', 'user_id'])
      .where('account_id', '=', accountId)
      .where('user_id', 'in', userIds)
      .execute();
    return rows.map((row) => ({ segment_id: Number(row.segment_id), user_id: Number(row.user_id) }));
  }

  /** Adds these members; answers the pairs that were not members already. */
  async enter(accountId: number, pairs: readonly MemberPair[], now: string): Promise<MemberPair[]> {
    if (pairs.length === 0) return [];
    const rows = await this.db
      .insertInto('segment_members')
      .values(pairs.map((pair) => ({ account_id: accountId, segment_id: pair.segment_id, user_id: pair.user_id, since: now })))
      .onConflict((oc) => oc.columns(['segment_id', 'user_id']).doNothing())
      .returning(['segment_id', 'user_id'])
      .execute();
    return rows.map((row) => ({ segment_id: Number(row.segment_id), user_id: Number(row.user_id) }));
  }

  /** Removes these members of one segment; answers those that were members. */
  async exit(segmentId: number, userIds: readonly number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db.deleteFrom('segment_members').where('segment_id', '=', segmentId).where('user_id', 'in', userIds).returning('user_id').execute();
    return rows.map((row) => Number(row.user_id));
  }

  /**
   * The segment path's step over the account's customers with ids in (after, upTo]: members the
   * condition now admits are added, members it no longer admits removed, each in one statement;
   * answers the transitions.
   */
  async refreshRange(accountId: number, segmentId: number, compiled: CompiledCondition, after: number, upTo: number, now: string): Promise<Transition[]> {
    const condition = compiled.forRange(after, upTo, this.postgres ? 'postgres' : 'sqlite');
    const admitted = this.db
      .selectFrom('users as u')
      .select('u.id')
      .where('u.account_id', '=', accountId)
      .where('u.id', '>', after)
      .where('u.id', '<=', upTo)
      .where(condition);
    const transition = (type: Transition['type']) => (row: { user_id: number | string }) => ({ type, segment_id: segmentId, user_id: Number(row.user_id) });
    if (this.postgres) {
      await sql`set local jit = off`.execute(this.db);
      // One statement: the condition is evaluated once (materialized) for both the new members and
      // the leavers (two statements evaluated it twice, most of a 1M-customer fill's time). Both
      // parts see the statement's snapshot; they touch different rows.
      const rows = await sql<{ type: Transition['type']; user_id: number | string }>`with admitted as materialized (${admitted}),
        entered as (
          insert into segment_members (account_id, segment_id, user_id, since)
          select cast(${accountId} as integer), cast(${segmentId} as integer), a.id, ${now} from admitted a
          on conflict (segment_id, user_id) do nothing
          returning user_id),
        exited as (
          delete from segment_members m
          where m.segment_id = ${segmentId} and m.user_id > ${after} and m.user_id <= ${upTo}
            and not exists (select 1 from admitted a where a.id = m.user_id)
          returning m.user_id)
        select 'entered' as type, user_id from entered
        union all
        select 'exited' as type, user_id from exited`.execute(this.db);
      return rows.rows.map((row) => transition(row.type)(row));
    }
    const entered = await this.db
      .insertInto('segment_members')
      .columns(['account_id', 'segment_id', 'user_id', 'since'])
      .expression(admitted.clearSelect().select([sql<number>`cast(${accountId} as integer)`.as('account_id'), sql<number>`cast(${segmentId} as integer)`.as('segment_id'), 'u.id', sql<string>`${now}`.as('since')]))
      .onConflict((oc) => oc.columns(['segment_id', 'user_id']).doNothing())
      .returning('user_id')
      .execute();
    const exited = await this.db
      .deleteFrom('segment_members')
      .where('segment_id', '=', segmentId)
      .where('user_id', '>', after)
      .where('user_id', '<=', upTo)
      .where('user_id', 'not in', admitted)
      .returning('user_id')
      .execute();
    return [...entered.map(transition('entered')), ...exited.map(transition('exited'))];
  }

  /** The id of the `size`-th customer of the account after `after` (or the last one); undefined when none is left. */
  async rangeEnd(accountId: number, after: number, size: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom((eb) => eb.selectFrom('users').select('id').where('account_id', '=', accountId).where('id', '>', after).orderBy('id').limit(size).as('next'))
      .select((eb) => eb.fn.max('next.id').as('last'))
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? undefined : Number(row.last);
  }

  async recordChanges(accountId: number, transitions: readonly Transition[], now: string): Promise<void> {
    if (transitions.length === 0) return;
    await this.db
      .insertInto('segment_changes')
      .values(transitions.map((t) => ({ account_id: accountId, segment_id: t.segment_id, user_id: t.user_id, type: t.type, at: now })))
      .execute();
  }

  /** SG8: a segment's transitions, newest first. */
  changes(accountId: number, segmentId: number, filter: { from?: string; to?: string; type?: 'entered' | 'exited' }, page: { limit: number; offset: number }): Promise<ChangeRow[]> {
    let query = this.db.selectFrom('segment_changes').select(['id', 'type', 'user_id', 'at']).where('account_id', '=', accountId).where('segment_id', '=', segmentId);
    if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('at', '<=', filter.to);
    if (filter.type !== undefined) query = query.where('type', '=', filter.type);
    return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute() as Promise<ChangeRow[]>;
  }

  /** Housekeeping: transitions older than `before`, a batch at a time; answers how many went. */
  async sweepChanges(before: string, batch: number): Promise<number> {
    const result = await this.db
      .deleteFrom('segment_changes')
      .where('id', 'in', (eb) => eb.selectFrom('segment_changes').select('id').where('at', '<', before).limit(batch))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Erasure (D1): the customer's memberships, then every trace of them here. */
  async eraseUser(accountId: number, userId: number): Promise<number[]> {
    const rows = await this.db.deleteFrom('segment_members').where('account_id', '=', accountId).where('user_id', '=', userId).returning('segment_id').execute();
    await this.db.deleteFrom('segment_changes').where('account_id', '=', accountId).where('user_id', '=', userId).execute();
    return rows.map((row) => Number(row.segment_id));
  }

  // --- the segment path's state (segment_live) ---

  /**
   * Requests an announced refresh of the account's segments whose stored definition mentions
   * `marker` (a write that changes many customers at once, as a value-group refresh does: marking
   * each customer would queue the whole account). A segment that reaches such a condition only
   * through another segment it refers to is caught by the periodic refresh.
   */
  async requestRefreshMentioning(accountId: number, marker: string): Promise<void> {
    await this.db
      .updateTable('segment_live')
      .set({
        refresh_announce: sql<number>`case when refresh_requested = 1 then refresh_announce else 1 end`,
        refresh_requested: 1,
      })
      .where('account_id', '=', accountId)
      .where('segment_id', 'in', (eb) =>
        eb.selectFrom('segments').select('id').where('account_id', '=', accountId).where(sql<SqlBool>`definition like ${`%${escapeLike(marker)}%`} escape '\\'`),
      )
      .execute();
  }


  /** A segment due for a refresh: requested, or not refreshed since `staleBefore`, and not leased by another process. */
  async dueSegment(now: string, staleBefore: string): Promise<LiveRow | undefined> {
    return this.db
      .selectFrom('segment_live')
      .selectAll()
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .where((eb) => eb.or([eb('refresh_requested', '=', 1), eb('started_at', 'is not', null), eb('refreshed_at', 'is', null), eb('refreshed_at', '<', staleBefore)]))
      .orderBy('refresh_requested', 'desc')
      .orderBy('refreshed_at')
      .limit(1)
      .executeTakeFirst();
  }

  /**
   * Takes the segment's refresh for `holder` until `leaseUntil` if nobody holds it; a refresh not
   * started yet starts now (a requested one with the announcement asked, a periodic one announced).
   */
  async claimRefresh(segmentId: number, holder: string, now: string, leaseUntil: string): Promise<LiveRow | undefined> {
    const claimed = await this.db
      .updateTable('segment_live')
      .set({
        holder,
        lease_until: leaseUntil,
        run_announce: sql<number>`case when started_at is not null then run_announce when refresh_requested = 1 then refresh_announce else 1 end`,
        refresh_requested: sql<number>`case when started_at is not null then refresh_requested else 0 end`,
        started_at: sql<string>`coalesce(started_at, ${now})`,
      })
      .where('segment_id', '=', segmentId)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .returningAll()
      .executeTakeFirst();
    return claimed;
  }

  /** Moves the refresh's cursor and lease on, if `holder` still holds this version's refresh. */
  async advance(segmentId: number, holder: string, version: number, cursor: number, leaseUntil: string): Promise<boolean> {
    const result = await this.db
      .updateTable('segment_live')
      .set({ cursor, lease_until: leaseUntil })
      .where('segment_id', '=', segmentId)
      .where('holder', '=', holder)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The refresh reached the last customer: refreshed as of its start. */
  async finishRefresh(segmentId: number, holder: string, version: number): Promise<boolean> {
    const result = await this.db
      .updateTable('segment_live')
      .set({ refreshed_at: sql<string>`started_at`, started_at: null, cursor: 0, holder: null, lease_until: null })
      .where('segment_id', '=', segmentId)
      .where('holder', '=', holder)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Gives the lease back (a process stopping between steps). */
  async release(segmentId: number, holder: string): Promise<void> {
    await this.db.updateTable('segment_live').set({ holder: null, lease_until: null }).where('segment_id', '=', segmentId).where('holder', '=', holder).execute();
  }
}
