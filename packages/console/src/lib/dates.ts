// The API's datetimes are 'YYYY-MM-DD hh:mm:ss' in UTC (some accept or answer ISO 8601 with an
// offset); query ranges take a bare date 'YYYY-MM-DD' (the whole day). One place to convert, and
// one rule for people everywhere in the console (lib/format.ts does the writing): a moment is its
// date in the account locale's order, its time and zone, "29/12/2026 21:30 GMT-3" (showDateTime);
// a whole day is the date alone, "29/12/2026" (showDay), a month "12/2026" (showMonth); words are
// English (formatDay). Values for machines (URLs, CSV files, the API) stay 'YYYY-MM-DD'.

import { displaySettings, numericDate, numericMonth, zoneName, zoneOffset, zonePlace, zonedDateTime } from './format.js';

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

/** 'YYYY-MM-DD' of `days` days before today, the account's day (T5's zone); 0 is today. */
export function daysAgo(days: number, now: Date = new Date()): string {
  const today = zonedWall(now.getTime()).slice(0, 10);
  return isoDate(new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000));
}

/**
 * A moment for people, the console's one format: "29/12/2026 21:30 GMT-3" (es), "12/29/2026 09:30 PM UTC"
 * (en), in the account's zone and locale order (lib/format.ts zonedDateTime). Takes an API
 * datetime, ISO 8601 with an offset (converted to UTC), unix seconds or a Date; '—' for none; a
 * bare day ('YYYY-MM-DD') is shown as a day (showDay); anything unreadable is shown as it came.
 */
export function showDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return showDay(value);
  const ms = typeof value === 'number' ? value * 1000 : value instanceof Date ? value.getTime() : toSeconds(value) * 1000;
  if (!Number.isFinite(ms)) return String(value);
  return zonedDateTime(ms);
}

/** A whole day ('YYYY-MM-DD') for people: "29/12/2026" (es, en-GB), "12/29/2026" (en-US); '—' for none; unreadable text as it came. */
export function showDay(day: string | null | undefined): string {
  if (day === null || day === undefined || day === '') return '—';
  return dayAsTyped(day) || day;
}

/** A month ('YYYY-MM') for people: "12/2026"; '—' for none; unreadable text as it came. */
export function showMonth(month: string | null | undefined): string {
  if (month === null || month === undefined || month === '') return '—';
  const ms = /^\d{4}-\d{2}$/.test(month) ? Date.parse(`${month}-01T00:00:00Z`) : Number.NaN;
  return Number.isFinite(ms) ? numericMonth(ms, 'UTC') : month;
}

/** Day label for chart tables and legends: showDay of unix seconds (the bucket's UTC date). */
export const dayOf = (seconds: number): string => numericDate(seconds * 1000, 'UTC');

/** Month label for chart tables and legends: showMonth of unix seconds (the bucket's UTC date). */
export const monthOf = (seconds: number): string => numericMonth(seconds * 1000, 'UTC');

/** Date and time label for charts: showDateTime of unix seconds. */
export const minuteOf = (seconds: number): string => showDateTime(seconds);

/** Whole UTC days from `from` to `to` ('YYYY-MM-DD'), both included; NaN when either is unreadable. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

// The account's time zone (T5) for what people type: a date-only field means that day in the
// account's zone, a datetime field that wall time there. The API stores UTC ('YYYY-MM-DD hh:mm:ss').

const WALL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/;

/** 'YYYY-MM-DD hh:mm:ss' of a moment (milliseconds) on the clocks of `zone`. */
function wallTime(ms: number, zone: string): string {
  if (zone === 'UTC') return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(ms));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** 'YYYY-MM-DD hh:mm:ss' of a moment (milliseconds) on the account's clocks. */
export const zonedWall = (ms: number): string => wallTime(ms, displaySettings().timezone);

/** Milliseconds of a wall time read as if it were UTC; NaN when unreadable. */
function asUtc(wall: string): number {
  const m = WALL.exec(wall);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
}

