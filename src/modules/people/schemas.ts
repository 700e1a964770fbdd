import { Type } from 'typebox';
import { Envelope } from '../../http/envelope.js';
import { ROLES } from '../../http/roles.js';
import { MAX_ID } from '../../http/validation.js';

// T1–T4: the people of an account as /apiv3/account/people and the console's /console/ routes answer them.

export const RoleField = Type.Enum([...ROLES], { description: 'owner: everything; editor: data, segments, mailings, blacklists, benefits; viewer: reads (docs/console.md)' });

export const PersonObject = Type.Object({
  id: Type.Integer(),
  email: Type.String({ description: 'Lower case' }),
  role: RoleField,
  last_sign_in_at: Type.Union([Type.String(), Type.Null()], { description: 'YYYY-MM-DD hh:mm:ss, UTC; null until the first sign-in' }),
  createtime: Type.String(),
});

const Emailed = Type.Boolean({
  description: 'true when the link was e-mailed to the person (SMTP_URL is set and the SMTP server took the message); false when this server sends no mail or sending failed: give them the link yourself',
});

export const InvitedPerson = Type.Object({
  ...PersonObject.properties,
  invite_url: Type.String({ description: 'The welcome link: <PUBLIC_URL>/console/welcome?token=…, valid 72 hours, once; shown only here' }),
  emailed: Emailed,
});

export const LinkEmailed = Type.Object({ emailed: Emailed });

export const PersonParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) }, { additionalProperties: false });

export const CreatePersonBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 254, description: 'Their e-mail address (stored in lower case)' }),
    role: RoleField,
  },
  { examples: [{ email: 'marta@example.com', role: 'editor' }] },
);

export const UpdatePersonBody = Type.Object({ role: RoleField }, { examples: [{ role: 'viewer' }] });

export const PersonDeleted = Type.Object({ deleted: Type.Literal(true) });

export const PeopleEnvelope = Envelope(Type.Array(PersonObject, { description: 'In id order, not paginated' }));

// The console's own routes (/console/session, /console/password), outside /apiv3.

export const SessionAnswer = Type.Object({
  email: Type.String(),
  role: RoleField,
  account: Type.Object({ id: Type.Integer(), name: Type.String() }),
});

export const SignInBody = Type.Object({
  email: Type.String({ maxLength: 254 }),
  // Longer than any password can be (128), shorter than a hash worth refusing.
  password: Type.String({ maxLength: 1024 }),
  account: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Needed when the e-mail is a person of several accounts' })),
});

export const PasswordBody = Type.Object({
  token: Type.String({ maxLength: 256, description: 'The token of a welcome or reset link' }),
  password: Type.String({ maxLength: 1024, description: '10 to 128 characters, not the e-mail' }),
});

export const ResetBody = Type.Object({
  email: Type.String({ maxLength: 254 }),
});
