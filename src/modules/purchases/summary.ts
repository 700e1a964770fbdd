import { type GroupBy, bucketCount, bucketKeys, roundSum, utcDay } from '../../lib/buckets.js';
import { invalidField } from '../../lib/errors.js';
import { DATETIME_OR_DATE_RULE, given } from '../../lib/fields.js';
import { type Clock, formatDateTime, parseDate, parseDateTime } from '../../lib/time.js';
import { offsetStretches, timezoneField, zoneDay, zoneDayEnd, zoneDayStart } from '../../lib/zones.js';
import type { BranchesRepository } from '../branches/repository.js';
import { type PurchaseSummaryBucket, type PurchaseSummaryQuery, SUMMARY_MAX_BUCKETS } from './schemas.js';
import type { PurchaseSummaryRepository, SummaryFilter } from './summary-repository.js';

// GET /purchases/summary: orders and revenue per day (or month) for the console's chart, in UTC or
// in the zone `timezone` names: one GROUP BY over the (account_id, createtime, id) index's range,
// by the rows' UTC day and its shift to the zone's day (db/time-buckets.ts), the same SQL on both
// dialects; the groups are added up here into the zone's days or months.

const DEFAULT_BUCKETS: Record<GroupBy, number> = { day: 30, month: 12 };

/** The day of the default range's start: 29 days before `toDay`, or the first of the month 11 before its month. */
function defaultFromDay(toDay: string, groupBy: GroupBy): string {
  const start = utcDay(toDay);
  if (groupBy === 'day') start.setUTCDate(start.getUTCDate() - (DEFAULT_BUCKETS.day - 1));
  else start.setUTCMonth(start.getUTCMonth() - (DEFAULT_BUCKETS.month - 1), 1);
  return formatDateTime(start).slice(0, 10);
}

/** A range bound (G7): a datetime as given, or a bare date as the first (last) second of that day in `zone`. */
function bound(field: 'from' | 'to', text: string, zone: string): Date {
  const trimmed = text.trim();
  if (parseDate(trimmed)) return field === 'from' ? zoneDayStart(zone, trimmed) : zoneDayEnd(zone, trimmed);
  const parsed = parseDateTime(trimmed);
  if (!parsed) throw invalidField(field, DATETIME_OR_DATE_RULE);
  return parsed;
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
    const zoneText = given(query.timezone);
    const zone = zoneText === undefined ? 'UTC' : timezoneField('timezone', zoneText);
    const fromText = given(query.from);
    const toText = given(query.to);
    const givenFrom = fromText === undefined ? undefined : bound('from', fromText, zone);
    const to = toText === undefined ? zoneDayEnd(zone, zoneDay(zone, this.clock.now())) : bound('to', toText, zone);
    const from = givenFrom ?? zoneDayStart(zone, defaultFromDay(zoneDay(zone, to), groupBy));
    if (from > to) throw invalidField('from', `must not be after to (${formatDateTime(to)})`);
    const count = bucketCount(zoneDay(zone, from), zoneDay(zone, to), groupBy);
    const max = SUMMARY_MAX_BUCKETS[groupBy];
    if (count > max) {
      throw invalidField(
        'from',
        `the range may cover at most ${max} ${groupBy}s with group_by=${groupBy}; ${formatDateTime(from)} to ${formatDateTime(to)} covers ${count}`,
      );
    }
    const filter: SummaryFilter = { groupBy, from: formatDateTime(from), to: formatDateTime(to), stretches: offsetStretches(zone, from, to) };
    const branchName = given(query.branch_name);
    let rows: Awaited<ReturnType<PurchaseSummaryRepository['totals']>> = [];
    if (branchName === undefined) rows = await this.repo.totals(accountId, filter);
    else {
      const branch = await this.branches.findByName(accountId, branchName);
      if (branch) rows = await this.repo.totals(accountId, { ...filter, branchId: Number(branch.id) });
    }
    const found = new Map(rows.map((row) => [row.bucket, row]));
    return bucketKeys(zoneDay(zone, from), zoneDay(zone, to), groupBy).map((date) => {
      const row = found.get(date);
      return { date, orders: row?.orders ?? 0, revenue: row ? roundSum(row.revenue) : 0 };
    });
  }
}
