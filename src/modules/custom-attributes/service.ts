import { isUniqueViolation } from '../../db/errors.js';
import type { AttributeValuesRepository } from '../../db/attribute-values.js';
import type { Transactor } from '../../db/transactions.js';
import { invalidField, NotFoundError } from '../../lib/errors.js';
import { NAME_PATTERN, normaliseName } from '../../lib/names.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import { type AttributeOption, convertStoredValue, type DataType } from '../../lib/attribute-values.js';
import { CustomAttributesRepository, type DefinitionChanges, type DefinitionRow } from './repository.js';
import type { AttributeKind, CreateInput, Definition, UpdateInput } from './schemas.js';

/** Values rewritten per statement while converting a data_type change (C8). */
export const CONVERSION_BATCH_SIZE = 500;

export interface ConversionCounts {
  from: string;
  to: string;
  converted: number;
  dropped: number;
}

export interface UpdateResult {
  definition: Definition;
  /** Present when data_type changed and stored values were converted. */
  conversion?: ConversionCounts;
}

function toDefinition(row: DefinitionRow): Definition {
  return {
    label: row.label,
    name: row.name,
    field_type: row.field_type,
    data_type: row.data_type,
    options: JSON.parse(row.options) as AttributeOption[],
    group: row.group_name,
  };
}

const NAME_RULE = `must contain only a-z, 0-9 and _ (1 to 64 characters) after normalisation`;

/** C2: normalise, then check the pattern; `source` says where a bad name came from. */
function checkedName(raw: string, field = 'name'): string {
  const name = normaliseName(raw);
  if (!NAME_PATTERN.test(name)) throw invalidField(field, `${JSON.stringify(raw)} ${NAME_RULE}`);
  return name;
}

function checkLabel(label: string): void {
  if (label.trim() === '') throw invalidField('label', 'must not be blank');
}

/** C4: values unique; a select needs at least one option. */
function checkOptions(fieldType: string, options: AttributeOption[]): void {
  const seen = new Set<string>();
  options.forEach((option, index) => {
    if (seen.has(option.value)) throw invalidField(`options[${index}].value`, `duplicates the value ${JSON.stringify(option.value)}`);
    seen.add(option.value);
  });
  if (fieldType === 'select' && options.length === 0) throw invalidField('options', 'a select field needs at least one option');
}

type DefinitionValues = Pick<AttributeValuesRepository, 'batchOfDefinition' | 'rewriteOfDefinition' | 'deleteOfDefinition'>;

export interface CustomAttributesDeps {
  customAttributes: CustomAttributesRepository;
  tx: Transactor<{ customAttributes: CustomAttributesRepository; attributeValues: DefinitionValues }>;
  clock: Clock;
}

export class CustomAttributesService {

  constructor(private readonly deps: CustomAttributesDeps) {}

  async list(accountId: number, kind: AttributeKind): Promise<Definition[]> {
    return (await this.deps.customAttributes.list(accountId, kind)).map(toDefinition);
  }

