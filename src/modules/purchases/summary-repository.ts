import type { Kysely } from 'kysely';
import { bucketOf } from '../../db/time-buckets.js';
import type { DB } from '../../db/types.js';
import type { GroupBy } from '../../lib/buckets.js';

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
    const bucket = bucketOf('createtime', filter.groupBy);
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

