import { type Static, Type } from 'typebox';
import { type AttributeKind as Kind, DATA_TYPES, FIELD_TYPES } from '../../lib/attribute-values.js';

// The four record kinds share one implementation; the kind comes from the path, never the body.
export const ATTRIBUTE_KINDS = [
  { kind: 'users', path: '/account/custom-attributes' },
  { kind: 'products', path: '/account/product-custom-attributes' },
  { kind: 'purchases', path: '/account/purchase-custom-attributes' },
  { kind: 'purchase_items', path: '/account/purchase-item-custom-attributes' },
] as const;

export type AttributeKind = (typeof ATTRIBUTE_KINDS)[number]['kind'] & Kind;

export const LABEL_MAX = 255;
export const GROUP_MAX = 255;
export const OPTION_TEXT_MAX = 255;
export const OPTIONS_MAX = 1000;

const FieldTypeSchema = Type.Enum([...FIELD_TYPES]);
const DataTypeSchema = Type.Enum([...DATA_TYPES]);

export const OptionSchema = Type.Object(
  {
    value: Type.String({ minLength: 1, maxLength: OPTION_TEXT_MAX }),
    text: Type.String({ minLength: 1, maxLength: OPTION_TEXT_MAX }),
  },
  { additionalProperties: false },
);

const OptionsSchema = Type.Array(OptionSchema, {
  maxItems: OPTIONS_MAX,
  description: 'Items {value, text}; values unique. A select needs at least one.',
});
// A type array (not anyOf) so a wrong type reads `group: must be string or null`.
const GroupSchema = Type.Unsafe<string | null>({
  type: ['string', 'null'],
  maxLength: GROUP_MAX,
  description: 'Grouping label; null means no group (on PUT, null clears it).',
});
// The pattern is checked after normalisation (C2), so the schema only asks for a non-empty string.
const NameSchema = Type.String({
  minLength: 1,
  maxLength: 255,
  description: 'Normalised (trim, accents stripped, lowercase, spaces and - become _), then ^[a-z0-9_]{1,64}$',
});

export const DefinitionSchema = Type.Object({
  label: Type.String(),
  name: Type.String(),
  field_type: Type.String(),
  data_type: Type.String(),
  options: Type.Array(Type.Object({ value: Type.String(), text: Type.String() })),
  group: Type.Union([Type.String(), Type.Null()]),
});
export type Definition = Static<typeof DefinitionSchema>;

export const CreateBody = Type.Object(
  {
    label: Type.String({ minLength: 1, maxLength: LABEL_MAX }),
    name: Type.Optional(NameSchema),
    field_type: FieldTypeSchema,
    data_type: DataTypeSchema,
    options: Type.Optional(OptionsSchema),
    group: Type.Optional(GroupSchema),
  },
  { additionalProperties: false, examples: [{ label: 'Loyalty level', field_type: 'select', data_type: 'string', options: [{ value: 'gold', text: 'Gold' }] }] },
);
export type CreateInput = Static<typeof CreateBody>;

export const UpdateBody = Type.Object(
  {
    label: Type.Optional(Type.String({ minLength: 1, maxLength: LABEL_MAX })),
    name: Type.Optional(NameSchema),
    field_type: Type.Optional(FieldTypeSchema),
    data_type: Type.Optional(DataTypeSchema),
    options: Type.Optional(OptionsSchema),
    group: Type.Optional(GroupSchema),
  },
  { additionalProperties: false },
);
export type UpdateInput = Static<typeof UpdateBody>;

export const NameParams = Type.Object({ name: Type.String({ minLength: 1 }) });
