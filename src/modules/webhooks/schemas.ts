import { type Static, Type } from 'typebox';
import { PageQuery } from '../../http/pagination.js';
import { MAX_ID } from '../../http/validation.js';
import { WEBHOOK_EVENT_TYPES } from '../../jobs/webhooks/events.js';

// W1–W5: webhook endpoints and their delivery log.

const EVENTS_DESCRIPTION = `Event types (W2): ${WEBHOOK_EVENT_TYPES.join(', ')}, or * for all`;
export const MAX_ENDPOINTS = 100;

export const WebhookObject = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(Type.String(), { description: EVENTS_DESCRIPTION }),
  description: Type.String(),
  status: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')], {
    description: 'disabled: nothing is sent (set by hand, or after five days in which every attempt failed, W4)',
  }),
  createtime: Type.String(),
  updatetime: Type.String(),
});
export type WebhookObject = Static<typeof WebhookObject>;

export const WebhookWithSecret = Type.Object({
  ...WebhookObject.properties,
  secret: Type.String({ description: 'whsec_…: shown only when the endpoint is created and when its secret is rotated' }),
});
export type WebhookWithSecret = Static<typeof WebhookWithSecret>;

export const RotatedSecret = Type.Object({
  ...WebhookWithSecret.properties,
  previous_secret_expires: Type.String({ description: 'Until then (24 hours) the previous secret signs too: two signatures per message' }),
});
export type RotatedSecret = Static<typeof RotatedSecret>;

const url = Type.String({ minLength: 1, maxLength: 2048, description: 'https://…; http:// only to a private address with WEBHOOK_ALLOW_PRIVATE=true (W1)' });
const events = Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 50, description: EVENTS_DESCRIPTION });
const description = Type.String({ maxLength: 500 });

export const CreateWebhookBody = Type.Object(
  { url, events, description: Type.Optional(description) },
  { additionalProperties: false, examples: [{ url: 'https://crm.example.com/hooks/rapport', events: ['user.created', 'purchase.created'] }] },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(url),
    events: Type.Optional(events),
    description: Type.Optional(description),
    status: Type.Optional(Type.Union([Type.Literal('enabled'), Type.Literal('disabled')])),
  },
  { additionalProperties: false },
);
export type UpdateWebhookBody = Static<typeof UpdateWebhookBody>;

export const WebhookParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: MAX_ID }) }, { additionalProperties: false });
export const DeliveryParams = Type.Object(
  { id: Type.Integer({ minimum: 1, maximum: MAX_ID }), message_id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

export const WebhookDeleted = Type.Object({ id: Type.Integer(), deleted: Type.Literal(true) });

export const DeliveriesQuery = Type.Object(
  {
    ...PageQuery.properties,
    status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')], { description: 'Only messages in this state' })),
  },
  { additionalProperties: false },
);
export type DeliveriesQuery = Static<typeof DeliveriesQuery>;

export const DeliveryObject = Type.Object({
  message_id: Type.String({ description: 'The webhook-id header: the same on every attempt' }),
  type: Type.String(),
  attempts: Type.Integer(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
  response_status: Type.Union([Type.Integer(), Type.Null()], { description: "The last attempt's HTTP status; null when no answer came" }),
  response_body: Type.Union([Type.String(), Type.Null()], { description: "The start (1,000 characters) of the last answer's body" }),
  duration_ms: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()], { description: 'Why the last attempt failed' }),
  createtime: Type.String(),
  last_attempt_at: Type.Union([Type.String(), Type.Null()]),
  next_attempt_at: Type.Union([Type.String(), Type.Null()], { description: 'For a pending message, when it is tried next (W4)' }),
});
export type DeliveryObject = Static<typeof DeliveryObject>;
