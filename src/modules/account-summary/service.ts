import { BUCKET_KEY_LENGTH, type GroupBy, addDays, bucketCount, bucketKeys, roundSum } from '../../lib/buckets.js';
import { invalidField } from '../../lib/errors.js';
import { dateField, given } from '../../lib/fields.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import { offsetStretches, timezoneField, zoneDay, zoneDayEnd, zoneDayStart } from '../../lib/zones.js';
import type { AccountSummaryRepository, DayFigures } from './repository.js';
import {
  type AccountSummary,
  type AccountSummaryQuery,
  SUMMARY_DEFAULT_DAYS,
  SUMMARY_MAX_DAYS,
  type SummaryBucket,
  type SummaryWindow,
} from './schemas.js';

// O10: GET /account/summary. The window is whole days, UTC's or those of the zone `timezone`
// names; the previous window is as many days just before it. The repository answers each table's
// figures per day of the zone over both windows; the days are folded here into the two windows and
// into the series' buckets (every bucket present).

type Figures = Omit<SummaryWindow, 'from' | 'to'>;

const WINDOW_MEASURES = ['new_customers', 'purchases', 'revenue', 'points_issued', 'points_redeemed', 'user_events'] as const;
const SERIES_MEASURES = ['new_customers', 'purchases', 'revenue', 'user_events'] as const;

function noFigures(): Figures {
  return { new_customers: 0, purchases: 0, revenue: 0, points_issued: 0, points_redeemed: 0, user_events: 0 };
}

function add<K extends keyof Figures>(into: Record<K, number>, day: DayFigures, measures: readonly K[]): void {
  for (const name of measures) into[name] += day[name];
}

/** A window as answered: its days and its figures, revenue rounded. */
function windowOf(from: string, to: string, figures: Figures): SummaryWindow {
  return { from, to, ...figures, revenue: roundSum(figures.revenue) };
}

export class AccountSummaryService {
  private readonly summaries: Pick<AccountSummaryRepository, 'totals' | 'days'>;
  private readonly countSegments: (accountId: number) => Promise<number>;
  private readonly clock: Clock;

  constructor({
    summaries,
    countSegments,
    clock,
  }: {
    summaries: Pick<AccountSummaryRepository, 'totals' | 'days'>;
    /** The account's segments, from whoever holds them (the composition root decides). */
    countSegments: (accountId: number) => Promise<number>;
    clock: Clock;
  }) {
    this.summaries = summaries;
    this.countSegments = countSegments;
    this.clock = clock;
  }

  async summary(accountId: number, query: AccountSummaryQuery): Promise<AccountSummary> {
    const groupBy: GroupBy = query.group_by === 'month' ? 'month' : 'day';
    const zoneText = given(query.timezone);
    const zone = zoneText === undefined ? 'UTC' : timezoneField('timezone', zoneText);
    const { from, to, days } = this.window(query, zone);
    const previous = { from: addDays(from, -days), to: addDays(from, -1) };

    const totals = await this.summaries.totals(accountId);
    const segments = await this.countSegments(accountId);
    const first = zoneDayStart(zone, previous.from);
    const last = zoneDayEnd(zone, to);
    const daily = await this.summaries.days(accountId, {
      from: formatDateTime(first),
      to: formatDateTime(last),
      stretches: offsetStretches(zone, first, last),
    });

    const current = noFigures();
    const before = noFigures();
    const series = new Map<string, SummaryBucket>(
      bucketKeys(from, to, groupBy).map((bucket) => [bucket, { bucket, new_customers: 0, purchases: 0, revenue: 0, user_events: 0 }]),
    );
    for (const day of daily) {
      if (day.day < from) {
        add(before, day, WINDOW_MEASURES);
        continue;
      }
      add(current, day, WINDOW_MEASURES);
      add(series.get(day.day.slice(0, BUCKET_KEY_LENGTH[groupBy]))!, day, SERIES_MEASURES);
    }
    return {
      totals: { ...totals, revenue: roundSum(totals.revenue), segments },
      window: windowOf(from, to, current),
      previous: windowOf(previous.from, previous.to, before),
      series: [...series.values()].map((bucket) => ({ ...bucket, revenue: roundSum(bucket.revenue) })),
    };
  }

  /** The window's first and last days (G7 bare dates; defaults: the 30 days ending today in `zone`) and its length. */
  private window(query: AccountSummaryQuery, zone: string): { from: string; to: string; days: number } {
    const givenFrom = given(query.from);
    const givenTo = given(query.to);
    const to = givenTo === undefined ? zoneDay(zone, this.clock.now()) : dateField('to', givenTo.trim());
    const from = givenFrom === undefined ? addDays(to, -(SUMMARY_DEFAULT_DAYS - 1)) : dateField('from', givenFrom.trim());
    if (from > to) throw invalidField('from', `must not be after to (${to})`);
    const days = bucketCount(from, to, 'day');
    if (days > SUMMARY_MAX_DAYS) {
      throw invalidField('from', `the window may cover at most ${SUMMARY_MAX_DAYS} days; ${from} to ${to} covers ${days}`);
    }
    return { from, to, days };
  }
}
