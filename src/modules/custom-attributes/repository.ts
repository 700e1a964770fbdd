import type { Kysely, Selectable } from 'kysely';
import { deleteAccountRow, selectAccountRows, updateAccountRow } from '../../db/account-rows.js';
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

export class CustomAttributesRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Definitions of one kind in creation order. */
  async list(accountId: number, kind: string): Promise<DefinitionRow[]> {
    return selectAccountRows(this.db, 'attribute_definitions', accountId).where('kind', '=', kind).orderBy('id').execute();
  }

  async findByName(accountId: number, kind: string, name: string): Promise<DefinitionRow | undefined> {
    return selectAccountRows(this.db, 'attribute_definitions', accountId).where('kind', '=', kind).where('name', '=', name).executeTakeFirst();
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
    return updateAccountRow(this.db, 'attribute_definitions', accountId, id, changes);
  }

  /** Deletes the definition; the foreign key cascade removes its stored values. */
  async delete(accountId: number, id: number): Promise<boolean> {
    return deleteAccountRow(this.db, 'attribute_definitions', accountId, id);
  }
}
