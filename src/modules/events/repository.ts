import type { Kysely, Selectable } from 'kysely';
import { PreparedQuery } from '../../db/prepared.js';
import type { DB, EventsTable } from '../../db/types.js';
import type { Page } from '../../http/pagination.js';

export type EventRow = Selectable<EventsTable>;

// Every POST /user-events looks its event up by name.
const eventByName = new PreparedQuery<{ accountId: number; name: string }, EventRow>(
  'events.by-name',
  ['accountId', 'name'],
  (db: Kysely<DB>, p) => db.selectFrom('events').selectAll().where('account_id', '=', p.accountId).where('name', '=', p.name),
);

// GET /events.
const eventPage = new PreparedQuery<{ accountId: number; limit: number; offset: number }, EventRow>(
  'events.page',
  ['accountId', 'limit', 'offset'],
  (db: Kysely<DB>, p) => db.selectFrom('events').selectAll().where('account_id', '=', p.accountId).orderBy('id').limit(p.limit).offset(p.offset),
);

export class EventsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  list(accountId: number, page: Page): Promise<EventRow[]> {
    return eventPage.execute(this.db, { accountId, limit: page.limit, offset: page.offset });
  }

  findById(accountId: number, id: number): Promise<EventRow | undefined> {
    return this.db.selectFrom('events').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  async findByName(accountId: number, name: string): Promise<EventRow | undefined> {
    return (await eventByName.execute(this.db, { accountId, name }))[0];
  }

  /** The events of these names that exist (any order). */
  findByNames(accountId: number, names: string[]): Promise<EventRow[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('events').selectAll().where('account_id', '=', accountId).where('name', 'in', names).execute();
  }

  create(accountId: number, name: string, now: string): Promise<EventRow> {
    return this.db
      .insertInto('events')
      .values({ account_id: accountId, name, createtime: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Deletes the event; its user events go with it (foreign key cascade). */
  async delete(accountId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('events').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