/** The API datetime (UTC) of a wall time ('YYYY-MM-DD[ hh:mm[:ss]]') in the account's zone; '' when unreadable. */
export function fromZoned(wall: string): string {
  const zone = displaySettings().timezone;
  const guess = asUtc(wall);
  if (!Number.isFinite(guess)) return '';
  // Twice: the first guess's offset may be the other side of a daylight-saving change.
  let ms = guess - (asUtc(wallTime(guess, zone)) - guess);
  ms = guess - (asUtc(wallTime(ms, zone)) - ms);
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** The wall time 'YYYY-MM-DD hh:mm:ss' in the account's zone of an API datetime (UTC); '' when unreadable. */
export function toZoned(datetime: string): string {
  const ms = toSeconds(datetime) * 1000;
  return Number.isFinite(ms) ? wallTime(ms, displaySettings().timezone) : '';
}

/** The first second of a day ('YYYY-MM-DD') in the account's zone, as an API datetime (UTC); text that is no day goes as it is, for the API to name the field. */
export const zoneDayStart = (day: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(day) && fromZoned(`${day} 00:00:00`)) || day;
/** The last second of a day ('YYYY-MM-DD') in the account's zone, as an API datetime (UTC); text that is no day goes as it is. */
export const zoneDayEnd = (day: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(day) && fromZoned(`${day} 23:59:59`)) || day;

/**
 * A day ('YYYY-MM-DD') in words, English as the rest of the console, in the account locale's order:
 * "Sunday, 1 November 2026" where the day comes first (es, en-GB), "Sunday, November 1, 2026"
 * where the month does (en-US); '' for none. Shown beside a date field.
 */
export function formatDay(day: string): string {
  const ms = asUtc(day);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isFinite(ms)) return '';
  const pattern = dayPattern();
  const english = pattern.indexOf('DD') < pattern.indexOf('MM') ? 'en-GB' : 'en-US';
  return new Intl.DateTimeFormat(english, { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(ms));
}

/** A day ('YYYY-MM-DD') in digits, the account locale's order: "29/12/2026" (es), "12/29/2026" (en); '' for none. */
export function dayAsTyped(day: string): string {
  const ms = asUtc(day);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Number.isFinite(ms)) return '';
  return numericDate(ms, 'UTC');
}

/**
 * The day ('YYYY-MM-DD') a person typed: in the account locale's order (dayPattern: "29/12/2026",
 * "29-12-26", "29.12.2026" in es), or year first ("2026-12-29"); null when it is not a real day.
 */
export function readTypedDay(text: string, { fullYear = false }: { fullYear?: boolean } = {}): string | null {
  const trimmed = text.trim();
  const parts = trimmed.split(/\D+/).filter(Boolean);
  if (parts.length !== 3) return null;
  if (fullYear && !COMPLETE_DAY.test(trimmed)) return null;
  let year: number, month: number, day: number;
  if (/^\d{4}\D/.test(trimmed)) [year, month, day] = parts.map(Number) as [number, number, number];
  else {
    const order = dayPattern().match(/DD|MM|YYYY/g) ?? ['MM', 'DD', 'YYYY'];
    const at = (token: string) => Number(parts[order.indexOf(token)]);
    [year, month, day] = [at('YYYY'), at('MM'), at('DD')];
    if (year < 100) year += 2000;
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (!Number.isFinite(date.getTime()) || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** Typed in full (day, month and a four-digit year, either order), so a day that is not read is not a real day (31/02). */
const COMPLETE_DAY = /^(\d{1,2}\D\d{1,2}\D\d{4}|\d{4}\D\d{1,2}\D\d{1,2})$/;

/** Whether text is a day typed in full (four-digit year): when it is not read as a day, it is none (31/02/2026). */
export const typedInFull = (text: string): boolean => COMPLETE_DAY.test(text.trim());

/**
 * What is wrong with a date field's value (DateInput's: 'YYYY-MM-DD', or the text typed when it is
 * no day), or null for a day: `complete` when the text was typed in full and still is no day.
 */
export function typedDayProblem(value: string): { text: string; complete: boolean } | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value) && readTypedDay(value) !== null) return null;
  if (typedInFull(value)) return { text: 'That day does not exist: check the day and the month.', complete: true };
  return { text: `Type a real day, as ${dayPattern()}.`, complete: false };
}

