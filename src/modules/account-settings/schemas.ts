import { Type } from 'typebox';
import { Envelope } from '../../http/envelope.js';

// T5: the account's name and how the console shows its data.

export const SettingsObject = Type.Object({
  name: Type.String({ description: "The account's name" }),
  currency: Type.String({ description: 'ISO 4217 code money is shown in (default USD)' }),
  timezone: Type.String({ description: 'IANA time zone dates are shown in (default UTC)' }),
  locale: Type.String({ description: 'BCP 47 language tag for numbers and dates (default en)' }),
});

export const SettingsBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    currency: Type.Optional(Type.String({ maxLength: 3, description: 'ISO 4217, e.g. EUR (any case)' })),
    timezone: Type.Optional(Type.String({ maxLength: 64, description: 'IANA, e.g. Europe/Lisbon' })),
    locale: Type.Optional(Type.String({ maxLength: 35, description: 'BCP 47, e.g. pt-BR' })),
  },
  { examples: [{ currency: 'EUR', timezone: 'Europe/Lisbon', locale: 'pt-PT' }] },
);

export const SettingsEnvelope = Envelope(SettingsObject);

/** What the caller may do (GET /account/access): a key's scope (D8) or a person's role (T1). */
export const AccessObject = Type.Object({
  via: Type.Union([Type.Literal('key'), Type.Literal('person')], { description: 'An API key or a console session' }),
  scope: Type.Union([Type.Literal('full'), Type.Literal('read')], { description: "full: may change data; read: GET and HEAD only (a read key, or a viewer)" }),
  role: Type.Union([Type.Literal('owner'), Type.Literal('editor'), Type.Literal('viewer'), Type.Null()], { description: "The person's role; null for a key" }),
  key_prefix: Type.Union([Type.String(), Type.Null()], { description: "The key's display prefix; null for a person" }),
});

export const AccessEnvelope = Envelope(AccessObject);
