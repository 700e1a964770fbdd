import { formatDateTime } from './time.js';

// Calendar buckets for the summaries that answer every bucket of a range, empty ones included
// (GET /purchases/summary, GET /account/summary). Datetimes are stored as UTC text
// `YYYY-MM-DD hh:mm:ss` (G7), so a row's UTC day is its first 10 characters and its month its first 7.

export type GroupBy = 'day' | 'month';

/** How many leading characters of a stored datetime (or of a date) name its bucket. */
export const BUCKET_KEY_LENGTH: Record<GroupBy, number> = { day: 10, month: 7 };

/** A UTC date from `YYYY-MM-DD…` text; setUTCFullYear, unlike Date.UTC, keeps years below 100. */
export function utcDay(text: string): Date {
  const date = new Date(0);
  date.setUTCFullYear(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, Number(text.slice(8, 10)));
  return date;
}

/** The date `days` days after (before, when negative) the day of `YYYY-MM-DD…`, as `YYYY-MM-DD`. */
export function addDays(text: string, days: number): string {
  const date = utcDay(text);
  date.setUTCDate(date.getUTCDate() + days);
  return formatDateTime(date).slice(0, 10);
}

function monthIndex(text: string): number {
  return Number(text.slice(0, 4)) * 12 + Number(text.slice(5, 7)) - 1;
}

/** How many buckets run from `from`'s to `to`'s, both included. */
export function bucketCount(from: string, to: string, groupBy: GroupBy): number {
  if (groupBy === 'month') return monthIndex(to) - monthIndex(from) + 1;
  return Math.round((utcDay(to).getTime() - utcDay(from).getTime()) / 86_400_000) + 1;
}

/** Every bucket key from `from`'s to `to`'s, oldest first. */
export function bucketKeys(from: string, to: string, groupBy: GroupBy): string[] {
  const keys: string[] = [];
  const cursor = utcDay(from);
  if (groupBy === 'month') cursor.setUTCDate(1);
  const last = to.slice(0, BUCKET_KEY_LENGTH[groupBy]);
  for (;;) {
    const key = formatDateTime(cursor).slice(0, BUCKET_KEY_LENGTH[groupBy]);
    keys.push(key);
    if (key >= last) return keys;
    if (groupBy === 'day') cursor.setUTCDate(cursor.getUTCDate() + 1);
    else cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
}

/**
 * A sum of money as answered: sums of binary floats carry noise (0.1 + 0.2), and the two databases
 * add in different orders, so sums are rounded to 6 decimals.
 */
export function roundSum(value: number): number {
  return Number(value.toFixed(6));
}
