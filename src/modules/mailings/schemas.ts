import { type Static, Type } from 'typebox';
import { PageQuery } from '../../http/pagination.js';
import { MAX_ID } from '../../http/validation.js';

// M2–M7: mailings, their previews, test sends, sending and recipients.

const STATUS = Type.Union([Type.Literal('draft'), Type.Literal('scheduled'), Type.Literal('sending'), Type.Literal('paused'), Type.Literal('sent'), Type.Literal('cancelled')], {
  description: 'draft → scheduled (send_at ahead) → sending ⇄ paused → sent; cancelled from any but sent',
});
const RECIPIENT_STATUS = Type.Union([Type.Literal('pending'), Type.Literal('sent'), Type.Literal('failed'), Type.Literal('bounced'), Type.Literal('suppressed')]);

export const MailingStatsObject = Type.Object({
  recipients: Type.Integer({ description: 'Every recipient row, suppressed ones included' }),
  pending: Type.Integer(),
  sent: Type.Integer(),
  failed: Type.Integer(),
  bounced: Type.Integer(),
  suppressed: Type.Integer(),
  opened: Type.Integer({ description: 'Recipients who opened (first open), with tracking.opens' }),
  clicked: Type.Integer({ description: 'Recipients who clicked (first click), with tracking.clicks' }),
  unsubscribed: Type.Integer(),
});

const Nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(schema: T) => Type.Union([schema, Type.Null()]);

export const MailingObject = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  folder_id: Nullable(Type.Integer()),
  subject: Type.String(),
  preheader: Nullable(Type.String()),
  from_name: Nullable(Type.String()),
  from_email: Type.String(),
  reply_to: Nullable(Type.String()),
  format: Type.Union([Type.Literal('html'), Type.Literal('mjml')]),
  body: Type.String(),
  text: Type.String({ description: 'The plain part: as given, or derived from the HTML' }),
  segment_id: Nullable(Type.Integer()),
  tracking: Type.Object({ opens: Type.Boolean(), clicks: Type.Boolean() }),
  status: STATUS,
  send_at: Nullable(Type.String()),
  started_at: Nullable(Type.String()),
  finished_at: Nullable(Type.String()),
  stats: MailingStatsObject,
  createtime: Type.String(),
  updatetime: Type.String(),
});
export type MailingObject = Static<typeof MailingObject>;

const name = Type.String({ minLength: 1, maxLength: 255 });
const subject = Type.String({ minLength: 1, maxLength: 998, description: 'A Liquid template' });
const preheader = Type.String({ maxLength: 998, description: 'A Liquid template: the line mail programs show after the subject' });
const fromName = Type.String({ maxLength: 255 });
const address = Type.String({ minLength: 3, maxLength: 320 });
const format = Type.Union([Type.Literal('html'), Type.Literal('mjml')], { description: 'html (default) or mjml (compiled at save)' });
const body = Type.String({ minLength: 1, maxLength: 500_000, description: 'A Liquid template in HTML or MJML' });
const text = Type.String({ maxLength: 500_000, description: 'A Liquid template; default: the HTML as plain text' });
const id = Type.Integer({ minimum: 1, maximum: MAX_ID });
const tracking = Type.Object(
  { opens: Type.Optional(Type.Boolean()), clicks: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, description: 'Off unless turned on' },
);

export const CreateMailingBody = Type.Object(
  {
    name,
    subject,
    body,
    folder_id: Type.Optional(id),
    preheader: Type.Optional(preheader),
    from_name: Type.Optional(fromName),
    from_email: Type.Optional(address),
    reply_to: Type.Optional(address),
    format: Type.Optional(format),
    text: Type.Optional(text),
    segment_id: Type.Optional(id),
    tracking: Type.Optional(tracking),
  },
  {
    additionalProperties: false,
    examples: [{ name: 'June newsletter', subject: 'Hello {{ customer.first_name | default: "there" }}', body: '<p>News for you.</p>', segment_id: 1 }],
  },
);
export type CreateMailingBody = Static<typeof CreateMailingBody>;

/** The fields a PUT may clear with null (M2). */
export const CLEARABLE = ['folder_id', 'segment_id', 'preheader', 'reply_to'];

export const UpdateMailingBody = Type.Object(
  {
    name: Type.Optional(name),
    subject: Type.Optional(subject),
    body: Type.Optional(body),
    folder_id: Type.Optional(Nullable(id)),
    preheader: Type.Optional(Nullable(preheader)),
    from_name: Type.Optional(fromName),
    from_email: Type.Optional(address),
    reply_to: Type.Optional(Nullable(address)),
    format: Type.Optional(format),
    text: Type.Optional(text),
    segment_id: Type.Optional(Nullable(id)),
    tracking: Type.Optional(tracking),
  },
  { additionalProperties: false },
);
export type UpdateMailingBody = Static<typeof UpdateMailingBody>;

export const MailingParams = Type.Object({ id }, { additionalProperties: false });

