import { type Kysely, sql } from 'kysely';
import { perZoneGroup, zoneKeyOf } from '../../db/time-buckets.js';
import type { DB } from '../../db/types.js';
import type { GroupBy } from '../../lib/buckets.js';
import type { OffsetStretch } from '../../lib/zones.js';

export interface SummaryFilter {
  groupBy: GroupBy;
  /** Inclusive bounds, stored form. */
  from: string;
  to: string;
  /** The zone's offsets over the range (lib/zones.ts). */
  stretches: OffsetStretch[];
  branchId?: number;
}

export class PurchaseSummaryRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** The buckets (the zone's days or months) that have purchases, in no particular order. */
  async totals(accountId: number, filter: SummaryFilter): Promise<Array<{ bucket: string; orders: number; revenue: number }>> {
    const rows = await perZoneGroup(this.db, {
      table: 'purchases',
      column: 'createtime',
      accountId,
      from: filter.from,
      to: filter.to,
      stretches: filter.stretches,
      groupBy: filter.groupBy,
      measures: { orders: sql`count(*)`, revenue: sql`sum(rows.price_total)` },
      ...(filter.branchId === undefined ? {} : { where: sql<boolean>`rows.branch_id = ${filter.branchId}` }),
    });
    // A bucket may gather a few groups; PostgreSQL answers counts and numeric sums as text.
    const buckets = new Map<string, { bucket: string; orders: number; revenue: number }>();
    for (const row of rows) {
      const bucket = zoneKeyOf(row, filter.groupBy);
      const found = buckets.get(bucket) ?? { bucket, orders: 0, revenue: 0 };
      found.orders += Number(row.orders);
      found.revenue += Number(row.revenue);
      buckets.set(bucket, found);
    }
    return [...buckets.values()];
  }
}
