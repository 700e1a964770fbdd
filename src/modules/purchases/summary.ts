import { invalidField } from '../../lib/errors.js';
import { given, parseDateRange } from '../../lib/fields.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import type { BranchesRepository } from '../branches/repository.js';
import { type PurchaseSummaryBucket, type PurchaseSummaryQuery, SUMMARY_MAX_BUCKETS } from './schemas.js';
import { type GroupBy, KEY_LENGTH, type PurchaseSummaryRepository, type SummaryFilter } from './summary-repository.js';

// GET /purchases/summary: orders and revenue per UTC day (or month) for the console's chart.
// `createtime` is stored on both databases as UTC text `YYYY-MM-DD hh:mm:ss` (G7), so its first
// 10 (or 7) characters are its UTC day (or month): one GROUP BY, the same SQL on both dialects,
// served by the (account_id, createtime, id) index's range.

const DEFAULT_BUCKETS: Record<GroupBy, number> = { day: 30, month: 12 };

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
  private readonly branches: Pick<BranchesRepository, 'findByName'>;
  private readonly clock: Clock;

  constructor({ summaries, branches, clock }: { summaries: PurchaseSummaryRepository; branches: Pick<BranchesRepository, 'findByName'>; clock: Clock }) {
    this.repo = summaries;
    this.branches = branches;
    this.clock = clock;
  }

  /** Every bucket of the range, empty ones with 0; a branch_name no branch has gives only zeros. */
  async summary(accountId: number, query: PurchaseSummaryQuery): Promise<PurchaseSummaryBucket[]> {
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
      const branch = await this.branches.findByName(accountId, branchName);
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
