import type { Kysely, Selectable } from 'kysely';
import { attributeItemRows } from '../../db/folded-columns.js';
import type { AttributeDefinitionsTable, DB } from '../../db/types.js';

export type DefinitionRow = Selectable<AttributeDefinitionsTable>;

export interface NewDefinition {
  kind: string;
  name: string;
  label: string;
  field_type: string;
  data_type: string;
  options: string;
  group_name: string | null;
  created_at: string;
}

export type DefinitionChanges = Partial<Pick<NewDefinition, 'name' | 'label' | 'field_type' | 'data_type' | 'options' | 'group_name'>>;

export interface StoredValue {
  record_id: number;
  value: string;
}

export class CustomAttributesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Definitions of one kind in creation order. */
  async list(accountId: number, kind: string): Promise<DefinitionRow[]> {
    return this.db
      .selectFrom('attribute_definitions')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('kind', '=', kind)
      .orderBy('id')
      .execute();
  }

  async findByName(accountId: number, kind: string, name: string): Promise<DefinitionRow | undefined> {
    return this.db
      .selectFrom('attribute_definitions')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('kind', '=', kind)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async insert(accountId: number, definition: NewDefinition): Promise<DefinitionRow> {
    return this.db
      .insertInto('attribute_definitions')
      .values({ account_id: accountId, ...definition })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Updates by id (an UPDATE, so on PostgreSQL it also locks the row until the transaction ends). */
  async update(accountId: number, id: number, changes: DefinitionChanges): Promise<DefinitionRow | undefined> {
    return this.db
      .updateTable('attribute_definitions')
      .set(changes)
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes the definition; the foreign key cascade removes its stored values. */
  async delete(accountId: number, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('attribute_definitions')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** One batch of a definition's stored values, by record id, after `afterRecordId` (null: from the start). */
  async valuesBatch(accountId: number, definitionId: number, afterRecordId: number | null, limit: number): Promise<StoredValue[]> {
    let query = this.db
      .selectFrom('attribute_values')
      .select(['record_id', 'value'])
      .where('account_id', '=', accountId)
      .where('definition_id', '=', definitionId);
    if (afterRecordId !== null) query = query.where('record_id', '>', afterRecordId);
    return query
      .orderBy('record_id')
      .limit(limit)
      .execute();
  }

  /**
   * C8's conversion in place: existing values rewritten in one statement per batch (UPDATE ... SET
   * value = CASE record_id ...), so a record removed meanwhile is not brought back; a user
   * attribute's element rows (segments, SG2) are written again.
   */
  async rewriteValues(accountId: number, definitionId: number, values: StoredValue[], userAttribute = false): Promise<void> {
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

  async deleteValues(accountId: number, definitionId: number, recordIds: number[]): Promise<void> {
    if (recordIds.length === 0) return;
    await this.db
      .deleteFrom('attribute_values')
      .where('account_id', '=', accountId)
      .where('definition_id', '=', definitionId)
      .where('record_id', 'in', recordIds)
      .execute();
  }
}
