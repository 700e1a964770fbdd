import { type Static, type TSchema, Type } from 'typebox';
import { Envelope } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { MAX_COUNT, MAX_ID } from '../../http/validation.js';
import { CategoryPathInput } from '../categories/path.js';

// S1–S4: purchases. Bodies drop unknown keys at every level (G8: the client sends `customer`,
// `cleanser` and, on each item, every product field). A null anywhere in a purchase body means "not
// given" (see prepare.ts dropNulls); only `prices` declares null, as the contract spells it.

export const ITEMS_MAX = 500;
export const BULK_MAX = 100;
const INVOICE_MAX = 255;
const SKU_MAX = 255;
const TEXT_MAX = 1000;
const URL_MAX = 2048;

export const CHANNELS = ['web', 'telephone', 'in-store', 'corporate', 'direct', 'other'] as const;
export const PAYMENT_TYPES = ['credit', 'debit', 'other', 'mercadopago', 'todopago', 'cash'] as const;
export const PRICE_FIELDS = ['cost', 'shipping', 'gross', 'tax', 'discount', 'total'] as const;

const Text = (max = TEXT_MAX, description?: string) => Type.String({ maxLength: max, ...(description ? { description } : {}) });
const Datetime = (description: string) => Type.String({ maxLength: 64, description });
const enumOf = <T extends readonly string[]>(values: T, description?: string) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

const CustomAttributes = (kind: string) =>
  Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), {
    maxProperties: 200,
    description: `Values keyed by ${kind} custom attribute name (P5); a value may be an array of values of the attribute's type`,
  });

/** JSON object, at most 16,384 UTF-8 bytes as JSON (checked by the service, as E3). */
const Metadata = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  additionalProperties: true,
  description: 'Free-form JSON object; at most 16,384 bytes as JSON',
});

const Variation = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255 }),
    value: Type.Unsafe<string | number>({ type: ['string', 'number'], maxLength: TEXT_MAX }),
  },
  { additionalProperties: false },
);

export const PurchaseItemInput = Type.Object(
  {
    sku: Type.String({ minLength: 1, maxLength: SKU_MAX, description: 'A product that does not exist yet is created from the item' }),
    product_name: Type.String({ minLength: 1, maxLength: TEXT_MAX, description: 'Also the name of a product the item creates' }),
    quantity: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_COUNT, description: 'Default 1' })),
    unit_price: Type.Optional(Type.Number({ minimum: 0, description: 'Default 0; also the price of a product the item creates' })),
    variations: Type.Optional(Type.Array(Variation, { maxItems: 100 })),
    category: Type.Optional(CategoryPathInput),
    brand: Type.Optional(Text(255)),
    url: Type.Optional(Text(URL_MAX)),
    image_url: Type.Optional(Text(URL_MAX)),
    thumbnail_url: Type.Optional(Text(URL_MAX)),
    manufacturer_warranty_date: Type.Optional(Datetime('G7 datetime, or a bare YYYY-MM-DD (that day at 00:00:00)')),
    extension_warranty_date: Type.Optional(Datetime('G7 datetime, or a bare YYYY-MM-DD (that day at 00:00:00)')),
    with_extension_warranty: Type.Optional(Type.Boolean()),
    custom_attributes: Type.Optional(CustomAttributes('purchase item')),
  },
  { additionalProperties: false },
);
export type PurchaseItemInput = Static<typeof PurchaseItemInput>;

