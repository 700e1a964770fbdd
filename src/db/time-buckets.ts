import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type GroupBy, addDays } from '../lib/buckets.js';
import type { OffsetStretch } from '../lib/zones.js';
import type { DB } from './types.js';

// The days (or months) of a time zone for GROUP BY, the same SQL on both databases and no zone
// support asked of either. Datetimes are stored as UTC text `YYYY-MM-DD hh:mm:ss` (G7): a row's
// UTC day is its first 10 characters, and at an offset of -3 hours its day there is the day
// before when its time is before 03:00:00, at +5:30 the day after from 18:30:00: a comparison of
// text. Where the offset changes within the range (daylight saving), each stretch of constant offset
// (lib/zones.ts) has its own comparison. So the rows are grouped by their UTC day and that shift
// (-1, 0 or 1), at most two groups a day, over the same index range as the range's WHERE alone;
// the caller adds the shift to the day.

/** A table with an account's rows and a stored datetime column. */
export type DatedTable = 'users' | 'purchases' | 'points_transactions' | 'user_events';

const clock = (seconds: number) =>
  [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60].map((n) => String(n).padStart(2, '0')).join(':');

/** The days from a row's UTC day to its day at `offset` (seconds east of UTC): -1, 0 or 1. */
function shiftAt(time: RawBuilder<string>, offset: number): RawBuilder<number> {
  if (offset === 0) return sql<number>`0`;
  if (offset < 0) return sql<number>`case when substr(${time}, 12) < ${clock(-offset)} then -1 else 0 end`;
  return sql<number>`case when substr(${time}, 12) >= ${clock(86_400 - offset)} then 1 else 0 end`;
}

/** The days from a row's UTC day to its day in the zone whose stretches are `stretches`. */
function dayShift(time: RawBuilder<string>, stretches: OffsetStretch[]): RawBuilder<number> {
  const last = stretches[stretches.length - 1]!;
  if (stretches.length === 1) return shiftAt(time, last.offset);
  const cases = stretches.slice(0, -1).map((stretch) => sql`when ${time} < ${stretch.until} then ${shiftAt(time, stretch.offset)}`);
  return sql<number>`case ${sql.join(cases, sql` `)} else ${shiftAt(time, last.offset)} end`;
}

export interface ZoneGroups {
  table: DatedTable;
  column: 'createtime' | 'datetime';
  accountId: number;
  /** Inclusive bounds, stored form. */
  from: string;
  to: string;
  stretches: OffsetStretch[];
  /**
   * `month`: rows are grouped by their UTC month, save those whose zone's month can be another
   * (a shift of -1 on the 1st, of +1 from the 28th on), which stay by day: a few groups a month.
   */
  groupBy: GroupBy;
  measures: Record<string, RawBuilder<unknown>>;
  where?: RawBuilder<boolean>;
}

/** The statement of perZoneGroup (exported for EXPLAIN). */
export function zoneGroupsQuery({ table, column, accountId, from, to, stretches, groupBy, measures, where }: ZoneGroups): RawBuilder<ZoneGroupRow> {
  const time = sql.ref<string>(`rows.${column}`);
  const shift = dayShift(time, stretches);
  const key =
    groupBy === 'day'
      ? sql`substr(${time}, 1, 10)`
      : sql`case when (${shift} = -1 and substr(${time}, 9, 2) = '01') or (${shift} = 1 and substr(${time}, 9, 2) >= '28') then substr(${time}, 1, 10) else substr(${time}, 1, 7) end`;
  const selected = sql.join(Object.entries(measures).map(([name, measure]) => sql`${measure} as ${sql.ref(name)}`));
  // GROUP BY 1, 2: the select's expressions, which hold parameters PostgreSQL would not match if written twice.
  return sql<ZoneGroupRow>`
    select ${key} as utc_key, ${shift} as shift, ${selected}
    from ${sql.table(table)} as rows
    where rows.account_id = ${accountId} and ${time} >= ${from} and ${time} <= ${to}
    ${where ? sql`and ${where}` : sql``}
    group by 1, 2`;
}

export type ZoneGroupRow = Record<string, unknown> & { utc_key: string; shift: number | string };

/** One group's key: its UTC day (`YYYY-MM-DD`) and the shift to the zone's day, or a UTC month (`YYYY-MM`) that is the zone's month. */
export async function perZoneGroup(db: Kysely<DB>, request: ZoneGroups): Promise<ZoneGroupRow[]> {
  return (await zoneGroupsQuery(request).execute(db)).rows;
}

/** The zone's day (`YYYY-MM-DD`) or month (`YYYY-MM`) of a group. */
export function zoneKeyOf(row: ZoneGroupRow, groupBy: GroupBy): string {
  if (row.utc_key.length === 7) return row.utc_key;
  const day = addDays(row.utc_key, Number(row.shift));
  return groupBy === 'day' ? day : day.slice(0, 7);
}
