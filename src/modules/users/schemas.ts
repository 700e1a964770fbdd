import { USER_SORTS } from '../../db/user-order.js';
import { type Static, Type } from 'typebox';
import { Envelope } from '../../http/envelope.js';
import { NullableString } from '../../http/nullable-fields.js';
import { PageQuery } from '../../http/pagination.js';

const Str = (description?: string) => Type.String({ maxLength: 1000, ...(description ? { description } : {}) });
const Flag = Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]);

export const EMAIL_MAX = 320;
export const SERVICE_UID_MAX = 255;
const MAX_TAGS = 200;
/** Balances and ledger amounts are 64-bit; the API keeps them exact in JSON (O4). */
export const POINTS_MAX = Number.MAX_SAFE_INTEGER;

/** U7: M or F in either case (the client's cleanser sends f/m); answered upper-case. */
export const GenderInput = Type.Unsafe<'M' | 'F' | 'm' | 'f'>({
  type: 'string',
  enum: ['M', 'F', 'm', 'f'],
  description: 'M or F, either case; answered upper-case',
});

/**
 * U1, U7 on user writes: GenderInput or `""`, which is "not given" (the platform's v1 PHP client turns a
 * gender it cannot map into `""`; the platform accepts `^[fFmM]?$`): the gender is neither set nor cleared.
 */
export const UserGenderInput = Type.Unsafe<'M' | 'F' | 'm' | 'f' | ''>({
  type: 'string',
  enum: ['M', 'F', 'm', 'f', ''],
  description: 'M or F, either case; answered upper-case. "" is "not given" (changes nothing)',
});

const TagsInput = (description: string) =>
  Type.Union([
    Type.String({ maxLength: 10_000, description: `${description}, comma-separated` }),
    Type.Array(Type.String({ maxLength: 255 }), { maxItems: MAX_TAGS, description }),
  ]);

/** U13: a club password, 8–128 characters (of any script: counted as JavaScript strings count). */
export const PASS_MIN = 8;
export const PASS_MAX = 128;
const Pass = Type.String({ minLength: PASS_MIN, maxLength: PASS_MAX, description: 'The club password, 8–128 characters; stored only as a scrypt hash' });

const userFields = {
  service_uid: Type.Optional(Type.String({ minLength: 1, maxLength: SERVICE_UID_MAX, description: 'Your own identifier of the user' })),
  email: Type.Optional(Type.String({ minLength: 1, maxLength: EMAIL_MAX })),
  document: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  telephone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  document_type: Type.Optional(Str()),
  first_name: Type.Optional(Str()),
  last_name: Type.Optional(Str()),
  birthdate: Type.Optional(Type.String({ maxLength: 32, description: 'YYYY-MM-DD' })),
  gender: Type.Optional(UserGenderInput),
  street: Type.Optional(Str()),
  postcode: Type.Optional(Str()),
  city: Type.Optional(Str()),
  department: Type.Optional(Str()),
  state: Type.Optional(Str()),
  country: Type.Optional(Str()),
  marital_status: Type.Optional(Str()),
  tags: Type.Optional(TagsInput('Tags; on an update they are added to the user\'s tags')),
  points: Type.Optional(Type.Integer({ minimum: 0, maximum: POINTS_MAX })),
  notes: Type.Optional(Type.String({ maxLength: 10000 })),
  club_inscription_date: Type.Optional(Type.String({ maxLength: 64, description: 'datetime (G7)' })),
  mailing_enabled: Type.Optional(Flag),
  sms_enabled: Type.Optional(Flag),
  mailing_disabled_reason: Type.Optional(Str()),
  sms_disabled_reason: Type.Optional(Str()),
  custom_attributes: Type.Optional(
    Type.Record(Type.String({ maxLength: 255 }), Type.Unknown(), {
      maxProperties: 200,
      description: 'Values keyed by user attribute name',
    }),
  ),
};

const removeTags = {
  remove_tags: Type.Optional(TagsInput('Tags to remove after `tags` are added; unknown ones are ignored')),
};

/** POST /users. `remove_tags` and `new_email` are not part of it: G8 ignores them there. */
export const UserInput = Type.Object(userFields, { additionalProperties: false });

/** PUT /users/{id}: the U1 fields plus `remove_tags` (U7) and `pass`, which changes the club password (U13). */
export const UserUpdateInput = Type.Object({ ...userFields, ...removeTags, pass: Type.Optional(Pass) }, { additionalProperties: false });

