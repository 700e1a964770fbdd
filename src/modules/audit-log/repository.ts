import { type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import type { AuditLogTable, DB } from '../../db/types.js';
import type { Page } from '../../http/pagination.js';

export type AuditRow = Omit<Selectable<AuditLogTable>, 'account_id'>;

export type NewAuditRow = Omit<AuditRow, 'id'>;

export interface AuditFilter {
  from?: string;
  to?: string;
  method?: string;
  /** This path, or any path below it. */
  path?: string;
}

export class AuditLogRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(accountId: number, row: NewAuditRow): Promise<void> {
    await this.db.insertInto('audit_log').values({ account_id: accountId, ...row }).execute();
  }

  /** Newest first, ties by id descending (G6). */
  list(accountId: number, filter: AuditFilter, page: Page): Promise<AuditRow[]> {
    let query = this.db
      .selectFrom('audit_log')
      .select(['id', 'time', 'key_prefix', 'actor_email', 'method', 'path', 'status', 'request_id', 'summary'])
      .where('account_id', '=', accountId);
    if (filter.from !== undefined) query = query.where('time', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('time', '<=', filter.to);
    if (filter.method !== undefined) query = query.where('method', '=', filter.method);
    if (filter.path !== undefined) {
      // An exact prefix test both databases answer alike (LIKE ignores case on SQLite, and ranges
      // follow PostgreSQL's collation): the first characters equal `path/`.
      const below = `${filter.path}/`;
      query = query.where((eb) =>
        eb.or([eb('path', '=', filter.path!), sql<SqlBool>`substr(path, 1, ${[...below].length}) = ${below}`]),
      );
    }
    return query.orderBy('time', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  }

  /**
   * Deletes at most `limit` rows older than `before`, of every account: the 400-day sweep (D7) is
   * upkeep of the table, not a request of one account.
   */
  async deleteOlderThan(before: string, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('audit_log')
      .where('id', 'in', (eb) => eb.selectFrom('audit_log').select('id').where('time', '<', before).limit(limit))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
