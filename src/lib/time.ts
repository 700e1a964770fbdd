// One datetime formatter and one parser for the whole API (G7): output is always
// `YYYY-MM-DD hh:mm:ss` in UTC; input is that form, ISO 8601 with `T` and an offset or `Z`, and,
// where a range bound is meant, a bare date.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The clock's present moment as a stored datetime (G7's form): what every write stamps rows with. */
export function stamp(clock: Clock): string {
  return formatDateTime(clock.now());
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatDateTime(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  );
}

const PLAIN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function utc(y: number, mo: number, d: number, h: number, mi: number, s: number): Date | null {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Date.UTC rolls 2026-02-30 over to March; a calendar-invalid date is refused instead.
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date;
}

/** A calendar date `YYYY-MM-DD`, or null when the text is not one. */
export function parseDate(text: string): string | null {
  const m = DATE.exec(text);
  if (!m) return null;
  return utc(+m[1]!, +m[2]!, +m[3]!, 0, 0, 0) ? text : null;
}

/**
 * Parses a datetime input. `bareDate` says what a bare `YYYY-MM-DD` means: the start or the end of
 * that day (range bounds), or nothing (refused). Returns null when the text is not accepted.
 */
export function parseDateTime(text: string, bareDate: 'start' | 'end' | 'refuse' = 'refuse'): Date | null {
  let m = PLAIN.exec(text);
  if (m) return utc(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  m = ISO.exec(text);
  if (m) {
    const local = utc(+m[1]!, +m[2]!, +m[3]!, +m[4]!, +m[5]!, m[6] ? +m[6] : 0);
    if (!local) return null;
    const zone = m[8]!;
    if (zone.toUpperCase() === 'Z') return local;
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const hours = +digits.slice(0, 2);
    const minutes = +digits.slice(2, 4);
    if (hours > 23 || minutes > 59) return null;
    return new Date(local.getTime() - sign * (hours * 60 + minutes) * 60_000);
  }
  if (bareDate !== 'refuse' && parseDate(text)) {
    const [y, mo, d] = text.split('-').map(Number) as [number, number, number];
    return bareDate === 'start' ? utc(y, mo, d, 0, 0, 0) : utc(y, mo, d, 23, 59, 59);
  }
  return null;
}