/** PUT /multiusers: the update body plus `new_email` (U7). */
export const MultiuserInput = Type.Object(
  {
    ...userFields,
    ...removeTags,
    new_email: Type.Optional(
      Type.String({ minLength: 1, maxLength: EMAIL_MAX, description: 'The e-mail the user gets (the identities still find the user)' }),
    ),
  },
  { additionalProperties: false },
);
/** Every user write body: the create, update and upsert ones are all this shape with fewer fields. */
export type UserInput = Static<typeof MultiuserInput>;

export const UserObject = Type.Object({
  userapp_id: Type.Integer(),
  user_id: Type.Integer(),
  service_uid: NullableString,
  email: NullableString,
  document: NullableString,
  document_type: NullableString,
  first_name: NullableString,
  last_name: NullableString,
  telephone: NullableString,
  birthdate: NullableString,
  gender: NullableString,
  street: NullableString,
  postcode: NullableString,
  city: NullableString,
  department: NullableString,
  state: NullableString,
  country: NullableString,
  marital_status: NullableString,
  tags: Type.Array(Type.String()),
  points: Type.Integer(),
  notes: NullableString,
  club_inscription_date: NullableString,
  custom_attributes: Type.Record(Type.String(), Type.Unknown()),
  mailing_enabled: Type.Boolean(),
  sms_enabled: Type.Boolean(),
  mailing_enabled_reason: NullableString,
  sms_enabled_reason: NullableString,
  createtime: Type.String(),
  updatetime: Type.String(),
});
export type UserObject = Static<typeof UserObject>;

export const UserIdParams = Type.Object({
  id: Type.String({ maxLength: 1024, description: 'Numeric userapp_id, or the base64 of the service_uid' }),
});

export const UserListQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    search: Type.Optional(Type.String({ maxLength: 255, description: 'Every word found in e-mail, names, service_uid, document or telephone; case and accents ignored (U3)' })),
    segment_id: Type.Optional(Type.String({ maxLength: 255, description: 'Only the members of this segment: numeric id or slug (SG5); empty is absent' })),
    sort: Type.Optional(
      Type.Union(
        USER_SORTS.map((sort) => Type.Literal(sort)),
        { description: 'Rapport: the order, a field ascending or, with a leading -, descending (absent values last, ties by userapp_id); default userapp_id' },
      ),
    ),
    total: Type.Optional(Type.Boolean({ description: 'Rapport: true adds the X-Total-Count header, how many users the listing pages through' })),
  }),
]);

/** U6: the identities that find a user; empty ones are ignored, the first non-empty decides. */
const identityFields = {
  service_uid: Type.Optional(Type.String({ maxLength: SERVICE_UID_MAX })),
  email: Type.Optional(Type.String({ maxLength: EMAIL_MAX })),
  document: Type.Optional(Type.String({ maxLength: 255 })),
  telephone: Type.Optional(Type.String({ maxLength: 64 })),
};

export const IdentityQuery = Type.Object(identityFields);
export type IdentityQuery = Static<typeof IdentityQuery>;