  async create(accountId: number, kind: AttributeKind, input: CreateInput): Promise<Definition> {
    checkLabel(input.label);
    // C3: without a name, the label is the name's source; the message then says so.
    const name = input.name === undefined ? checkedName(input.label, 'name (derived from label)') : checkedName(input.name);
    const options = input.options ?? [];
    checkOptions(input.field_type, options);
    if (await this.deps.customAttributes.findByName(accountId, kind, name)) throw duplicate(name);
    try {
      const row = await this.deps.customAttributes.insert(accountId, {
        kind,
        name,
        label: input.label,
        field_type: input.field_type,
        data_type: input.data_type,
        options: JSON.stringify(options),
        group_name: input.group ?? null,
        created_at: formatDateTime(this.deps.clock.now()),
      });
      return toDefinition(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(name);
      throw error;
    }
  }

  async update(accountId: number, kind: AttributeKind, pathName: string, input: UpdateInput): Promise<UpdateResult> {
    const name = checkedName(pathName);
    const newName = input.name === undefined ? name : checkedName(input.name);
    if (input.label !== undefined) checkLabel(input.label);
    try {
      return await this.deps.tx.run(async ({ customAttributes: repository, attributeValues }) => {
        const current = await repository.findByName(accountId, kind, name);
        if (!current) throw notFound(kind, name);
        const fieldType = input.field_type ?? current.field_type;
        const options = input.options ?? (JSON.parse(current.options) as AttributeOption[]);
        checkOptions(fieldType, options);
        if (newName !== name && (await repository.findByName(accountId, kind, newName))) throw duplicate(newName);

        const changes: DefinitionChanges = {};
        if (newName !== name) changes.name = newName;
        if (input.label !== undefined) changes.label = input.label;
        if (input.field_type !== undefined) changes.field_type = input.field_type;
        if (input.data_type !== undefined) changes.data_type = input.data_type;
        if (input.options !== undefined) changes.options = JSON.stringify(input.options);
        if (input.group !== undefined) changes.group_name = input.group;
        if (Object.keys(changes).length === 0) return { definition: toDefinition(current) };

        // The UPDATE comes first: on PostgreSQL it locks the definition, so concurrent changes of
        // the same attribute run one after the other.
        const updated = await repository.update(accountId, current.id, changes);
        if (!updated) throw notFound(kind, name);
        const result: UpdateResult = { definition: toDefinition(updated) };
        if (input.data_type !== undefined && input.data_type !== current.data_type) {
          const counts = await convertValues(attributeValues, accountId, current.id, input.data_type, kind === 'users');
          result.conversion = { from: current.data_type, to: input.data_type, ...counts };
        }
        return result;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(newName);
      throw error;
    }
  }

  /** Deletes a definition (its stored values go with it) and answers the remaining list. */
  async remove(accountId: number, kind: AttributeKind, pathName: string): Promise<Definition[]> {
    const name = checkedName(pathName);
    const current = await this.deps.customAttributes.findByName(accountId, kind, name);
    if (!current || !(await this.deps.customAttributes.delete(accountId, current.id))) throw notFound(kind, name);
    return this.list(accountId, kind);
  }
}

/**
 * C8: converts every stored value of a definition to the new data type, batch by batch by record
 * id, inside the caller's transaction. The conversion looks at each stored value, not at the old
 * data type, so running it again (or after a concurrent change) is harmless.
 */
async function convertValues(
  values: DefinitionValues,
  accountId: number,
  definitionId: number,
  target: DataType,
  userAttribute: boolean,
): Promise<{ converted: number; dropped: number }> {
  let converted = 0;
  let dropped = 0;
  let after: number | null = null;
  for (;;) {
    const batch = await values.batchOfDefinition(accountId, definitionId, after, CONVERSION_BATCH_SIZE);
    if (batch.length === 0) break;
    const rewrites: { record_id: number; value: string }[] = [];
    const drops: number[] = [];
    for (const row of batch) {
      const value = convertStoredValue(row.value, target);
      if (value === null) drops.push(row.record_id);
      else {
        converted += 1;
        if (value !== row.value) rewrites.push({ record_id: row.record_id, value });
      }
    }
    await values.rewriteOfDefinition(accountId, definitionId, rewrites, userAttribute);
    await values.deleteOfDefinition(accountId, definitionId, drops);
    dropped += drops.length;
    after = batch[batch.length - 1]!.record_id;
    if (batch.length < CONVERSION_BATCH_SIZE) break;
  }
  return { converted, dropped };
}

function duplicate(name: string) {
  return invalidField('name', `${JSON.stringify(name)} already exists`);
}

const KIND_LABEL: Record<AttributeKind, string> = {
  users: 'user',
  products: 'product',
  purchases: 'purchase',
  purchase_items: 'purchase item',
};

function notFound(kind: AttributeKind, name: string) {
  return new NotFoundError(`${KIND_LABEL[kind]} custom attribute ${JSON.stringify(name)} not found`);
}
