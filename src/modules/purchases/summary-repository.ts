import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import type { SUMMARY_MAX_BUCKETS } from './schemas.js';

export type GroupBy = keyof typeof SUMMARY_MAX_BUCKETS;

export const KEY_LENGTH: Record<GroupBy, number> = { day: 10, month: 7 };

export interface SummaryFilter {
  groupBy: GroupBy;
  from: string;
  to: string;
  branchId?: number;
}

export class PurchaseSummaryRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The buckets that have purchases, in no particular order. */
  async totals(accountId: number, filter: SummaryFilter): Promise<Array<{ bucket: string; orders: number; revenue: number }>> {
    // A literal length, so that the SELECT and the GROUP BY are the same expression for PostgreSQL.
    const bucket = sql<string>`substr(createtime, 1, ${sql.lit(KEY_LENGTH[filter.groupBy])})`;
    let query = this.db
      .selectFrom('purchases')
      .select((eb) => [
        bucket.as('bucket'),
        eb.fn.countAll<number | string>().as('orders'),
        eb.fn.sum<number | string>('price_total').as('revenue'),
      ])
      .where('account_id', '=', accountId)
      .where('createtime', '>=', filter.from)
      .where('createtime', '<=', filter.to);
    if (filter.branchId !== undefined) query = query.where('branch_id', '=', filter.branchId);
    const rows = await query.groupBy(bucket).execute();
    return rows.map((row) => ({ bucket: row.bucket, orders: Number(row.orders), revenue: Number(row.revenue) }));
  }
}

