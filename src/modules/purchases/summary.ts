import { type GroupBy, bucketCount, bucketKeys, roundSum, utcDay } from '../../lib/buckets.js';
import { invalidField } from '../../lib/errors.js';
import { given, parseDateRange } from '../../lib/fields.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import type { BranchesRepository } from '../branches/repository.js';
import { type PurchaseSummaryBucket, type PurchaseSummaryQuery, SUMMARY_MAX_BUCKETS } from './schemas.js';
import type { PurchaseSummaryRepository, SummaryFilter } from './summary-repository.js';

// GET /purchases/summary: orders and revenue per UTC day (or month) for the console's chart.
// `createtime` is stored on both databases as UTC text `YYYY-MM-DD hh:mm:ss` (G7), so its first
// 10 (or 7) characters are its UTC day (or month): one GROUP BY, the same SQL on both dialects,
// served by the (account_id, createtime, id) index's range.

const DEFAULT_BUCKETS: Record<GroupBy, number> = { day: 30, month: 12 };

/** The first instant of the default range: the day 29 days before `to`'s day, or the month 11 before its month. */
function defaultFrom(to: string, groupBy: GroupBy): string {
  const start = utcDay(to);
  if (groupBy === 'day') start.setUTCDate(start.getUTCDate() - (DEFAULT_BUCKETS.day - 1));
  else start.setUTCMonth(start.getUTCMonth() - (DEFAULT_BUCKETS.month - 1), 1);
  return formatDateTime(start);
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
      return { date, orders: row?.orders ?? 0, revenue: row ? roundSum(row.revenue) : 0 };
    });
  }
}
