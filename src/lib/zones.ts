import { utcDay } from './buckets.js';
import { invalidField } from './errors.js';
import { formatDateTime } from './time.js';

// Days and months of an IANA time zone as UTC instants (the summaries' `timezone`, T5's account
// zone). Datetimes are stored as UTC text (G7) and neither database is asked about zones: the
// boundaries of each local day or month are computed here from the ICU data of this Node (what
// Intl knows, daylight-saving changes included), and the SQL compares stored text with them.

const TIMEZONE_RULE = 'must be an IANA time zone, e.g. UTC, Europe/Lisbon, America/Sao_Paulo';
const walls = new Map<string, Intl.DateTimeFormat>();

function wallFormatter(zone: string): Intl.DateTimeFormat {
  let found = walls.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    walls.set(zone, found);
  }
  return found;
}

/** An IANA zone name this server knows (Region/City, or UTC), trimmed; else a 400 naming `field`. */
export function timezoneField(field: string, raw: string): string {
  const zone = raw.trim();
  // IANA names only: Intl also takes offsets like +01:00, which are no zone.
  if (/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) {
    try {
      wallFormatter(zone);
      return zone;
    } catch {
      // not a zone this server knows
    }
  }
  throw invalidField(field, TIMEZONE_RULE);
}

/** The wall time of an instant (ms) on the clocks of `zone`, read as if it were UTC (ms). */
function wallMs(zone: string, ms: number): number {
  const parts: Record<string, string> = {};
  for (const part of wallFormatter(zone).formatToParts(new Date(ms))) parts[part.type] = part.value;
  const year = parts.era === 'BC' ? 1 - Number(parts.year) : Number(parts.year);
  const wall = new Date(0);
  wall.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day));
  wall.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall.getTime();
}

/** The day `YYYY-MM-DD` on the clocks of `zone` at an instant. */
export function zoneDay(zone: string, at: Date): string {
  return formatDateTime(new Date(wallMs(zone, at.getTime()))).slice(0, 10);
}

/** The minute `YYYY-MM-DD HH:MM` on the clocks of `zone` at an instant (how a person reads a time). */
export function zoneMinute(zone: string, at: Date): string {
  return formatDateTime(new Date(wallMs(zone, at.getTime()))).slice(0, 16);
}

const DAY_MS = 86_400_000;

/**
 * The first instant of the wall day whose midnight, read as UTC, is `midnight` (ms). Usually its
 * midnight at the offset then; where a change of offset skips (or repeats) midnight, the first
 * second whose wall day is that day.
 */
function dayStartMs(zone: string, midnight: number): number {
  const dayOf = (ms: number) => Math.floor(wallMs(zone, ms) / DAY_MS) * DAY_MS;
  // Twice: the first guess's offset may be the other side of a change.
  let at = midnight - (wallMs(zone, midnight) - midnight);
  at = midnight - (wallMs(zone, at) - at);
  if (dayOf(at) === midnight && dayOf(at - 1000) < midnight) return at;
  // Midnight skipped or repeated: search the first second of the day (offsets differ by under a day).
  let before = at - 2 * DAY_MS;
  let after = at + 2 * DAY_MS;
  while (after - before > 1000) {
    const middle = before + Math.floor((after - before) / 2000) * 1000;
    if (dayOf(middle) >= midnight) after = middle;
    else before = middle;
  }
  return after;
}

/** The first instant of the day `YYYY-MM-DD` in `zone`. */
export function zoneDayStart(zone: string, day: string): Date {
  return new Date(dayStartMs(zone, utcDay(day).getTime()));
}

/** The last second of the day `YYYY-MM-DD` in `zone` (23:59:59 there, or the second before the next day's start). */
export function zoneDayEnd(zone: string, day: string): Date {
  return new Date(dayStartMs(zone, utcDay(day).getTime() + DAY_MS) - 1000);
}

/** The zone's offset from UTC at an instant (ms), in seconds, east positive. */
function offsetAt(zone: string, ms: number): number {
  const second = Math.floor(ms / 1000) * 1000;
  return (wallMs(zone, second) - second) / 1000;
}

/** A stretch of constant offset: the rows before `until` (stored form; none for the last stretch) and after the previous one's. */
export interface OffsetStretch {
  until?: string;
  /** Seconds east of UTC. */
  offset: number;
}

/**
 * The stretches of constant offset of `zone` from `from` to `to` (usually one, or two or three a
 * year where clocks change), oldest first: each change found by looking at every day of the range
 * and then for its second.
 */
export function offsetStretches(zone: string, from: Date, to: Date): OffsetStretch[] {
  const stretches: OffsetStretch[] = [];
  let current = offsetAt(zone, from.getTime());
  if (zone === 'UTC') return [{ offset: current }];
  for (let day = from.getTime(); day < to.getTime(); day += DAY_MS) {
    const next = Math.min(day + DAY_MS, to.getTime());
    if (offsetAt(zone, next) === current) continue;
    let before = day;
    let after = next;
    while (after - before > 1000) {
      const middle = before + Math.floor((after - before) / 2000) * 1000;
      if (offsetAt(zone, middle) === current) before = middle;
      else after = middle;
    }
    stretches.push({ until: formatDateTime(new Date(after)), offset: current });
    current = offsetAt(zone, after);
  }
  stretches.push({ offset: current });
  return stretches;
}
