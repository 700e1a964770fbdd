// The API's datetimes are 'YYYY-MM-DD hh:mm:ss' in UTC (some accept or answer ISO 8601 with an
// offset); query ranges take a bare date 'YYYY-MM-DD' (the whole day). One place to convert.

/** Unix seconds of an API datetime ('YYYY-MM-DD hh:mm:ss' UTC, or ISO 8601); NaN when unreadable. */
export function toSeconds(datetime: string): number {
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(datetime) ? `${datetime.replace(' ', 'T')}Z` : datetime;
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

/** An API datetime for people: as sent, with " UTC" when it is the API's UTC form. */
export function showDateTime(datetime: string | null | undefined): string {
  if (!datetime) return '—';
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(datetime) ? `${datetime} UTC` : datetime;
}

/** Day label for chart tables: 'YYYY-MM-DD' of unix seconds (UTC). */
export const dayOf = (seconds: number): string => isoDate(new Date(seconds * 1000));

/** Date and time label for chart tables: 'YYYY-MM-DD hh:mm' (UTC). */
export const minuteOf = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ');
