import { type Static, Type } from 'typebox';
import { DryRunField, DryRunResult } from '../../http/dry-run.js';
import { Envelope } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { EventObject } from '../events/schemas.js';
import { AcceptedEnvelope } from '../../http/accepted.js';
import { NullableString } from '../../http/nullable-fields.js';

const Metadata = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  additionalProperties: true,
  description: 'Free-form key/value pairs; at most 16,384 bytes as JSON',
});

// A type array, not anyOf, like the fields of http/nullable-fields.ts.
const NullableMetadata = Type.Unsafe<Record<string, unknown> | null>({
  type: ['object', 'null'],
  additionalProperties: true,
  description: 'Free-form key/value pairs, or null',
});

export const UserEventObject = Type.Object({
  id: Type.Integer(),
  event: EventObject,
  user: Type.Object({
    userapp_id: Type.Integer(),
    user_id: Type.Integer(),
    service_uid: NullableString,
    email: NullableString,
  }),
  datetime: Type.String({ description: 'YYYY-MM-DD hh:mm:ss, UTC' }),
  metadata: NullableMetadata,
});
export type UserEventObject = Static<typeof UserEventObject>;

export const CreateUserEventBody = Type.Object(
  {
    event: Type.String({ maxLength: 255, description: 'Event name' }),
    service_uid: Type.Optional(Type.String({ maxLength: 255, description: 'Finds the user; else email; else document' })),
    email: Type.Optional(Type.String({ maxLength: 320 })),
    document: Type.Optional(Type.String({ maxLength: 255 })),
    datetime: Type.Optional(Type.String({ maxLength: 40, description: 'YYYY-MM-DD hh:mm:ss (UTC) or ISO 8601 with offset; default now' })),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false, examples: [{ event: 'purchase', service_uid: 'c-1001', datetime: '2026-03-01T10:00:00+01:00', metadata: { order: '77' } }] },
);
export type CreateUserEventBody = Static<typeof CreateUserEventBody>;

export const UserEventListQuery = Type.Object(
  {
    ...PageQuery.properties,
    service_uid: Type.Optional(Type.String({ maxLength: 255 })),
    event: Type.Optional(Type.String({ maxLength: 255, description: 'Event name' })),
    from: Type.Optional(Type.String({ maxLength: 40, description: 'Inclusive lower bound on datetime (G7; a bare date is its start)' })),
    to: Type.Optional(Type.String({ maxLength: 40, description: 'Inclusive upper bound on datetime (G7; a bare date is its end)' })),
  },
  { additionalProperties: false },
);
export type UserEventListQuery = Static<typeof UserEventListQuery>;

export const BulkDeleteUserEventsBody = Type.Object(
  {
    event_name: Type.Optional(Type.String({ maxLength: 255, description: 'Event name (also accepted as event-name)' })),
    'event-name': Type.Optional(Type.String({ maxLength: 255 })),
    from: Type.Optional(Type.String({ maxLength: 40, description: 'YYYY-MM-DD hh:mm:ss, ISO 8601, or a bare date (its start)' })),
    to: Type.Optional(Type.String({ maxLength: 40, description: 'YYYY-MM-DD hh:mm:ss, ISO 8601, or a bare date (its end)' })),
    notify_to: Type.Optional(Type.String({ maxLength: 320, description: 'E-mail address told the outcome' })),
    dry_run: DryRunField,
  },
  { additionalProperties: false, examples: [{ event_name: 'purchase', from: '2026-03-01', to: '2026-03-31', notify_to: 'ops@example.com' }] },
);
export type BulkDeleteUserEventsBody = Static<typeof BulkDeleteUserEventsBody>;

/** O8: what a bulk deletion would delete. */
export const UserEventsDryRun = DryRunResult({
  user_events: Type.Integer({ description: 'User events of that event whose datetime lies in [from, to]' }),
});
export type UserEventsDryRun = Static<typeof UserEventsDryRun>;

/** `{request_id}` (accepted, K3), or the dry run's count (O8). */
export const BulkDeleteUserEventsEnvelope = Envelope(Type.Union([AcceptedEnvelope.properties.payload, UserEventsDryRun]));

export const UserEventEnvelope = Envelope(UserEventObject);
export const UserEventListEnvelope = Envelope(Type.Array(UserEventObject));
