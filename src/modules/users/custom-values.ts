import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { invalidField } from '../../http/errors.js';
import { NAME_PATTERN, normaliseName } from '../../lib/names.js';
import {
  decodeAttributeValue,
  encodeAttributeValue,
  validateAttributeValue,
} from '../custom-attributes/convert-value.js';

// Users' custom attribute values (U2) live in attribute_values, one row per user and definition,
// holding the JSON text of the typed value.

export type CustomValues = Map<number, { definitionId: number; value: string | null }>;

/**
 * Validates a `custom_attributes` object against the account's user attribute definitions: keys are
 * normalised (C2) and must name a definition; values must fit its data_type (and options, for a
 * select). A null value removes the stored value. Throws 400 naming the key.
 */
export async function resolveCustomValues(
  db: Kysely<DB>,
  accountId: number,
  input: Record<string, unknown>,
): Promise<Array<{ definitionId: number; value: string | null }>> {
  const entries = Object.entries(input);
  if (entries.length === 0) return [];
  const definitions = await db
    .selectFrom('attribute_definitions')
    .select(['id', 'name', 'field_type', 'data_type', 'options'])
    .where('account_id', '=', accountId)
    .where('kind', '=', 'users')
    .execute();
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const resolved = new Map<number, string | null>();
  for (const [rawKey, rawValue] of entries) {
    const key = normaliseName(rawKey);
    const field = `custom_attributes.${rawKey}`;
    if (!NAME_PATTERN.test(key)) throw invalidField(field, 'is not a valid attribute name');
    const definition = byName.get(key);
    if (!definition) throw invalidField(field, `no user custom attribute named "${key}" is defined`);
    if (rawValue === null) {
      resolved.set(definition.id, null);
      continue;
    }
    const result = validateAttributeValue(
      { ...definition, options: JSON.parse(definition.options) as Array<{ value: string }> },
      rawValue,
    );
    if (!result.ok) throw invalidField(field, result.rule);
    resolved.set(definition.id, encodeAttributeValue(result.value));
  }
  return [...resolved].map(([definitionId, value]) => ({ definitionId, value }));
}

export async function storeCustomValues(
  db: Kysely<DB>,
  accountId: number,
  userId: number,
  values: Array<{ definitionId: number; value: string | null }>,
): Promise<void> {
  for (const { definitionId, value } of values) {
    await db
      .deleteFrom('attribute_values')
      .where('account_id', '=', accountId)
      .where('definition_id', '=', definitionId)
      .where('record_id', '=', userId)
      .execute();
    if (value !== null) {
      await db
        .insertInto('attribute_values')
        .values({ account_id: accountId, definition_id: definitionId, record_id: userId, value })
        .execute();
    }
  }
}

/** The custom_attributes object of each user, keyed by user id, in definition order. */
export async function loadCustomValues(
  db: Kysely<DB>,
  accountId: number,
  userIds: number[],
): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>(userIds.map((id) => [id, {}]));
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('attribute_values as v')
    .innerJoin('attribute_definitions as d', 'd.id', 'v.definition_id')
    .select(['v.record_id', 'd.name', 'v.value'])
    .where('v.account_id', '=', accountId)
    .where('d.kind', '=', 'users')
    .where('v.record_id', 'in', userIds)
    .orderBy('d.id')
    .execute();
  for (const row of rows) {
    const value = decodeAttributeValue(row.value);
    if (value !== undefined) out.get(row.record_id)![row.name] = value;
  }
  return out;
}
