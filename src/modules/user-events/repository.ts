import { type Kysely, sql } from 'kysely';
import { accountAsFilter } from '../../db/planner-hints.js';
import { PreparedQuery } from '../../db/prepared.js';
import type { DB } from '../../db/types.js';
import type { Page } from '../../http/pagination.js';

export interface UserEventRow {
  id: number;
  event_id: number;
  user_id: number;
  datetime: string;
  metadata: string | null;
}

export interface UserSummary {
  id: number;
  service_uid: string | null;
  email: string | null;
}

export interface UserEventFilter {
  userId?: number;
  eventId?: number;
  from?: string;
  to?: string;
}

/** E5: one event's user events within [from, to]. */
export interface BulkDeleteFilter {
  eventId: number;
  from: string;
  to: string;
}

export interface NewUserEvent {
  eventId: number;
  userId: number;
  datetime: string;
  metadata: string | null;
}

const insertUserEvent = new PreparedQuery<
  { accountId: number; eventId: number; userId: number; datetime: string; metadata: string | null },
  { id: number }
>('user_events.insert', ['accountId', 'eventId', 'userId', 'datetime', 'metadata'], (db: Kysely<DB>, p) =>
  db
    .insertInto('user_events')
    .values({ account_id: p.accountId, event_id: p.eventId, user_id: p.userId, datetime: p.datetime, metadata: p.metadata })
    .returning('id'),
);

// GET /user-events: one compiled query per combination of filters (db/prepared.ts).
const userEventPage = new PreparedQuery<UserEventFilter & { accountId: number; limit: number; offset: number }, UserEventRow>(
  'user_events.page',
  ['accountId', 'userId', 'eventId', 'from', 'to', 'limit', 'offset'],
  (db: Kysely<DB>, p) => {
    // One customer's events come from the index by customer (user_id, datetime, …).
    const account = p.userId === undefined ? sql<boolean>`account_id = ${p.accountId}` : accountAsFilter(p.accountId);
    let query = db.selectFrom('user_events').select(['id', 'event_id', 'user_id', 'datetime', 'metadata']).where(account);
    if (p.userId !== undefined) query = query.where('user_id', '=', p.userId);
    if (p.eventId !== undefined) query = query.where('event_id', '=', p.eventId);
    if (p.from !== undefined) query = query.where('datetime', '>=', p.from);
    if (p.to !== undefined) query = query.where('datetime', '<=', p.to);
    return query.orderBy('datetime', 'desc').orderBy('id', 'desc').limit(p.limit).offset(p.offset);
  },
);

// A page's few distinct events, by primary key (db/planner-hints.ts).
const eventsById = new PreparedQuery<{ accountId: number; ids: number[] }, { id: number; name: string; createtime: string }>(
  'user_events.events-by-id',
  ['accountId', 'ids'],
  (db: Kysely<DB>, p) => db.selectFrom('events').select(['id', 'name', 'createtime']).where(accountAsFilter(p.accountId)).where('id', 'in', p.ids),
);

export class UserEventsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(accountId: number, values: NewUserEvent): Promise<number> {
    const [row] = await insertUserEvent.execute(this.db, { accountId, ...values });
    return Number(row!.id);
  }

  /**
   * Newest datetime first, then id (E4). Only the user_events columns: the few distinct events and
   * users of a page are read separately (joining them per row cost three times the listing itself).
   */
  list(accountId: number, filter: UserEventFilter, page: Page): Promise<UserEventRow[]> {
    return userEventPage.execute(this.db, { accountId, ...filter, limit: page.limit, offset: page.offset });
  }

  eventsByIds(accountId: number, ids: number[]): Promise<Array<{ id: number; name: string; createtime: string }>> {
    return eventsById.execute(this.db, { accountId, ids });
  }

  /**
   * Deletes at most `limit` user events of one event within [from, to]. Bounded so each
   * transaction stays short and the API keeps answering during a deletion of millions.
   * The account scope is in the subquery that picks the ids: repeating it on the outer DELETE makes
   * SQLite's planner scan the whole account through an index instead of deleting by primary key.
   */
  async deleteBatch(accountId: number, filter: BulkDeleteFilter, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('user_events')
      .where('id', 'in', this.inBulkRange(accountId, filter).select('id').limit(limit))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** O8: how many rows deleteBatch, repeated to the end, would delete now. */
  async countBulkRange(accountId: number, filter: BulkDeleteFilter): Promise<number> {
    const row = await this.inBulkRange(accountId, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private inBulkRange(accountId: number, filter: BulkDeleteFilter) {
    return this.db
      .selectFrom('user_events')
      .where('account_id', '=', accountId)
      .where('event_id', '=', filter.eventId)
      .where('datetime', '>=', filter.from)
      .where('datetime', '<=', filter.to);
  }
}
