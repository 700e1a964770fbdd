import type { AttributeKind } from '../../lib/attribute-values.js';

// Everything that refers to a customer, in the order erasure deletes it (children before the rows
// they refer to, the profile last). The erasure repository deletes and counts by this list, and
// test/db/erasure-catalogue.test.ts holds it against each database's own catalogue: a table or
// column added later that refers to users (a foreign key, or a column named like user_id) fails that
// test until it is added here, which is what makes erasure delete it.

/** The counts D1 answers (`deleted`, or a dry run's `would_delete`). */
export const ERASURE_COUNTS = [
  'users',
  'user_events',
  'purchases',
  'purchase_items',
  'ledger_entries',
  'coupons',
  'family_members',
  'abandoned_carts',
] as const;
export type ErasureCount = (typeof ERASURE_COUNTS)[number];
export type ErasureCounts = Record<ErasureCount, number>;

/** Which rows a reference's column is matched against. */
export type Records = 'customers' | 'purchases' | 'purchase_items';

export interface CustomerReference {
  table: string;
  /** The column holding the id of one of `records`. */
  column: string;
  records: Records;
  /** attribute_values and attribute_value_items hold the values of every kind: only this kind's. */
  kind?: AttributeKind;
  /** The count of D1's answer these rows go into; uncounted rows are deleted all the same. */
  counted?: ErasureCount;
}

export const CUSTOMER_REFERENCES: readonly CustomerReference[] = [
  // Custom attribute values of the customer's purchase items and purchases (P5), then the items.
  { table: 'attribute_values', column: 'record_id', records: 'purchase_items', kind: 'purchase_items' },
  { table: 'attribute_values', column: 'record_id', records: 'purchases', kind: 'purchases' },
  { table: 'purchase_items', column: 'purchase_id', records: 'purchases', counted: 'purchase_items' },
  { table: 'purchases', column: 'user_id', records: 'customers', counted: 'purchases' },
  { table: 'points_transactions', column: 'user_id', records: 'customers', counted: 'ledger_entries' },
  { table: 'user_events', column: 'user_id', records: 'customers', counted: 'user_events' },
  // Coupons go; the benefit keeps its stock as it is (D1: nothing is given back).
  { table: 'coupons', column: 'user_id', records: 'customers', counted: 'coupons' },
  { table: 'family_members', column: 'user_id', records: 'customers', counted: 'family_members' },
  { table: 'abandoned_carts', column: 'user_id', records: 'customers', counted: 'abandoned_carts' },
  // U13: the club password's hash (not counted: D1's answer names no such part).
  { table: 'club_passwords', column: 'user_id', records: 'customers' },
  // The customer's custom attribute values (U2) and the segments' copy of each element (migration 0011).
  { table: 'attribute_value_items', column: 'record_id', records: 'customers', kind: 'users' },
  { table: 'attribute_values', column: 'record_id', records: 'customers', kind: 'users' },
  // Pending bulk erasures (D4) forget the customer: nobody else may ever be erased under its id.
  { table: 'erasure_members', column: 'user_id', records: 'customers' },
  // Webhook messages carrying the customer's data, sent or not (W2): none leaves after the erasure.
  { table: 'webhook_messages', column: 'user_id', records: 'customers' },
  // M9: the customer's place in every mailing's audience; an erased customer is never sent to.
  { table: 'mailing_recipients', column: 'user_id', records: 'customers' },
  // SG7–SG8: the customer's stored memberships, transitions and marks (its exits are announced first).
  { table: 'segment_members', column: 'user_id', records: 'customers' },
  { table: 'segment_changes', column: 'user_id', records: 'customers' },
  { table: 'segment_dirty', column: 'user_id', records: 'customers' },
  // U14: the customer's scores in the account's current value-group snapshot.
  { table: 'value_scores', column: 'user_id', records: 'customers' },
  { table: 'users', column: 'id', records: 'customers', counted: 'users' },
];

/**
 * Columns whose names say "user" but that refer to no customer, each with why; the catalogue test
 * accepts these and nothing else outside CUSTOMER_REFERENCES.
 */
export const NOT_CUSTOMER_REFERENCES: Readonly<Record<string, string>> = {
  'benefits.user_id': "text the platform's clients send and read back (B1: the staff member who made the benefit), never a customer",
};
