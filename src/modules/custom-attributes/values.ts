import type { Kysely } from 'kysely';
import { PreparedQuery } from '../../db/prepared.js';
import type { DB } from '../../db/types.js';
import { invalidField } from '../../http/errors.js';
import { NAME_PATTERN, normaliseName } from '../../lib/names.js';
import { decodeAttributeValue, encodeAttributeValue, validateAttributeInput } from './convert-value.js';
import type { AttributeKind } from './schemas.js';

// Custom attribute values of all four kinds (U2, P5), one implementation: attribute_values holds
// one row per (definition, record) with the JSON text of the typed value. `record_id` is a user,
// product, purchase or purchase item id according to the definition's kind, so C8 conversions and
// C9 deletions (which work on a definition's rows) reach every kind alike.

export interface ResolvedValue {
  definitionId: number;
  /** JSON text to store, or null to remove the stored value. */
  value: string | null;
}

interface DefinitionForValues {
  id: number;
  name: string;
  field_type: string;
  data_type: string;
  options: Array<{ value: string }>;
}

/** The account's definitions of one kind, by name: load once, resolve many records against it. */
export type KindDefinitions = Map<string, DefinitionForValues>;

const KIND_LABEL: Record<AttributeKind, string> = {
  users: 'user',
  products: 'product',
  purchases: 'purchase',
  purchase_items: 'purchase item',
};

export async function loadDefinitions(db: Kysely<DB>, accountId: number, kind: AttributeKind): Promise<KindDefinitions> {
  const rows = await db
    .selectFrom('attribute_definitions')
    .select(['id', 'name', 'field_type', 'data_type', 'options'])
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .execute();
  return new Map(rows.map((row) => [row.name, { ...row, options: JSON.parse(row.options) as Array<{ value: string }> }]));
}

/**
 * Validates a `custom_attributes` object against the kind's definitions: keys are normalised (C2)
 * and must name a definition; values (or arrays of values, P5) must fit its data_type and, for a
 * select, its options. A null value means "remove the stored value". Throws 400 naming
 * `<field>.<key>`.
 */
export function resolveValues(
  definitions: KindDefinitions,
  kind: AttributeKind,
  input: Record<string, unknown>,
  field = 'custom_attributes',
): ResolvedValue[] {
  const resolved = new Map<number, string | null>();
  for (const [rawKey, rawValue] of Object.entries(input)) {
    const key = normaliseName(rawKey);
    const name = `${field}.${rawKey}`;
    if (!NAME_PATTERN.test(key)) throw invalidField(name, 'is not a valid attribute name');
    const definition = definitions.get(key);
    if (!definition) throw invalidField(name, `no ${KIND_LABEL[kind]} custom attribute named "${key}" is defined`);
    if (rawValue === null) {
      resolved.set(definition.id, null);
      continue;
    }
    const result = validateAttributeInput(definition, rawValue);
    if (!result.ok) throw invalidField(name, result.rule);
    resolved.set(definition.id, encodeAttributeValue(result.value));
  }
  return [...resolved].map(([definitionId, value]) => ({ definitionId, value }));
}

/** resolveValues after loading the kind's definitions (one record). */
export async function resolveCustomValues(
  db: Kysely<DB>,
  accountId: number,
  kind: AttributeKind,
  input: Record<string, unknown>,
  field = 'custom_attributes',
): Promise<ResolvedValue[]> {
  if (Object.keys(input).length === 0) return [];
  return resolveValues(await loadDefinitions(db, accountId, kind), kind, input, field);
}

/**
 * Writes resolved values for records: each given definition's value is replaced (or removed when
 * null); values not given stay. Pass `fresh: true` for records created in this transaction (no
 * stored values to replace yet). Run it inside the transaction that writes the records.
 */
export async function storeCustomValues(
  db: Kysely<DB>,
  accountId: number,
  records: Array<{ recordId: number; values: ResolvedValue[] }>,
  options: { fresh?: boolean } = {},
): Promise<void> {
  if (!options.fresh) {
    for (const { recordId, values } of records) {
      if (values.length === 0) continue;
      await db
        .deleteFrom('attribute_values')
        .where('account_id', '=', accountId)
        .where('record_id', '=', recordId)
        .where(
          'definition_id',
          'in',
          values.map((v) => v.definitionId),
        )
        .execute();
    }
  }
  const rows = records.flatMap(({ recordId, values }) =>
    values
      .filter((v): v is { definitionId: number; value: string } => v.value !== null)
      .map((v) => ({ account_id: accountId, definition_id: v.definitionId, record_id: recordId, value: v.value })),
  );
  // Bounded multi-row inserts (SQLite allows 32,766 bound parameters; 4 per row).
  for (let start = 0; start < rows.length; start += 500) {
    await db.insertInto('attribute_values').values(rows.slice(start, start + 500)).execute();
  }
}

// Every read of users, products and purchases runs this (compiled once, db/prepared.ts).
const customValuesOf = new PreparedQuery<{ accountId: number; kind: AttributeKind; recordIds: number[] }, { record_id: number; name: string; value: string }>(
  'attribute_values.of-records',
  ['accountId', 'kind', 'recordIds'],
  (db: Kysely<DB>, p) =>
    db
      .selectFrom('attribute_values as v')
      .innerJoin('attribute_definitions as d', 'd.id', 'v.definition_id')
      .select(['v.record_id', 'd.name', 'v.value'])
      .where('v.account_id', '=', p.accountId)
      .where('d.kind', '=', p.kind)
      .where('v.record_id', 'in', p.recordIds)
      .orderBy('d.id'),
);

/** The custom_attributes object of each record, keyed by record id, in definition order. */
export async function loadCustomValues(
  db: Kysely<DB>,
  accountId: number,
  kind: AttributeKind,
  recordIds: number[],
): Promise<Map<number, Record<string, unknown>>> {
  const out = new Map<number, Record<string, unknown>>(recordIds.map((id) => [id, {}]));
  if (recordIds.length === 0) return out;
  const rows = await customValuesOf.execute(db, { accountId, kind, recordIds });
  for (const row of rows) {
    const value = decodeAttributeValue(row.value);
    if (value !== undefined) out.get(row.record_id)![row.name] = value;
  }
  return out;
}

/** Removes every custom value of these records (records of that kind being deleted or replaced). */
export async function deleteCustomValues(db: Kysely<DB>, accountId: number, kind: AttributeKind, recordIds: number[]): Promise<void> {
  if (recordIds.length === 0) return;
  await db
    .deleteFrom('attribute_values')
    .where('account_id', '=', accountId)
    .where('record_id', 'in', recordIds)
    .where('definition_id', 'in', (eb) =>
      eb.selectFrom('attribute_definitions').select('id').where('account_id', '=', accountId).where('kind', '=', kind),
    )
    .execute();
}
