import { type Static, Type } from 'typebox';
import { Envelope } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';

const Str = (description?: string) => Type.String({ maxLength: 1000, ...(description ? { description } : {}) });
const Flag = Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]);

export const UserInput = Type.Object(
  {
    service_uid: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Your own identifier of the user' })),
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
    document: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    telephone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    document_type: Type.Optional(Str()),
    first_name: Type.Optional(Str()),
    last_name: Type.Optional(Str()),
    birthdate: Type.Optional(Type.String({ description: 'YYYY-MM-DD' })),
    gender: Type.Optional(Type.Union([Type.Literal('M'), Type.Literal('F')])),
    street: Type.Optional(Str()),
    postcode: Type.Optional(Str()),
    city: Type.Optional(Str()),
    department: Type.Optional(Str()),
    state: Type.Optional(Str()),
    country: Type.Optional(Str()),
    marital_status: Type.Optional(Str()),
    tags: Type.Optional(
      Type.Union([Type.String({ description: 'comma-separated' }), Type.Array(Type.String({ maxLength: 255 }))]),
    ),
    points: Type.Optional(Type.Integer({ minimum: 0 })),
    notes: Type.Optional(Type.String({ maxLength: 10000 })),
    club_inscription_date: Type.Optional(Type.String({ description: 'datetime (G7)' })),
    mailing_enabled: Type.Optional(Flag),
    sms_enabled: Type.Optional(Flag),
    mailing_disabled_reason: Type.Optional(Str()),
    sms_disabled_reason: Type.Optional(Str()),
    custom_attributes: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), { description: 'Values keyed by user attribute name' }),
    ),
  },
  { additionalProperties: false },
);
export type UserInput = Static<typeof UserInput>;

const NullableString = Type.Union([Type.String(), Type.Null()]);

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
  id: Type.String({ description: 'Numeric userapp_id, or the base64 of the service_uid' }),
});

export const UserListQuery = Type.Intersect([
  PageQuery,
  Type.Object({ search: Type.Optional(Type.String({ maxLength: 255 })) }),
]);

export const IdentityQuery = Type.Object({
  service_uid: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  document: Type.Optional(Type.String()),
  telephone: Type.Optional(Type.String()),
});
export type IdentityQuery = Static<typeof IdentityQuery>;

export const PointsInput = Type.Object(
  {
    concept: Type.String({ minLength: 1, maxLength: 255 }),
    points: Type.Integer({ description: 'Positive adds, negative subtracts' }),
    description: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type PointsInput = Static<typeof PointsInput>;

export const PointsTransaction = Type.Object({
  transaction_id: Type.Integer(),
  concept: Type.String(),
  points: Type.Integer(),
  description: NullableString,
  balance: Type.Integer(),
  createtime: Type.String(),
});

export const UserEnvelope = Envelope(UserObject);
export const UserListEnvelope = Envelope(Type.Array(UserObject));
export const ExistEnvelope = Envelope(Type.Object({ exist: Type.Boolean() }));
export const TransactionEnvelope = Envelope(Type.Object({ transaction_id: Type.Integer() }));
export const LedgerEnvelope = Envelope(
  Type.Object({ points: Type.Integer(), transactions: Type.Array(PointsTransaction) }),
);
