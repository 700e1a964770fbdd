import { type Static, type TProperties, Type } from 'typebox';
import { AcceptedEnvelope } from '../../http/accepted.js';
import { DryRunField, DryRunResult } from '../../http/dry-run.js';
import { Envelope } from '../../http/envelope.js';
import { NullableNumber, NullableString } from '../../http/nullable-fields.js';
import { PageQuery } from '../../http/pagination.js';

// P4: the fields of the platform client's BranchModel. `name` is a column (unique per account,
// compared case-insensitively after trimming); the rest is kept as JSON in `data`.

export const BRANCH_NAME_MAX = 255;
const MAX_INT = 2_147_483_647;

const Text = (maxLength = 255) => Type.String({ maxLength });

export const BUSINESS_TYPES = ['own', 'franchisee'] as const;
export const FORMATS = ['brand_branch', 'multibrand_branch', 'brand_island', 'multibrand_island', 'outlet'] as const;
export const STATUSES = ['active', 'inactive'] as const;

const oneOf = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description });

/** Every BranchModel field but `name`, as accepted in a body. */
const detailFields = {
  description: Text(5000),
  display_name: Text(),
  email: Type.String({ maxLength: 320, description: 'A valid e-mail address; stored trimmed and lowercased' }),
  telephone: Text(64),
  address: Text(1000),
  working_hours: Text(1000),
  notes: Text(10_000),
  branch_zone: Type.Object(
    { code: Type.String({ minLength: 1, maxLength: 255 }), name: Type.Optional(Text()) },
    { additionalProperties: false },
  ),
  holder: Text(),
  status: oneOf(STATUSES, 'Default active'),
  country: Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false }),
  state: Text(),
  city: Text(),
  business_type: oneOf(BUSINESS_TYPES, 'own or franchisee (null: not given)'),
  shopping_center: Text(),
  location_type: Text(),
  m2: Type.Number({ minimum: 0, description: 'Floor area in square metres' }),
  m2_cost: Type.Number({ minimum: 0 }),
  employees_quantity: Type.Integer({ minimum: 0, maximum: MAX_INT }),
  group: Text(),
  format: oneOf(FORMATS, 'The branch format (null: not given)'),
  is_web: Type.Boolean({ description: 'Default false' }),
} satisfies TProperties;

export type BranchDetails = { [K in keyof typeof detailFields]?: Static<(typeof detailFields)[K]> };
export const DETAIL_FIELDS = Object.keys(detailFields) as Array<keyof typeof detailFields>;

const optionalDetails = Object.fromEntries(Object.entries(detailFields).map(([key, schema]) => [key, Type.Optional(schema)])) as {
  [K in keyof typeof detailFields]: ReturnType<typeof Type.Optional<(typeof detailFields)[K]>>;
};

const branchName = (description: string) => Type.String({ minLength: 1, maxLength: BRANCH_NAME_MAX, description });

export const CreateBranchBody = Type.Object(
  { name: branchName('Unique per account, compared case-insensitively after trimming; stored trimmed'), ...optionalDetails },
  { additionalProperties: false },
);
export type CreateBranchBody = Static<typeof CreateBranchBody>;

export const UpdateBranchBody = Type.Object(
  { name: Type.Optional(branchName('A different name renames the branch (400 when another branch has it)')), ...optionalDetails },
  { additionalProperties: false, description: 'Only the fields given change' },
);
export type UpdateBranchBody = Static<typeof UpdateBranchBody>;

export const BranchIdParams = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: MAX_INT, description: 'Branch id' }) },
  { additionalProperties: false },
);

export const BranchNameParams = Type.Object(
  {
    '*': Type.String({
      maxLength: 1024,
      description:
        'The base64 of the branch name: standard base64 sent raw (may contain /, + and =) as the platform client does, ' +
        'or URL-encoded, or URL-safe base64 with or without padding',
    }),
  },
  { additionalProperties: false },
);

/** PUT /branches/{id}: the name's base64 as one path segment, where GET /branches/{id} has the numeric id. */
export const BranchNamePathParams = Type.Object(
  {
    id: Type.String({
      maxLength: 1024,
      description:
        'Not a numeric id: the base64 of the branch name (P4), as one path segment (a / of standard base64 sent as %2F; ' +
        'sent raw, the rest of the path is the name), or URL-safe base64 with or without padding',
    }),
  },
  { additionalProperties: false },
);

/** DELETE /branches [client]: the same fields in a JSON body, a form body or the query (the body's win). */
export const DeleteBranchFields = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_INT, description: 'The branch to delete (required, in the body or the query)' })),
    notify_to: Type.Optional(Type.String({ maxLength: 320, description: 'E-mail address told the outcome' })),
    dry_run: DryRunField,
  },
  { additionalProperties: false, examples: [{ id: 1, notify_to: 'ops@example.com' }] },
);
export type DeleteBranchFields = Static<typeof DeleteBranchFields>;

/** O8: what deleting a branch would do. */
export const BranchesDryRun = DryRunResult({
  branches: Type.Integer({ description: 'Branches deleted: 1' }),
  purchases_unassigned: Type.Integer({ description: 'Purchases of the branch, which would keep their data and answer branch: null' }),
});
export type BranchesDryRun = Static<typeof BranchesDryRun>;

/** `{request_id}` (accepted, K3), or the dry run's counts (O8). */
export const DeleteBranchEnvelope = Envelope(Type.Union([AcceptedEnvelope.properties.payload, BranchesDryRun]));

export const BranchListQuery = Type.Object(
  { ...PageQuery.properties, search: Type.Optional(Type.String({ maxLength: 255, description: 'Substring of the name (case-insensitive)' })) },
  { additionalProperties: false },
);
export type BranchListQuery = Static<typeof BranchListQuery>;

export const BranchObject = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: NullableString,
  display_name: NullableString,
  email: NullableString,
  telephone: NullableString,
  address: NullableString,
  working_hours: NullableString,
  notes: NullableString,
  branch_zone: Type.Union([Type.Object({ code: Type.String(), name: NullableString }), Type.Null()]),
  holder: NullableString,
  status: Type.String({ enum: [...STATUSES] }),
  country: Type.Union([Type.Object({ code: Type.String() }), Type.Null()]),
  state: NullableString,
  city: NullableString,
  business_type: NullableString,
  shopping_center: NullableString,
  location_type: NullableString,
  m2: NullableNumber,
  m2_cost: NullableNumber,
  employees_quantity: Type.Unsafe<number | null>({ type: ['integer', 'null'] }),
  group: NullableString,
  format: NullableString,
  is_web: Type.Boolean(),
  createtime: Type.String(),
  updatetime: Type.String(),
});
export type BranchObject = Static<typeof BranchObject>;

export const BranchEnvelope = Envelope(BranchObject);
export const BranchListEnvelope = Envelope(Type.Array(BranchObject));
