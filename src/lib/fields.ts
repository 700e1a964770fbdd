import emailValidator from 'email-validator';
import { invalidField } from './errors.js';
import { formatDateTime, parseDate, parseDateTime } from './time.js';

// The rules input fields share across resources, each written once with its one message.

/** G7: an empty value (the client always sends `concept=&from=&to=`) is the same as an absent one. */
export function given(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

export const DATETIME_RULE = "must be a datetime 'YYYY-MM-DD hh:mm:ss' or ISO 8601 with an offset";
export const DATETIME_OR_DATE_RULE = "must be a datetime 'YYYY-MM-DD hh:mm:ss', ISO 8601 with an offset, or a date 'YYYY-MM-DD'";

/**
 * A datetime field (G7) in the stored form. `bareDate` says what a bare `YYYY-MM-DD` means: the
 * start or the end of that day, or nothing (refused); the message says which forms are accepted.
 */
export function datetimeField(field: string, text: string, bareDate: 'start' | 'end' | 'refuse' = 'refuse'): string {
  const parsed = parseDateTime(text.trim(), bareDate);
  if (!parsed) throw invalidField(field, bareDate === 'refuse' ? DATETIME_RULE : DATETIME_OR_DATE_RULE);
  return formatDateTime(parsed);
}

/** A calendar date field `YYYY-MM-DD` (birthdates). */
export function dateField(field: string, text: string): string {
  if (!parseDate(text)) throw invalidField(field, 'must be a date YYYY-MM-DD');
  return text;
}

export interface DateRange {
  from?: string;
  to?: string;
}

/** Listing bounds `from`/`to` (G6, G7): inclusive, a bare date meaning the whole day. */
export function parseDateRange(query: { from?: string; to?: string }): DateRange {
  const range: DateRange = {};
  if (query.from !== undefined) range.from = datetimeField('from', query.from, 'start');
  if (query.to !== undefined) range.to = datetimeField('to', query.to, 'end');
  if (range.from !== undefined && range.to !== undefined && range.from > range.to) {
    throw invalidField('from', `must not be after to (${range.to})`);
  }
  return range;
}

/** E3, P2, S1: a metadata object is stored as its JSON text, at most 16 KiB of UTF-8. */
export const METADATA_MAX_BYTES = 16_384;

export function encodeMetadata(value: Record<string, unknown>, field = 'metadata'): string {
  const text = JSON.stringify(value);
  if (Buffer.byteLength(text, 'utf8') > METADATA_MAX_BYTES) throw invalidField(field, `must be at most ${METADATA_MAX_BYTES} bytes as JSON`);
  return text;
}

/** E-mails are stored trimmed and lower-cased; null when the text is not a valid address. */
export function normaliseEmail(raw: string): string | null {
  const value = raw.trim().toLowerCase();
  return emailValidator.validate(value) ? value : null;
}

/** normaliseEmail for an input field: a 400 naming the field when the address is not valid. */
export function emailField(field: string, raw: string): string {
  const email = normaliseEmail(raw);
  if (email === null) throw invalidField(field, 'must be a valid e-mail address');
  return email;
}

const TELEPHONE_NOISE = /[\s.\-()]/g;
const TELEPHONE = /^\+?\d{6,15}$/;

/** L2: a leading `+` and digits only (spaces, dots, dashes, parentheses removed), 6 to 15 digits; else null. */
export function normaliseTelephone(raw: string): string | null {
  const value = raw.replace(TELEPHONE_NOISE, '');
  return TELEPHONE.test(value) ? value : null;
}

/** K2: `notify_to` is optional; when given (non-empty) it must be a valid e-mail address (kept as sent, trimmed). */
export function parseNotifyTo(value: string | undefined): string | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (!emailValidator.validate(trimmed)) throw invalidField('notify_to', 'must be a valid e-mail address');
  return trimmed;
}

/** P4: branch names are unique compared case-insensitively after trimming. */
export function branchNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/** `%`, `_` and `\` taken literally in a LIKE pattern used with `escape '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A text searched as a substring with LIKE (used with `escape '\'`). */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