const pointsFields = {
  concept: Type.String({ minLength: 1, maxLength: 255 }),
  points: Type.Integer({ minimum: -POINTS_MAX, maximum: POINTS_MAX, description: 'Positive adds, negative subtracts; not 0' }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
};

export const PointsInput = Type.Object(pointsFields, { additionalProperties: false });
export type PointsInput = Static<typeof PointsInput>;

/** POST /multiusers/points (U8): the identities and the U5 fields in one body. */
export const MultiuserPointsInput = Type.Object({ ...identityFields, ...pointsFields }, { additionalProperties: false });
export type MultiuserPointsInput = Static<typeof MultiuserPointsInput>;

const ledgerFilters = {
  concept: Type.Optional(Type.String({ maxLength: 255, description: 'Only entries with exactly this concept; empty is no filter' })),
  from: Type.Optional(Type.String({ maxLength: 64, description: 'On the entry\'s createtime, inclusive (G7; a bare date is its whole day)' })),
  to: Type.Optional(Type.String({ maxLength: 64, description: 'On the entry\'s createtime, inclusive' })),
};

/** GET /users/{id}/transactions. */
export const TransactionsQuery = Type.Object({ ...PageQuery.properties, ...ledgerFilters });
export type TransactionsQuery = Static<typeof TransactionsQuery>;

/** GET /multiusers/transactions: the identities plus the same filters. */
export const MultiuserTransactionsQuery = Type.Object({ ...identityFields, ...PageQuery.properties, ...ledgerFilters });
export type MultiuserTransactionsQuery = Static<typeof MultiuserTransactionsQuery>;

export const PointsTransaction = Type.Object({
  transaction_id: Type.Integer(),
  concept: Type.String(),
  points: Type.Integer(),
  description: NullableString,
  balance: Type.Integer(),
  createtime: Type.String(),
});

/** U8: one ledger entry; `balance` is the balance after it. */
export const LedgerEntry = Type.Object({
  id: Type.Integer(),
  concept: Type.String(),
  points: Type.Integer(),
  description: NullableString,
  balance: Type.Integer({ description: 'The balance after this entry' }),
  createtime: Type.String(),
});
export type LedgerEntry = Static<typeof LedgerEntry>;

export const UserEnvelope = Envelope(UserObject);
export const UserListEnvelope = Envelope(Type.Array(UserObject));
export const ExistEnvelope = Envelope(Type.Object({ exist: Type.Boolean() }));
export const TransactionEnvelope = Envelope(Type.Object({ transaction_id: Type.Integer() }));
export const LedgerEnvelope = Envelope(
  Type.Object({ points: Type.Integer(), transactions: Type.Array(PointsTransaction) }),
);
export const LedgerEntriesEnvelope = Envelope(Type.Array(LedgerEntry));

/** U11: GET /transactions, the account's ledger: the filters of GET /users/{id}/transactions. */
export const AccountTransactionsQuery = TransactionsQuery;

/** U11: a ledger entry of the account's ledger, with the customer it belongs to. */
export const AccountLedgerEntry = Type.Object({
  ...LedgerEntry.properties,
  user: Type.Object({
    userapp_id: Type.Integer(),
    user_id: Type.Integer({ description: 'Same value as userapp_id' }),
    service_uid: NullableString,
    email: NullableString,
  }),
});
export type AccountLedgerEntry = Static<typeof AccountLedgerEntry>;
export const AccountLedgerEnvelope = Envelope(Type.Array(AccountLedgerEntry));

/** U12: the newsletter sign-up's two fields, in the query or the body (the body's win). */
export const NewsletterFields = Type.Object(
  {
    service_uid: Type.Optional(Type.String({ maxLength: SERVICE_UID_MAX, description: 'Required, in the query or the body' })),
    email: Type.Optional(Type.String({ maxLength: EMAIL_MAX, description: 'Required, in the query or the body' })),
  },
  { examples: [{ service_uid: 'ana@example.com', email: 'ana@example.com' }] },
);
export type NewsletterFields = Static<typeof NewsletterFields>;

/** U13: POST /users/register. */
export const RegisterInput = Type.Object(
  {
    service_uid: Type.String({ minLength: 1, maxLength: SERVICE_UID_MAX }),
    pass: Pass,
    email: Type.String({ minLength: 1, maxLength: EMAIL_MAX }),
    first_name: Type.String({ minLength: 1, maxLength: 1000 }),
    last_name: Type.String({ minLength: 1, maxLength: 1000 }),
  },
  { additionalProperties: false },
);
export type RegisterInput = Static<typeof RegisterInput>;

/** U13: POST /users/authenticate: the first non-empty of service_uid, email names the member. */
export const AuthenticateInput = Type.Object(
  {
    service_uid: Type.Optional(Type.String({ maxLength: SERVICE_UID_MAX })),
    email: Type.Optional(Type.String({ maxLength: EMAIL_MAX })),
    // Not PASS_MIN: a password too short is a wrong password, answered as every other failure.
    pass: Type.String({ maxLength: PASS_MAX }),
  },
  { additionalProperties: false },
);
export type AuthenticateInput = Static<typeof AuthenticateInput>;

/** U13: the club member: the customer (U4) plus `customform`, its custom attributes again (the platform's name). */
export const ClubMemberObject = Type.Object({
  ...UserObject.properties,
  customform: Type.Record(Type.String(), Type.Unknown(), { description: 'Equal to custom_attributes' }),
});
export type ClubMemberObject = Static<typeof ClubMemberObject>;
export const ClubMemberEnvelope = Envelope(ClubMemberObject);

/** GET /account/tags (Rapport's own, docs/users.md): the tags customers hold, for pick-lists. */
export const AccountTagsQuery = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: 255, description: 'Only tags containing it; case and accents ignored (U3)' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, description: 'At most this many tags (default 1000), the most held first' })),
  },
  { additionalProperties: false },
);
export const AccountTagsEnvelope = Envelope(
  Type.Array(Type.Object({ tag: Type.String(), customers: Type.Integer({ description: 'How many customers hold it' }) }), {
    description: 'The most held first, then by tag',
  }),
);