/**
 * A birth date's problem, or null: empty is fine; a two-digit year is refused (DateInput
 * `fullYear` hands it on as typed: "10-7-82" is not guessed as 1982 or 2082), as is a day that
 * does not exist and one after today (the account's day).
 */
export function birthDateProblem(value: string, now: Date = new Date()): string | null {
  if (value.trim() === '') return null;
  const parts = value.trim().split(/\D+/).filter(Boolean);
  const dayProblem = typedDayProblem(value);
  if (dayProblem) return parts.length === 3 && !parts.some((part) => part.length === 4) ? 'Write the year with four digits.' : dayProblem.text;
  return value > daysAgo(0, now) ? 'A birth date cannot be in the future.' : null;
}

/** The order a date is typed in the account's locale: "DD/MM/YYYY", "MM/DD/YYYY", "YYYY-MM-DD"-like. */
export function dayPattern(): string {
  const parts = new Intl.DateTimeFormat(displaySettings().locale, { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(new Date(Date.UTC(2026, 10, 29)));
  const names: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = { day: 'DD', month: 'MM', year: 'YYYY' };
  return parts.map((p) => names[p.type] ?? p.value).join('');
}

/**
 * The help text of a CSV download: the files (the API's, and the console's, which keep the API's
 * columns) write times in UTC without a mark, so the words say it, with the account's zone when
 * that is another.
 */
export function fileTimesNote(): string {
  const zone = displaySettings().timezone;
  const other = zone !== 'UTC' && zoneOffset(zone) !== 'GMT';
  return `Times in the file are Greenwich time (GMT)${other ? `, not ${zoneName(zone)}` : ''}.`;
}

// The console's own CSV of a customer search is read by people: its times are on the account's
// clocks, 'YYYY-MM-DD HH:MM' as the segment export's spreadsheet layout writes them, and the
// column's header names the zone ("Created (Buenos Aires)"), so the file says it without the page.

/** The zone as a file's header names it: "Buenos Aires", "GMT" for UTC, "GMT-3" for a fixed offset (Etc/). */
function fileZone(zone: string): string {
  // Intl names UTC's offset "GMT+0" in some browsers: a file says GMT.
  return zone === 'UTC' || zone === 'GMT' || zone.startsWith('Etc/') ? zoneOffset(zone).replace(/[+-]0$/, '') : zonePlace(zone);
}

/** A time column's header in a file on the account's clocks: "Created (Buenos Aires)". */
export const zonedHeader = (label: string): string => `${label} (${fileZone(displaySettings().timezone)})`;

/** An API datetime (UTC) on the account's clocks, for a file: 'YYYY-MM-DD HH:MM'; '' for none, unreadable text as it came. */
export function fileMinute(datetime: string | null | undefined): string {
  if (!datetime) return '';
  return toZoned(datetime).slice(0, 16) || datetime;
}

/** The help text of a CSV download whose times are on the account's clocks (zonedHeader, fileMinute). */
export function zonedFileTimesNote(): string {
  const zone = displaySettings().timezone;
  const name = fileZone(zone);
  const offset = zoneOffset(zone).replace(/[+-]0$/, '');
  const where = name === 'GMT' ? 'Greenwich time (GMT)' : name === offset ? `at ${offset}` : `${name} time (${offset})`;
  return `Times in the file are ${where}, written YYYY-MM-DD HH:MM.`;
}