export const MailingListQuery = Type.Object(
  {
    ...PageQuery.properties,
    folder_id: Type.Optional(id),
    status: Type.Optional(STATUS),
    search: Type.Optional(Type.String({ maxLength: 255, description: 'Every word a part of the name; case and accents ignored' })),
  },
  { additionalProperties: false },
);
export type MailingListQuery = Static<typeof MailingListQuery>;

export const MailingDeleted = Type.Object({ id: Type.Integer(), deleted: Type.Literal(true) });

export const PreviewBody = Type.Object(
  { userapp_id: Type.Optional(id) },
  { additionalProperties: false, description: 'Default: the first member of the segment, or sample values' },
);
export type PreviewBody = Static<typeof PreviewBody>;

export const PreviewObject = Type.Object({ subject: Type.String(), preheader: Type.String(), html: Type.String(), text: Type.String() });
export type PreviewObject = Static<typeof PreviewObject>;

export const TestBody = Type.Object(
  { emails: Type.Array(Type.String({ minLength: 3, maxLength: 320 }), { minItems: 1, maxItems: 10 }), userapp_id: Type.Optional(id) },
  { additionalProperties: false },
);
export type TestBody = Static<typeof TestBody>;
export const TestSent = Type.Object({ sent: Type.Array(Type.String()) });

export const SendBody = Type.Object(
  { send_at: Type.Optional(Type.String({ maxLength: 64, description: 'G7 datetime; default now' })) },
  { additionalProperties: false },
);
export type SendBody = Static<typeof SendBody>;

export const RecipientsQuery = Type.Object({ ...PageQuery.properties, status: Type.Optional(RECIPIENT_STATUS) }, { additionalProperties: false });
export type RecipientsQuery = Static<typeof RecipientsQuery>;

export const RecipientObject = Type.Object({
  userapp_id: Type.Integer(),
  email: Nullable(Type.String()),
  status: RECIPIENT_STATUS,
  reason: Nullable(Type.String({ description: 'Why suppressed, failed or bounced: no_email, blacklisted, mailing_disabled, duplicate, unsubscribe, bounce, or the SMTP answer' })),
  attempts: Type.Integer(),
  sent_at: Nullable(Type.String()),
  opened_at: Nullable(Type.String()),
  clicked_at: Nullable(Type.String()),
  unsubscribed_at: Nullable(Type.String()),
});
export type RecipientObject = Static<typeof RecipientObject>;

/** Rapport's own (not in API.md): who a mailing would reach if its audience were frozen now. */
export const AudienceObject = Type.Object(
  {
    members: Type.Integer({ description: 'Members of the segment now: one recipient row each when frozen' }),
    receivable: Type.Integer({ description: 'Members who would be sent the message' }),
    suppressed: Type.Object(
      {
        no_email: Type.Integer({ description: 'Without an e-mail' }),
        blacklisted: Type.Integer({ description: 'Their e-mail is on the e-mail blacklist' }),
        mailing_disabled: Type.Integer({ description: 'mailing_enabled is false (an unsubscribe, or set so)' }),
        duplicate: Type.Integer({ description: 'Another member with the same e-mail is sent the one message' }),
      },
      { description: 'Members not sent to, by reason (each counted once, under the first reason that applies, in this order)' },
    ),
  },
  { description: 'members = receivable + the suppressed counts' },
);
export type AudienceObject = Static<typeof AudienceObject>;

/** M9: one mailing in a customer's export (D3). */
export const CustomerMailing = Type.Object({
  mailing_id: Type.Integer(),
  name: Type.String(),
  status: RECIPIENT_STATUS,
  sent_at: Nullable(Type.String()),
  opened_at: Nullable(Type.String()),
  clicked_at: Nullable(Type.String()),
  unsubscribed_at: Nullable(Type.String()),
});
export type CustomerMailing = Static<typeof CustomerMailing>;

/** Rapport's own (not in API.md): GET /users/{id}/mailings, newest first (G6). */
export const UserMailingsQuery = Type.Object({ ...PageQuery.properties }, { additionalProperties: false });
export type UserMailingsQuery = Static<typeof UserMailingsQuery>;

/** One mailing a customer is a recipient of: the mailing and the customer's recipient row (M7). */
export const UserMailingObject = Type.Object({
  mailing: Type.Object({ id: Type.Integer(), name: Type.String(), subject: Type.String({ description: 'The mailing\'s subject template, unrendered' }) }),
  email: Nullable(Type.String({ description: 'The address the audience was frozen with' })),
  status: RECIPIENT_STATUS,
  reason: Nullable(Type.String({ description: 'Why suppressed, failed or bounced, as M7 says it' })),
  sent_at: Nullable(Type.String()),
  opened_at: Nullable(Type.String()),
  clicked_at: Nullable(Type.String()),
  unsubscribed_at: Nullable(Type.String()),
  bounced_at: Nullable(Type.String()),
});
export type UserMailingObject = Static<typeof UserMailingObject>;