const Payment = Type.Object(
  {
    type: enumOf(PAYMENT_TYPES),
    brand: Type.Optional(Text(255)),
    bank: Type.Optional(Text(255)),
    total: Type.Optional(Type.Number({ minimum: 0 })),
    installments: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export type PaymentInput = Static<typeof Payment>;

const NullablePrice = Type.Unsafe<number | null>({ type: ['number', 'null'], minimum: 0, description: 'Absent or null reads 0' });

const Prices = Type.Object(Object.fromEntries(PRICE_FIELDS.map((field) => [field, Type.Optional(NullablePrice)])) as Record<
  (typeof PRICE_FIELDS)[number],
  ReturnType<typeof Type.Optional<typeof NullablePrice>>
>, { additionalProperties: false });

const Seller = Type.Object(
  {
    name: Type.Optional(Text(255)),
    email: Type.Optional(Text(320)),
    external_id: Type.Optional(Type.Unsafe<string | number>({ type: ['string', 'integer'], maxLength: 255, minimum: 0, maximum: MAX_COUNT })),
  },
  { additionalProperties: false },
);

const identity = {
  service_uid: Type.Optional(Text(255)),
  email: Type.Optional(Text(320)),
  document: Type.Optional(Text(255)),
  telephone: Type.Optional(Text(64)),
};

/** S1: a purchase, its user named by identity, with 1–500 items (also S3's PUT and each element of the bulk body). */
export const PurchaseInput = Type.Object(
  {
    invoice_number: Type.Unsafe<string | number>({
      type: ['string', 'integer'],
      minLength: 1,
      maxLength: INVOICE_MAX,
      minimum: 0,
      maximum: MAX_COUNT,
      description: 'Unique per account; an integer is taken as its decimal text',
    }),
    ...identity,
    purchase_detail: Type.Array(PurchaseItemInput, { minItems: 1, maxItems: ITEMS_MAX }),
    prices: Type.Optional(Prices),
    branch_name: Type.Optional(Text(255, 'A branch of that name (compared case-insensitively) is created when none exists')),
    channel: Type.Optional(enumOf(CHANNELS)),
    payment: Type.Optional(
      Type.Unsafe<PaymentInput | PaymentInput[]>({
        type: ['object', 'array'],
        properties: Payment.properties,
        required: Payment.required,
        additionalProperties: false,
        items: Payment,
        maxItems: 50,
        description: 'One payment object or an array of them; answered as an array',
      }),
    ),
    seller: Type.Optional(Seller),
    points: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_COUNT, description: 'Credited to the user (concept "purchase"); default 0' })),
    createtime: Type.Optional(Datetime('G7 datetime; default now (on PUT: the stored one)')),
    approvedtime: Type.Optional(Datetime('G7 datetime')),
    metadata: Type.Optional(Metadata),
    custom_attributes: Type.Optional(CustomAttributes('purchase')),
  },
  { additionalProperties: false },
);
export type PurchaseInput = Static<typeof PurchaseInput>;

/** PUT /purchases/{id} (the platform's documentation): S3's body; the path names the purchase, so invoice_number may be left out. */
export const PurchaseByIdInput = Type.Object(
  { ...PurchaseInput.properties, invoice_number: Type.Optional(PurchaseInput.properties.invoice_number) },
  { additionalProperties: false },
);
export type PurchaseByIdInput = Static<typeof PurchaseByIdInput>;

/**
 * POST /purchases/bulk: 1–100 objects. Each element is checked against PurchaseInput on its own,
 * so that a bad one is a failed entry rather than a 400 for the whole request (S3).
 */
export const BulkPurchaseBody = Type.Array(Type.Object({}, { additionalProperties: true, description: 'An S1 purchase' }), {
  minItems: 1,
  maxItems: BULK_MAX,
});

export const PurchaseIdParams = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The purchase id' }) },
  { additionalProperties: false },
);

export const UserPurchasesParams = Type.Object(
  { id: Type.String({ maxLength: 1024, description: 'Numeric userapp_id, or the base64 of the service_uid' }) },
  { additionalProperties: false },
);

export const PurchaseListQuery = Type.Object(
  {
    ...PageQuery.properties,
    service_uid: Type.Optional(Text(255)),
    email: Type.Optional(Text(320)),
    document: Type.Optional(Text(255)),
    // Text, so that an empty `userapp_id=` is "not given" (G7) rather than a coercion error.
    userapp_id: Type.Optional(Type.String({ pattern: '^[0-9]*$', maxLength: 10, description: `A userapp_id, 1 to ${MAX_ID}` })),
    invoice_number: Type.Optional(Text(INVOICE_MAX)),
    branch_name: Type.Optional(Text(255, 'Compared case-insensitively after trimming')),
    from: Type.Optional(Datetime('On createtime, inclusive (G7; a bare date is the whole day)')),
    to: Type.Optional(Datetime('On createtime, inclusive (G7; a bare date is the whole day)')),
  },
  { additionalProperties: false },
);
export type PurchaseListQuery = Static<typeof PurchaseListQuery>;

export const UserPurchasesQuery = Type.Object(PageQuery.properties, { additionalProperties: false });

/** The longest range GET /purchases/summary answers, in buckets of each size. */
export const SUMMARY_MAX_BUCKETS = { day: 366, month: 120 } as const;

export const PurchaseSummaryQuery = Type.Object(
  {
    from: Type.Optional(
      Datetime('On createtime, inclusive (G7; a bare date is the start of that day in timezone). Default: 29 days before to\'s day (12 months with group_by=month)'),
    ),
    to: Type.Optional(Datetime('On createtime, inclusive (G7; a bare date is the end of that day in timezone). Default: the end of today in timezone')),
    // Text, so that an empty `group_by=` is "not given" (G7).
    group_by: Type.Optional(
      Type.Unsafe<'day' | 'month' | ''>({ type: 'string', enum: ['day', 'month', ''], description: 'Bucket size: day (default) or month, of timezone' }),
    ),
    timezone: Type.Optional(
      Type.String({ maxLength: 64, description: 'IANA time zone whose days and months the buckets and bare-date bounds are, e.g. America/Argentina/Buenos_Aires. Default: UTC' }),
    ),
    branch_name: Type.Optional(Text(255, 'Only this branch\'s purchases (compared case-insensitively after trimming)')),
  },
  { additionalProperties: false },
);
export type PurchaseSummaryQuery = Static<typeof PurchaseSummaryQuery>;

