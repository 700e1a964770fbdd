// The API's datetimes are 'YYYY-MM-DD hh:mm:ss' in UTC (some accept or answer ISO 8601 with an
// offset); query ranges take a bare date 'YYYY-MM-DD' (the whole day). One place to convert, and
// one format for people everywhere in the console: `YYYY-MM-DD hh:mm <zone>` in the account's time
// zone (showDateTime; T5, "UTC" by default), or the bare UTC day `YYYY-MM-DD` where a whole day is
// meant (chart buckets, date filters).

import { zonedDateTime } from './format.js';

const API_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** Unix seconds of an API datetime ('YYYY-MM-DD hh:mm:ss' UTC, or ISO 8601); NaN when unreadable. */
export function toSeconds(datetime: string): number {
  const iso = API_DATETIME.test(datetime) ? `${datetime.replace(' ', 'T')}Z` : datetime;
  return Math.floor(Date.parse(iso) / 1000);
}

/** 'YYYY-MM-DD' (UTC) of a Date. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' of `days` days before today (UTC); 0 is today. */
export function daysAgo(days: number, now: Date = new Date()): string {
  return isoDate(new Date(now.getTime() - days * 86_400_000));
}

/**
 * A moment for people, the console's one format: `YYYY-MM-DD hh:mm UTC` (or the account's zone). Takes an API datetime,
 * ISO 8601 with an offset (converted to UTC), unix seconds or a Date; '—' for none; a bare day
 * stays `YYYY-MM-DD`; anything unreadable is shown as it came.
 */
export function showDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const ms = typeof value === 'number' ? value * 1000 : value instanceof Date ? value.getTime() : toSeconds(value) * 1000;
  if (!Number.isFinite(ms)) return String(value);
  return zonedDateTime(ms);
}

/** Day label for chart tables: 'YYYY-MM-DD' of unix seconds (UTC). */
export const dayOf = (seconds: number): string => isoDate(new Date(seconds * 1000));

/** Month label for chart tables: 'YYYY-MM' of unix seconds (UTC). */
export const monthOf = (seconds: number): string => isoDate(new Date(seconds * 1000)).slice(0, 7);

/** Date and time label for charts: showDateTime of unix seconds. */
export const minuteOf = (seconds: number): string => showDateTime(seconds);

/** Whole UTC days from `from` to `to` ('YYYY-MM-DD'), both included; NaN when either is unreadable. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
