import { type Static, Type } from 'typebox';
import { PageQuery } from '../../http/pagination.js';
import { MAX_COUNT, MAX_ID } from '../../http/validation.js';

// B1: response types follow the spec's examples exactly (ids and points integers, flags and
// reference ids strings). Inputs are more lenient: flags accept "1"/"0", 1/0 and true/false, and
// reference ids accept a string or an integer, so a form body and a JSON body both work.

/** Ids, points and counters are 32-bit integer columns. */
export const MAX_INT = MAX_ID;

const DATETIME_HELP = "'YYYY-MM-DD hh:mm:ss' (UTC), ISO 8601 with an offset, or a bare date";

const Flag = Type.Unsafe<'0' | '1' | 0 | 1 | boolean>({
  enum: ['0', '1', 0, 1, true, false],
  description: '"1" or "0" (1/0 and true/false are accepted too)',
});
const Reference = Type.Unsafe<string | number>({ type: ['string', 'integer'], maxLength: 255, minimum: -MAX_COUNT, maximum: MAX_COUNT });
const NullableText = Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: 255 });
const Count = Type.Unsafe<string | number>({
  type: ['integer', 'string'],
  minimum: 0,
  maximum: MAX_INT,
  maxLength: 10,
  pattern: '^[0-9]+$',
  description: 'Assignments allowed per user per UTC calendar month; "0" means no limit',
});
const Stock = Type.Unsafe<number | null>({
  type: ['integer', 'null'],
  minimum: 0,
  maximum: MAX_INT,
  description: 'Units left; null means unlimited',
});
const DateTimeInput = (description: string) => Type.String({ maxLength: 40, description: `${description}: ${DATETIME_HELP}` });

const editable = {
  slug: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Defaults to the normalised title' })),
  description: Type.Optional(Type.String({ maxLength: 65535 })),
  status: Type.Optional(Flag),
  image_id: Type.Optional(Reference),
  user_id: Type.Optional(Reference),
  app_id: Type.Optional(Reference),
  app_code: Type.Optional(Type.String({ maxLength: 255 })),
  contenttype_id: Type.Optional(Reference),
  version: Type.Optional(NullableText),
  category_id: Type.Optional(NullableText),
  featured: Type.Optional(Flag),
  wallpublish: Type.Optional(Flag),
  monthly_redeems: Type.Optional(Count),
  image_url: Type.Optional(Type.String({ maxLength: 2048 })),
  points: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_INT, description: 'Points a user pays for one assignment' })),
  event_date: Type.Optional(DateTimeInput('Defaults to startdate')),
  sku: Type.Optional(Type.String({ maxLength: 255 })),
  stock: Type.Optional(Stock),
};

export const BenefitCreateBody = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 255 }),
    startdate: DateTimeInput('Start of validity; a bare date means 00:00:00'),
    enddate: DateTimeInput('End of validity, after startdate; a bare date means 23:59:59'),
    ...editable,
  },
  { additionalProperties: false, examples: [{ title: 'Free coffee', startdate: '2026-01-01', enddate: '2026-12-31', points: 100, stock: 5, monthly_redeems: '2' }] },
);
export type BenefitCreateBody = Static<typeof BenefitCreateBody>;

export const BenefitUpdateBody = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    startdate: Type.Optional(DateTimeInput('Start of validity')),
    enddate: Type.Optional(DateTimeInput('End of validity')),
    ...editable,
  },
  { additionalProperties: false },
);
export type BenefitUpdateBody = Static<typeof BenefitUpdateBody>;

/** Fields a PUT may set to null explicitly (G8 otherwise treats null as "not given"). */
export const NULLABLE_ON_UPDATE = ['version', 'category_id', 'stock'];

export const BenefitIdParams = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: MAX_INT, description: 'Benefit id' }) },
  { additionalProperties: false },
);

export const AssignParams = Type.Object(
  { benefit_id: Type.Integer({ minimum: 1, maximum: MAX_INT, description: 'Benefit id' }) },
  { additionalProperties: false },
);

export const AssignBody = Type.Object(
  {
    userapp_id: Type.Unsafe<string | number>({
      type: ['integer', 'string'],
      minimum: 1,
      maximum: MAX_INT,
      maxLength: 20,
      description: 'The user (its userapp_id): a positive integer, or its digits as a string (form bodies)',
    }),
  },
  { additionalProperties: false },
);
export type AssignBody = Static<typeof AssignBody>;

const BucketCount = (description: string) =>
  Type.Optional(Type.Integer({ minimum: 0, maximum: 1000, default: 25, description: `${description} (0..1000, default 25)` }));

export const BucketsQuery = Type.Object(
  {
    currentbenefits: BucketCount('How many benefits available for redeem to return'),
    outofstockbenefits: BucketCount('How many started, not ended, out-of-stock benefits to return'),
    comingbenefits: BucketCount('How many not-yet-started benefits to return'),
  },
  { additionalProperties: false },
);
export type BucketsQuery = Static<typeof BucketsQuery>;

export const AllQuery = Type.Object({ ...PageQuery.properties }, { additionalProperties: false });

const DateTimeOutput = Type.String({ description: "'YYYY-MM-DD hh:mm:ss' UTC" });

const benefitFields = {
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  description: Type.String(),
  status: Type.String({ description: '"1" active, "0" inactive' }),
  image_id: Type.String(),
  user_id: Type.String(),
  app_id: Type.String(),
  app_code: Type.String(),
  contenttype_id: Type.String(),
  version: Type.Union([Type.String(), Type.Null()]),
  category_id: Type.Union([Type.String(), Type.Null()]),
  startdate: DateTimeOutput,
  enddate: DateTimeOutput,
  featured: Type.String({ description: '"1" or "0"' }),
  wallpublish: Type.String({ description: '"1" or "0"' }),
  monthly_redeems: Type.String({ description: '"0" means no limit' }),
  modified: DateTimeOutput,
  created: DateTimeOutput,
  image_url: Type.String(),
  points: Type.Integer(),
  event_date: DateTimeOutput,
  sku: Type.String(),
};
const outStockAt = Type.Union([DateTimeOutput, Type.Null()], { description: 'When stock reached zero, else null' });

/** The spec's Benefit object, as the buckets of GET /benefits return it. */
export const Benefit = Type.Object(benefitFields);
export type Benefit = Static<typeof Benefit>;

/** GET /benefits/all adds out_stock_at. */
export const ListedBenefit = Type.Object({ ...benefitFields, out_stock_at: outStockAt });
export type ListedBenefit = Static<typeof ListedBenefit>;

/** The administration endpoints also show the stock. */
export const AdminBenefit = Type.Object({
  ...benefitFields,
  stock: Type.Union([Type.Integer(), Type.Null()], { description: 'Units left; null means unlimited' }),
  out_stock_at: outStockAt,
});
export type AdminBenefit = Static<typeof AdminBenefit>;

export const Buckets = Type.Object({
  current: Type.Array(Benefit),
  outofstock: Type.Array(Benefit),
  comingbenefits: Type.Array(Benefit),
});
export type Buckets = Static<typeof Buckets>;

export const AssignResult = Type.Object({ status: Type.Boolean() });
