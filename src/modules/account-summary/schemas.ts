import { type Static, Type } from 'typebox';
import { Envelope } from '../../http/envelope.js';

// O10: GET /account/summary, the overview page's numbers in one answer.

/** The longest window the summary answers, in whole days (a leap year). */
export const SUMMARY_MAX_DAYS = 366;
/** The default window: this many days, today included. */
export const SUMMARY_DEFAULT_DAYS = 30;

// Text, so that an empty `from=`, `to=`, `group_by=` or `timezone=` is "not given" (G7).
export const AccountSummaryQuery = Type.Object(
  {
    from: Type.Optional(Type.String({ maxLength: 64, description: 'First day of the window, YYYY-MM-DD (a whole day of timezone). Default: 29 days before to' })),
    to: Type.Optional(Type.String({ maxLength: 64, description: 'Last day of the window, YYYY-MM-DD (a whole day of timezone). Default: today in timezone' })),
    group_by: Type.Optional(
      Type.Unsafe<'day' | 'month' | ''>({ type: 'string', enum: ['day', 'month', ''], description: 'Bucket of the series: day (default) or month, of timezone' }),
    ),
    timezone: Type.Optional(
      Type.String({ maxLength: 64, description: 'IANA time zone whose days the window, the previous window and the series are, e.g. America/Argentina/Buenos_Aires. Default: UTC' }),
    ),
  },
  { additionalProperties: false },
);
export type AccountSummaryQuery = Static<typeof AccountSummaryQuery>;

const Count = (description: string) => Type.Integer({ minimum: 0, description });
const Revenue = (description: string) => Type.Number({ description: `${description}, rounded to 6 decimals` });

export const SummaryTotals = Type.Object({
  customers: Count('Customers (users) of the account'),
  products: Count('Products of the account'),
  purchases: Count('Purchases of the account'),
  revenue: Revenue('Sum of every purchase\'s prices.total'),
  points_balance: Type.Integer({ description: 'Sum of every customer\'s points balance' }),
  user_events: Count('User events of the account'),
  segments: Count('Segments of the account'),
});

/** The figures a window and a bucket of the series both have, described for `span`. */
const figures = (span: 'window' | 'bucket') => ({
  new_customers: Count(`Customers created in the ${span}`),
  purchases: Count(`Purchases whose createtime lies in the ${span}`),
  revenue: Revenue('Sum of their prices.total'),
  user_events: Count(`User events whose datetime lies in the ${span}`),
});

// user_events taken out so that the window's keys come in O10's order.
const { user_events, ...windowFigures } = figures('window');

export const SummaryWindow = Type.Object({
  from: Type.String({ description: 'First day (of timezone, UTC by default), YYYY-MM-DD' }),
  to: Type.String({ description: 'Last day (of timezone, UTC by default), YYYY-MM-DD (included)' }),
  ...windowFigures,
  points_issued: Count('Sum of the positive points-ledger entries of the window'),
  points_redeemed: Count('Sum of the negative points-ledger entries of the window, as a positive number'),
  user_events,
});
export type SummaryWindow = Static<typeof SummaryWindow>;

export const SummaryBucket = Type.Object({
  bucket: Type.String({ description: 'The day YYYY-MM-DD of timezone (UTC by default), or the month YYYY-MM with group_by=month (only the window\'s days count)' }),
  ...figures('bucket'),
});
export type SummaryBucket = Static<typeof SummaryBucket>;

export const AccountSummary = Type.Object({
  totals: SummaryTotals,
  window: SummaryWindow,
  previous: Type.Object(SummaryWindow.properties, { description: 'The window of equal length just before `window`' }),
  series: Type.Array(SummaryBucket, { description: 'Every bucket of the window, oldest first, empty ones with 0' }),
});
export type AccountSummary = Static<typeof AccountSummary>;

export const AccountSummaryEnvelope = Envelope(AccountSummary);