export const PurchaseSummaryBucket = Type.Object({
  date: Type.String({ description: 'The day YYYY-MM-DD of timezone (UTC by default), or the month YYYY-MM with group_by=month' }),
  orders: Type.Integer({ description: 'Purchases whose createtime lies in the bucket (and in from..to)' }),
  revenue: Type.Number({ description: 'Sum of their prices.total, rounded to 6 decimals; 0 when none' }),
});
export type PurchaseSummaryBucket = Static<typeof PurchaseSummaryBucket>;

// Responses: nullable fields as JSON Schema type arrays, written directly by the serializer.
const nullable = (type: string) => Type.Unsafe<never>({ type: [type, 'null'] });
const NullableString = nullable('string') as TSchema as ReturnType<typeof Type.Unsafe<string | null>>;

const PaymentObject = Type.Object({
  type: Type.String(),
  brand: NullableString,
  bank: NullableString,
  total: Type.Unsafe<number | null>({ type: ['number', 'null'] }),
  installments: Type.Unsafe<number | null>({ type: ['integer', 'null'] }),
});

const SellerObject = Type.Object({
  name: NullableString,
  email: NullableString,
  external_id: Type.Unsafe<string | number | null>({ type: ['string', 'integer', 'null'] }),
});

const PurchaseItemObject = Type.Object({
  sku: Type.String(),
  product_name: Type.String(),
  quantity: Type.Integer(),
  unit_price: Type.Number(),
  variations: Type.Array(Type.Object({ name: Type.String(), value: Type.Unsafe<string | number>({ type: ['string', 'number'] }) })),
  category: Type.Array(Type.Object({ id: Type.String({ description: 'Category code' }), name: Type.String() }), {
    description: 'The path as the purchase gave it, from the root; [] when none',
  }),
  brand: NullableString,
  url: NullableString,
  image_url: NullableString,
  thumbnail_url: NullableString,
  manufacturer_warranty_date: NullableString,
  extension_warranty_date: NullableString,
  with_extension_warranty: Type.Unsafe<boolean | null>({ type: ['boolean', 'null'] }),
  custom_attributes: Type.Record(Type.String(), Type.Unknown()),
});
export type PurchaseItemObject = Static<typeof PurchaseItemObject>;

export const PurchaseObject = Type.Object({
  id: Type.Integer(),
  invoice_number: Type.String(),
  user: Type.Object({
    userapp_id: Type.Integer(),
    service_uid: NullableString,
    email: NullableString,
    document: NullableString,
  }),
  branch: Type.Unsafe<{ id: number; name: string } | null>({
    type: ['object', 'null'],
    properties: { id: { type: 'integer' }, name: { type: 'string' } },
    required: ['id', 'name'],
  }),
  channel: NullableString,
  points: Type.Integer(),
  prices: Type.Object(
    Object.fromEntries(PRICE_FIELDS.map((field) => [field, Type.Number()])) as Record<(typeof PRICE_FIELDS)[number], ReturnType<typeof Type.Number>>,
  ),
  payment: Type.Array(PaymentObject),
  seller: Type.Unsafe<Static<typeof SellerObject> | null>({
    type: ['object', 'null'],
    properties: SellerObject.properties,
    required: SellerObject.required,
  }),
  purchase_detail: Type.Array(PurchaseItemObject),
  metadata: Type.Unsafe<Record<string, unknown> | null>({ type: ['object', 'null'], additionalProperties: true }),
  custom_attributes: Type.Record(Type.String(), Type.Unknown()),
  createtime: Type.String(),
  approvedtime: NullableString,
});
export type PurchaseObject = Static<typeof PurchaseObject>;

export const BulkFailure = Type.Object({
  index: Type.Integer({ description: 'Position of the purchase in the request, from 0' }),
  invoice_number: NullableString,
  code: Type.String({ description: 'bad_request, duplicated_purchase_number or user_not_found (S2)' }),
  message: Type.String(),
});
export type BulkFailure = Static<typeof BulkFailure>;

export const BulkResult = Type.Object({
  created: Type.Integer({ description: 'How many purchases were stored' }),
  failed: Type.Array(BulkFailure),
});
export type BulkResult = Static<typeof BulkResult>;

export const PurchaseEnvelope = Envelope(PurchaseObject);
export const PurchaseListEnvelope = Envelope(Type.Array(PurchaseObject));
export const BulkResultEnvelope = Envelope(BulkResult);
export const PurchaseDeletedEnvelope = Envelope(Type.Null());
export const PurchaseSummaryEnvelope = Envelope(
  Type.Array(PurchaseSummaryBucket, { description: 'Every bucket from from\'s to to\'s, oldest first, empty ones with 0' }),
);
