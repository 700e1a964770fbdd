import type { AttributeValueItemsTable, UserSegmentColumns } from './types.js';
import { normaliseEmail, normaliseTelephone } from '../lib/fields.js';
import { fold } from '../lib/fold.js';

// The stored copies segments compare instead of the originals (migration 0011, docs/segments.md):
// computed here, in JavaScript, so that SQLite and PostgreSQL compare exactly the same text (SG3).
// Every write of a user's profile text fields, tags, e-mail or telephone must store what
// foldedUserColumns answers for them; every write of a user's custom attribute value must replace
// that value's attribute_value_items rows with attributeItemRows.

/** SG2's profile text fields: each has a `<field>_folded` column. */
export const FOLDED_TEXT_FIELDS = [
  'service_uid',
  'email',
  'document',
  'telephone',
  'first_name',
  'last_name',
  'gender',
  'street',
  'city',
  'department',
  'state',
  'country',
  'postcode',
  'marital_status',
] as const;
export type FoldedTextField = (typeof FOLDED_TEXT_FIELDS)[number];

export const foldedColumn = <F extends FoldedTextField>(field: F) => `${field}_folded` as const;

/** A users row, or the part of one a write sets. `tags` as stored (JSON text) or as an array. */
export type UserRowLike = { [F in FoldedTextField]?: string | null } & { tags?: string | readonly string[] | null };

export type UserSegmentValues = { [K in keyof UserSegmentColumns]?: string | null };

/** A text value as the segment operators see it: folded, or null when absent or blank ("no value"). */
export function foldedText(value: string | null | undefined): string | null {
  return value === null || value === undefined || value.trim() === '' ? null : fold(value);
}

/**
 * One tag as it appears in `tags_folded`: trimmed and folded, with `%` and `|` written `%25` and
 * `%7C` so that `|` only ever separates tags and `|<key>|` matches exactly one whole tag.
 */
export function tagKey(tag: string): string {
  return fold(tag.trim()).replace(/[%|]/g, (c) => (c === '%' ? '%25' : '%7C'));
}

/** `|key|key|` for the tags, or null when there are none (an empty list is "no value", SG2). */
export function foldedTags(tags: string | readonly string[] | null | undefined): string | null {
  let list: unknown = tags ?? [];
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(list)) return null;
  const keys = list.filter((tag): tag is string => typeof tag === 'string').map(tagKey);
  return keys.length === 0 ? null : `|${keys.join('|')}|`;
}

/**
 * The segment columns of the fields present in `row`. Fields the row does not carry are left out,
 * so an update that sets some fields gets exactly the columns to set beside them; pass a whole row
 * (an insert) to get every column.
 */
export function foldedUserColumns(row: UserRowLike): UserSegmentValues {
  const out: UserSegmentValues = {};
  for (const field of FOLDED_TEXT_FIELDS) {
    if (row[field] !== undefined) out[foldedColumn(field)] = foldedText(row[field]);
  }
  if (row.tags !== undefined) out.tags_folded = foldedTags(row.tags);
  // The forms in which U4 compares them with the blacklists (users/present.ts).
  if (row.email !== undefined) out.email_list_key = row.email === null ? null : normaliseEmail(row.email);
  if (row.telephone !== undefined) out.telephone_list_key = row.telephone === null ? null : normaliseTelephone(row.telephone);
  return out;
}

export type AttributeItem = Pick<AttributeValueItemsTable, 'position' | 'text_value' | 'number_value'>;

/**
 * The scalars of one stored custom attribute value (the JSON text of `attribute_values.value`: a
 * string, a number, or an array of them) as attribute_value_items rows: position 0 for a scalar,
 * the element's index for an array. Blank strings are no value and get no row, so an empty array
 * (or one of blanks) is "no value" like an absent attribute.
 */
export function attributeValueItems(storedValue: string): AttributeItem[] {
  let value: unknown;
  try {
    value = JSON.parse(storedValue);
  } catch {
    return [];
  }
  const items: AttributeItem[] = [];
  (Array.isArray(value) ? value : [value]).forEach((element: unknown, position) => {
    if (typeof element === 'number' && Number.isFinite(element)) items.push({ position, text_value: null, number_value: element });
    else if (typeof element === 'string') {
      const text = foldedText(element);
      if (text !== null) items.push({ position, text_value: text, number_value: null });
    }
  });
  return items;
}

/** attributeValueItems as rows to insert for one attribute_values row of a `users` definition. */
export function attributeItemRows(accountId: number, definitionId: number, recordId: number, storedValue: string): AttributeValueItemsTable[] {
  return attributeValueItems(storedValue).map((item) => ({ account_id: accountId, definition_id: definitionId, record_id: recordId, ...item }));
}
