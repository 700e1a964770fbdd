import { type Static, Type } from 'typebox';
import { Envelope } from '../../http/envelope.js';
import { NullableString } from '../../http/nullable-fields.js';
import { PageQuery } from '../../http/pagination.js';
import { EMAIL_MAX, GenderInput } from '../users/schemas.js';

// U9: a user's family members, as the client's FamilyMemberModel sends them. The owning user is
// named by its identities in the query (U6), never in the body (the member has its own email).

export const RELATIONSHIPS = [
  'son',
  'parent',
  'grandparent',
  'sibling',
  'friend',
  'espose',
  'grandson',
  'nephew',
  'pet_dog',
  'pet_cat',
  'pet',
  'other',
] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

const Relationship = Type.Unsafe<Relationship>({ type: 'string', enum: [...RELATIONSHIPS], description: 'How the member relates to the user' });
const Text = Type.String({ maxLength: 1000 });

const memberFields = {
  uid: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'Your own identifier of the member; unique among the user\'s members' })),
  email: Type.Optional(Type.String({ minLength: 1, maxLength: EMAIL_MAX })),
  first_name: Type.Optional(Text),
  last_name: Type.Optional(Text),
  telephone: Type.Optional(Type.String({ maxLength: 64 })),
  birthdate: Type.Optional(Type.String({ maxLength: 32, description: 'YYYY-MM-DD' })),
  gender: Type.Optional(GenderInput),
  address: Type.Optional(Text),
};

export const MemberCreateInput = Type.Object({ ...memberFields, relationship: Relationship }, { additionalProperties: false });

export const MemberUpdateInput = Type.Object(
  {
    id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'Finds the member; else `uid` does' })),
    ...memberFields,
    relationship: Type.Optional(Relationship),
  },
  { additionalProperties: false, description: 'The member is found by id, else by uid; the other fields given change' },
);
export type MemberInput = Static<typeof MemberUpdateInput>;

export const MemberObject = Type.Object({
  id: Type.Integer(),
  userapp_id: Type.Integer({ description: 'The user the member belongs to' }),
  uid: NullableString,
  email: NullableString,
  first_name: NullableString,
  last_name: NullableString,
  telephone: NullableString,
  birthdate: NullableString,
  gender: NullableString,
  address: NullableString,
  relationship: Type.String(),
  createtime: Type.String(),
  updatetime: Type.String(),
});
export type MemberObject = Static<typeof MemberObject>;

export const MemberListQuery = PageQuery;

/** U11: POST /users/{id}/members, the platform's documented form: a JSON array of U9 members. */
export const MemberArrayInput = Type.Array(MemberCreateInput, { maxItems: 100, description: 'The members to add, all or none' });
export type MemberArrayInput = Static<typeof MemberArrayInput>;
export const EmptyEnvelope = Envelope(Type.Object({}, { additionalProperties: false }));

export const MemberEnvelope = Envelope(MemberObject);
export const MemberListEnvelope = Envelope(Type.Array(MemberObject));
