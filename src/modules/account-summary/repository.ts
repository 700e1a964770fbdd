import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type DatedTable, perZoneGroup, zoneKeyOf } from '../../db/time-buckets.js';
import type { DB } from '../../db/types.js';
import type { OffsetStretch } from '../../lib/zones.js';

// O10's reads: one statement for the totals (a scalar subquery per table) and one GROUP BY per day
// of the zone for each table with a time (db/time-buckets.ts: by UTC day and the shift to the
// zone's), over both windows at once (the service folds the days into the windows and the series).
// At most 1,466 rows per table (two a day), whatever the account holds.

export interface SummaryTotalsRow {
  customers: number;
  products: number;
  purchases: number;
  revenue: number;
  points_balance: number;
  user_events: number;
}

/** One day's figures (the zone's day); a day nothing happened on is absent. */
export interface DayFigures {
  day: string;
  new_customers: number;
  purchases: number;
  revenue: number;
  points_issued: number;
  points_redeemed: number;
  user_events: number;
}

/** Datetime bounds, inclusive, in the stored form, and the zone's offsets over them (lib/zones.ts). */
export interface DatetimeRange {
  from: string;
  to: string;
  stretches: OffsetStretch[];
}
type Measure = Exclude<keyof DayFigures, 'day'>;
type Measures = Partial<Record<Measure, RawBuilder<unknown>>>;

const count = sql`count(*)`;

export class AccountSummaryRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async totals(accountId: number): Promise<SummaryTotalsRow> {
    const of = (table: DatedTable | 'products', measure: RawBuilder<unknown>) =>
      sql`(select ${measure} from ${sql.table(table)} where account_id = ${accountId})`;
    const row = await this.db
      .selectNoFrom([
        of('users', count).as('customers'),
        of('products', count).as('products'),
        of('purchases', count).as('purchases'),
        of('purchases', sql`coalesce(sum(price_total), 0)`).as('revenue'),
        of('users', sql`coalesce(sum(points), 0)`).as('points_balance'),
        of('user_events', count).as('user_events'),
      ])
      .executeTakeFirstOrThrow();
    // PostgreSQL answers counts and integer sums as text (bigint, numeric).
    return {
      customers: Number(row.customers),
      products: Number(row.products),
      purchases: Number(row.purchases),
      revenue: Number(row.revenue),
      points_balance: Number(row.points_balance),
      user_events: Number(row.user_events),
    };
  }

  /** The figures of every day of `range` that has any, oldest first. */
  async days(accountId: number, range: DatetimeRange): Promise<DayFigures[]> {
    const rows = [
      ...(await this.perDay(accountId, range, 'users', 'createtime', { new_customers: count })),
      ...(await this.perDay(accountId, range, 'purchases', 'createtime', { purchases: count, revenue: sql`sum(rows.price_total)` })),
      ...(await this.perDay(accountId, range, 'points_transactions', 'createtime', {
        points_issued: sql`sum(case when rows.points > 0 then rows.points else 0 end)`,
        points_redeemed: sql`sum(case when rows.points < 0 then -rows.points else 0 end)`,
      })),
      ...(await this.perDay(accountId, range, 'user_events', 'datetime', { user_events: count })),
    ];
    const byDay = new Map<string, DayFigures>();
    for (const row of rows) {
      const day = zoneKeyOf(row, 'day');
      let figures = byDay.get(day);
      if (!figures) {
        figures = { day, new_customers: 0, purchases: 0, revenue: 0, points_issued: 0, points_redeemed: 0, user_events: 0 };
        byDay.set(day, figures);
      }
      for (const [name, value] of Object.entries(row)) if (name !== 'utc_key' && name !== 'shift') figures[name as Measure] += Number(value);
    }
    return [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
  }

  /** The measures of the account's rows of `table` per UTC day and shift to the zone's day, `column` within `range`: one GROUP BY over an index range where there is one. */
  private perDay(accountId: number, range: DatetimeRange, table: DatedTable, column: 'createtime' | 'datetime', measures: Measures) {
    return perZoneGroup(this.db, { table, column, accountId, ...range, groupBy: 'day', measures: measures as Record<string, RawBuilder<unknown>> });
  }
}
