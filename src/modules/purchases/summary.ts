import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import { parseDateRange } from '../../http/date-range.js';
import { invalidField } from '../../http/errors.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import { BranchesRepository } from '../branches/repository.js';
import { type PurchaseSummaryBucket, type PurchaseSummaryQuery, SUMMARY_MAX_BUCKETS } from './schemas.js';

// GET /purchases/summary: orders and revenue per UTC day (or month) for the console's chart.
// `createtime` is stored on both databases as UTC text `YYYY-MM-DD hh:mm:ss` (G7), so its first
// 10 (or 7) characters are its UTC day (or month): one GROUP BY, the same SQL on both dialects,
// served by the (account_id, createtime, id) index's range.

type GroupBy = keyof typeof SUMMARY_MAX_BUCKETS;

const KEY_LENGTH: Record<GroupBy, number> = { day: 10, month: 7 };
const DEFAULT_BUCKETS: Record<GroupBy, number> = { day: 30, month: 12 };

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

/** A UTC date from `YYYY-MM-DD…` text; setUTCFullYear, unlike Date.UTC, keeps years below 100. */
function utcDay(text: string): Date {
  const date = new Date(0);
  date.setUTCFullYear(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10)));
  return date;
}

function monthIndex(text: string): number {
  return Number(text.slice(0, 4)) * 12 + Number(text.slice(5, 7)) - 1;
}

/** The first instant of the default range: the day 29 days before `to`'s day, or the month 11 before its month. */
function defaultFrom(to: string, groupBy: GroupBy): string {
  const start = utcDay(to);
  if (groupBy === 'day') start.setUTCDate(start.getUTCDate() - (DEFAULT_BUCKETS.day - 1));
  else start.setUTCMonth(start.getUTCMonth() - (DEFAULT_BUCKETS.month - 1), 1);
  return formatDateTime(start);
}

function bucketCount(from: string, to: string, groupBy: GroupBy): number {
  if (groupBy === 'month') return monthIndex(to) - monthIndex(from) + 1;
  return Math.round((utcDay(to).getTime() - utcDay(from).getTime()) / 86_400_000) + 1;
}

/** Every bucket key from `from`'s to `to`'s, oldest first. */
function bucketKeys(from: string, to: string, groupBy: GroupBy): string[] {
  const keys: string[] = [];
  const cursor = utcDay(from);
  if (groupBy === 'month') cursor.setUTCDate(1);
  const last = to.slice(0, KEY_LENGTH[groupBy]);
  for (;;) {
    const key = formatDateTime(cursor).slice(0, KEY_LENGTH[groupBy]);
    keys.push(key);
    if (key >= last) return keys;
    if (groupBy === 'day') cursor.setUTCDate(cursor.getUTCDate() + 1);
    else cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
}

export class PurchaseSummaryService {
  private readonly repo: PurchaseSummaryRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {
    this.repo = new PurchaseSummaryRepository(db);
  }

  /** Every bucket of the range, empty ones with 0; a branch_name no branch has gives only zeros. */
  async summary(accountId: number, query: PurchaseSummaryQuery): Promise<PurchaseSummaryBucket[]> {
    const given = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);
    const groupBy: GroupBy = query.group_by === 'month' ? 'month' : 'day';
    const range = parseDateRange({ from: given(query.from), to: given(query.to) });
    const to = range.to ?? `${formatDateTime(this.clock.now()).slice(0, 10)} 23:59:59`;
    const from = range.from ?? defaultFrom(to, groupBy);
    if (from > to) throw invalidField('from', `must not be after to (${to})`);
    const count = bucketCount(from, to, groupBy);
    const max = SUMMARY_MAX_BUCKETS[groupBy];
    if (count > max) {
      throw invalidField('from', `the range may cover at most ${max} ${groupBy}s with group_by=${groupBy}; ${from} to ${to} covers ${count}`);
    }
    const filter: SummaryFilter = { groupBy, from, to };
    const branchName = given(query.branch_name);
    let rows: Awaited<ReturnType<PurchaseSummaryRepository['totals']>> = [];
    if (branchName === undefined) rows = await this.repo.totals(accountId, filter);
    else {
      const branch = await new BranchesRepository(this.db).findByName(accountId, branchName);
      if (branch) rows = await this.repo.totals(accountId, { ...filter, branchId: Number(branch.id) });
    }
    const found = new Map(rows.map((row) => [row.bucket, row]));
    return bucketKeys(from, to, groupBy).map((date) => {
      const row = found.get(date);
      // Rounded: sums of binary floats carry noise (0.1 + 0.2), and the two databases add in different orders.
      return { date, orders: row?.orders ?? 0, revenue: row ? Number(row.revenue.toFixed(6)) : 0 };
    });
  }
}
