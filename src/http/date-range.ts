import { formatDateTime, parseDateTime } from '../lib/time.js';
import { invalidField } from './errors.js';

// The one reading of `from`/`to` listing bounds (G6, G7): inclusive, a bare date meaning the whole
// day (from 00:00:00, to 23:59:59), returned in the stored text form.

export const BOUND_RULE = "must be a datetime 'YYYY-MM-DD hh:mm:ss', ISO 8601 with an offset, or a date 'YYYY-MM-DD'";

export interface DateRange {
  from?: string;
  to?: string;
}

export function parseDateRange(query: { from?: string; to?: string }): DateRange {
  const range: DateRange = {};
  if (query.from !== undefined) {
    const from = parseDateTime(query.from.trim(), 'start');
    if (!from) throw invalidField('from', BOUND_RULE);
    range.from = formatDateTime(from);
  }
  if (query.to !== undefined) {
    const to = parseDateTime(query.to.trim(), 'end');
    if (!to) throw invalidField('to', BOUND_RULE);
    range.to = formatDateTime(to);
  }
  if (range.from !== undefined && range.to !== undefined && range.from > range.to) {
    throw invalidField('from', `must not be after to (${range.to})`);
  }
  return range;
}
