import type { Kysely, Selectable } from 'kysely';
import type { DB, IntegrationStatsTable } from '../../db/types.js';
import type { Page } from '../../http/pagination.js';

export type IntegrationStatsRow = Selectable<IntegrationStatsTable>;

export interface CreatetimeRange {
  from?: string;
  to?: string;
}

export class IntegrationStatsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(accountId: number, createtime: string, data: string): Promise<IntegrationStatsRow> {
    return this.db
      .insertInto('integration_stats')
      .values({ account_id: accountId, createtime, data })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Newest createtime first, ties by id descending; bounds inclusive (G6). */
  async list(accountId: number, range: CreatetimeRange, page: Page): Promise<IntegrationStatsRow[]> {
    let query = this.db.selectFrom('integration_stats').selectAll().where('account_id', '=', accountId);
    if (range.from !== undefined) query = query.where('createtime', '>=', range.from);
    if (range.to !== undefined) query = query.where('createtime', '<=', range.to);
    return query.orderBy('createtime', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  }
}
