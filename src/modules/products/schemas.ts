import { type Static, type TProperties, Type } from 'typebox';
import { Envelope } from '../../http/envelope.js';
import { NullableInteger, NullableNumber, NullableString } from '../../http/nullable-fields.js';
import { PageQuery } from '../../http/pagination.js';
import { CategoryPathInput } from '../categories/path.js';

// P1, P2: products. Bodies drop unknown keys (G8: the client's PUT sends the product object it read,
// `id`, `createtime` and all); top-level nulls are "not given".

export const SKU_MAX = 255;
const TEXT_MAX = 1000;
const URL_MAX = 2048;
const SPECIFICATIONS_MAX = 200;

const Url = () => Type.String({ maxLength: URL_MAX });

const Specification = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 255 }), value: Type.String({ maxLength: TEXT_MAX }) },
  { additionalProperties: false },
);

/**
 * One schema for both forms (type array rather than anyOf), so a wrong value is reported at its own
 * path (`specifications[0].value: must be string`, `specifications.color: must be string`).
 */
const specificationsSchema = (description: string) =>
  Type.Unsafe<Array<{ name: string; value: string }> | Record<string, string>>({
    type: ['array', 'object'],
    items: Specification,
    maxItems: SPECIFICATIONS_MAX,
    additionalProperties: Type.String({ maxLength: TEXT_MAX }),
    maxProperties: SPECIFICATIONS_MAX,
    description,
  });

const SpecificationsInput = specificationsSchema(
  `Up to ${SPECIFICATIONS_MAX} specifications: an array of {name, value} strings, or an object of strings; read back in the form given`,
);

/** JSON object, at most 16,384 UTF-8 bytes as JSON (checked by the service, as E3). */
const Metadata = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  additionalProperties: true,
  description: 'Free-form JSON object; at most 16,384 bytes as JSON',
});

const CustomAttributes = Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), {
  maxProperties: 200,
  description: 'Values keyed by product custom attribute name (P5); a value may be an array; null removes it (PUT)',
});

const fields = {
  sku: Type.String({ minLength: 1, maxLength: SKU_MAX, description: 'Unique per account; on PUT a different one renames the product' }),
  name: Type.String({ minLength: 1, maxLength: TEXT_MAX }),
  base_name: Type.String({ maxLength: TEXT_MAX }),
  brand: Type.String({ maxLength: 255 }),
  description: Type.String({ maxLength: 65_535 }),
  url: Url(),
  image_url: Url(),
  thumbnail_url: Url(),
  price: Type.Number({ minimum: 0 }),
  offer_price: Type.Number({ minimum: 0 }),
  stock: Type.Integer({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }),
  available: Type.Boolean({ description: 'Default true' }),
  category: CategoryPathInput,
  specifications: SpecificationsInput,
  metadata: Metadata,
  custom_attributes: CustomAttributes,
} satisfies TProperties;

type Fields = typeof fields;
const optional = <K extends keyof Fields>(keys: K[]) =>
  Object.fromEntries(keys.map((key) => [key, Type.Optional(fields[key])])) as { [P in K]: ReturnType<typeof Type.Optional<Fields[P]>> };

const OPTIONAL_ON_CREATE = [
  'base_name',
  'brand',
  'description',
  'url',
  'image_url',
  'thumbnail_url',
  'price',
  'offer_price',
  'stock',
  'available',
  'category',
  'specifications',
  'metadata',
  'custom_attributes',
] as const satisfies Array<keyof Fields>;

export const CreateProductBody = Type.Object(
  { sku: fields.sku, name: fields.name, ...optional([...OPTIONAL_ON_CREATE]) },
  { additionalProperties: false },
);
export type CreateProductBody = Static<typeof CreateProductBody>;

export const UpdateProductBody = Type.Object(optional(['sku', 'name', ...OPTIONAL_ON_CREATE]), {
  additionalProperties: false,
  description: 'Only the fields given change; `exist` and the read-only fields the client echoes are ignored',
});
export type UpdateProductBody = Static<typeof UpdateProductBody>;

export const ProductSkuParams = Type.Object(
  { sku: Type.String({ maxLength: 1024, description: 'The SKU in base64: standard (URL-encoded) or URL-safe, padded or not' }) },
  { additionalProperties: false },
);

export const ProductListQuery = Type.Object(
  {
    ...PageQuery.properties,
    sku: Type.Optional(Type.String({ maxLength: SKU_MAX, description: 'Exactly this SKU' })),
    search: Type.Optional(Type.String({ maxLength: 255, description: 'Substring of SKU, name or brand (case-insensitive)' })),
    // Text, so that an empty `available=` is "not given" (G7) rather than a coercion error.
    available: Type.Optional(
      Type.Unsafe<'true' | 'false' | ''>({ type: 'string', enum: ['true', 'false', ''], description: 'true or false; empty is no filter' }),
    ),
    category: Type.Optional(Type.String({ maxLength: 128, description: 'A category code: products of it and of every descendant' })),
  },
  { additionalProperties: false },
);
export type ProductListQuery = Static<typeof ProductListQuery>;

const productProperties = {
  id: Type.Integer(),
  sku: Type.String(),
  name: Type.String(),
  base_name: NullableString,
  brand: NullableString,
  description: NullableString,
  url: NullableString,
  image_url: NullableString,
  thumbnail_url: NullableString,
  price: NullableNumber,
  offer_price: NullableNumber,
  stock: NullableInteger,
  available: Type.Boolean(),
  category: Type.Array(Type.Object({ id: Type.String({ description: 'Category code' }), name: Type.String() }), {
    description: 'From the root down to the product\'s category; [] when none',
  }),
  specifications: specificationsSchema('As given: an array of {name, value} or an object of strings ([] when never given)'),
  metadata: Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'], additionalProperties: true }),
  custom_attributes: Type.Record(Type.String(), Type.Unknown()),
  createtime: Type.String(),
  updatetime: Type.String(),
};

export const ProductObject = Type.Object(productProperties);
export type ProductObject = Static<typeof ProductObject>;

export const UpdatedProductObject = Type.Object({
  ...productProperties,
  exist: Type.Boolean({ description: 'Always true: the platform client reads it to know the update worked' }),
});
export type UpdatedProductObject = Static<typeof UpdatedProductObject>;

export const ProductEnvelope = Envelope(ProductObject);
export const UpdatedProductEnvelope = Envelope(UpdatedProductObject);
export const ProductListEnvelope = Envelope(Type.Array(ProductObject));
export const ProductExistEnvelope = Envelope(Type.Object({ exist: Type.Boolean() }));
export const ProductDeletedEnvelope = Envelope(Type.Null());
