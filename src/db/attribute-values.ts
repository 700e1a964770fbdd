import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { type AttributeKind, decodeAttributeValue, type KindDefinitions, type ResolvedValue } from '../lib/attribute-values.js';
import { attributeItemRows } from './folded-columns.js';
import { PreparedQuery } from './prepared.js';
import type { DB } from './types.js';

// Custom attribute values of all four kinds (U2, P5), one implementation: attribute_values holds
// one row per (definition, record) with the JSON text of the typed value. `record_id` is a user,
// product, purchase or purchase item id according to the definition's kind, so C8 conversions and
// C9 deletions (which work on a definition's rows) reach every kind alike. Users, products and
// purchases each receive this repository; the definitions themselves belong to custom-attributes,
// which receives it too for converting a definition's values.

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

/** One stored value of one definition: the record it belongs to and the value's JSON text. */
export interface StoredValue {
  record_id: number;
  value: string;
}

export class AttributeValuesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async definitions(accountId: number, kind: AttributeKind): Promise<KindDefinitions> {
    const rows = await this.db
      .selectFrom('attribute_definitions')
      .select(['id', 'name', 'field_type', 'data_type', 'options'])
      .where('account_id', '=', accountId)
      .where('kind', '=', kind)
      .execute();
    return new Map(rows.map((row) => [row.name, { ...row, options: JSON.parse(row.options) as Array<{ value: string }> }]));
  }

  /**
   * Writes resolved values for records: each given definition's value is replaced (or removed when
   * null); values not given stay. Pass `fresh: true` for records created in this transaction (no
   * stored values to replace yet). Run it inside the transaction that writes the records.
   */
  async store(
    accountId: number,
    records: Array<{ recordId: number; values: ResolvedValue[] }>,
    options: { fresh?: boolean; kind?: AttributeKind } = {},
  ): Promise<void> {
    if (!options.fresh) {
      for (const { recordId, values } of records) {
        if (values.length === 0) continue;
        await this.db
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
      await this.db.insertInto('attribute_values').values(rows.slice(start, start + 500)).execute();
    }
    // A user's values are also kept element by element for segments (SG2); deleting a value deletes them.
    if (options.kind === 'users') {
      const items = rows.flatMap((row) => attributeItemRows(accountId, row.definition_id, row.record_id, row.value));
      for (let start = 0; start < items.length; start += 500) {
        await this.db.insertInto('attribute_value_items').values(items.slice(start, start + 500)).execute();
      }
    }
  }

  /** The custom_attributes object of each record, keyed by record id, in definition order. */
  async load(accountId: number, kind: AttributeKind, recordIds: number[]): Promise<Map<number, Record<string, unknown>>> {
    const out = new Map<number, Record<string, unknown>>(recordIds.map((id) => [id, {}]));
    if (recordIds.length === 0) return out;
    const rows = await customValuesOf.execute(this.db, { accountId, kind, recordIds });
    for (const row of rows) {
      const value = decodeAttributeValue(row.value);
      if (value !== undefined) out.get(row.record_id)![row.name] = value;
    }
    return out;
  }

  /** Removes every custom value of these records (records of that kind being deleted or replaced). */
  async delete(accountId: number, kind: AttributeKind, recordIds: number[]): Promise<void> {
    await this.deleteWhere(accountId, recordIds, (eb) =>
      eb('definition_id', 'in', eb.selectFrom('attribute_definitions').select('id').where('account_id', '=', accountId).where('kind', '=', kind)),
    );
  }

  /** Removes one definition's values of these records (values a C8 conversion cannot keep). */
  async deleteOfDefinition(accountId: number, definitionId: number, recordIds: number[]): Promise<void> {
    await this.deleteWhere(accountId, recordIds, (eb) => eb('definition_id', '=', definitionId));
  }

  private async deleteWhere(accountId: number, recordIds: number[], definitions: (eb: ExpressionBuilder<DB, 'attribute_values'>) => Expression<SqlBool>): Promise<void> {
    if (recordIds.length === 0) return;
    await this.db.deleteFrom('attribute_values').where('account_id', '=', accountId).where('record_id', 'in', recordIds).where(definitions).execute();
  }

  /** One batch of a definition's stored values, by record id, after `afterRecordId` (null: from the start). */
  async batchOfDefinition(accountId: number, definitionId: number, afterRecordId: number | null, limit: number): Promise<StoredValue[]> {
    let query = this.db
      .selectFrom('attribute_values')
      .select(['record_id', 'value'])
      .where('account_id', '=', accountId)
      .where('definition_id', '=', definitionId);
    if (afterRecordId !== null) query = query.where('record_id', '>', afterRecordId);
    return query.orderBy('record_id').limit(limit).execute();
  }

  /**
   * C8's conversion in place: one definition's existing values rewritten in one statement per batch
   * (UPDATE ... SET value = CASE record_id ...), so a record removed meanwhile is not brought back; a
   * user attribute's element rows (segments, SG2) are written again.
   */
  async rewriteOfDefinition(accountId: number, definitionId: number, values: StoredValue[], userAttribute = false): Promise<void> {
    const [first, ...rest] = values;
    if (!first) return;
    const recordIds = values.map((v) => v.record_id);
    await this.db
      .updateTable('attribute_values')
      .set((eb) => {
        let cases = eb.case().when('record_id', '=', first.record_id).then(first.value);
        for (const v of rest) cases = cases.when('record_id', '=', v.record_id).then(v.value);
        return { value: cases.else(eb.ref('value')).end() };
      })
      .where('account_id', '=', accountId)
      .where('definition_id', '=', definitionId)
      .where('record_id', 'in', recordIds)
      .execute();
    if (!userAttribute) return;
    await this.db.deleteFrom('attribute_value_items').where('definition_id', '=', definitionId).where('record_id', 'in', recordIds).execute();
    const items = values.flatMap((v) => attributeItemRows(accountId, definitionId, v.record_id, v.value));
    if (items.length > 0) await this.db.insertInto('attribute_value_items').values(items).execute();
  }
}
