import { type Static, Type } from 'typebox';
import { Envelope } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';

// D7: the audit log as GET /account/audit-log answers it.

export const AuditEntryObject = Type.Object({
  id: Type.Integer(),
  time: Type.String({ description: 'When the answer was sent: YYYY-MM-DD hh:mm:ss, UTC' }),
  key_prefix: Type.String({ description: 'The display prefix of the key used, as `rapport keys list` shows it ("" when a person made the call)' }),
  actor: Type.Union(
    [
      Type.Object({ type: Type.Literal('person'), email: Type.String({ description: 'The person signed in to the console' }) }),
      Type.Object({ type: Type.Literal('key'), key_prefix: Type.String({ description: 'The display prefix of the key used' }) }),
    ],
    { description: 'T4: who made the call: a person (the console) or an API key' },
  ),
  method: Type.String(),
  path: Type.String({ description: 'The path called, without its query string' }),
  status: Type.Integer({ description: 'The HTTP status answered' }),
  request_id: Type.String({ description: 'The X-Request-Id of the call (O7), as in the server log' }),
  summary: Type.String({ description: 'One line saying what the call did' }),
});
export type AuditEntryObject = Static<typeof AuditEntryObject>;

// Text, so that an empty `method=` or `path=` is "not given" (G7).
export const AuditLogQuery = Type.Object(
  {
    ...PageQuery.properties,
    from: Type.Optional(Type.String({ maxLength: 40, description: 'Inclusive lower bound on time (G7; a bare date is its start)' })),
    to: Type.Optional(Type.String({ maxLength: 40, description: 'Inclusive upper bound on time (G7; a bare date is its end)' })),
    method: Type.Optional(Type.String({ maxLength: 10, description: 'Only calls with this method: GET, POST, PUT, PATCH or DELETE (any case)' })),
    path: Type.Optional(
      Type.String({
        maxLength: 2048,
        description: 'Only calls to this path or below it, segment by segment (/apiv3/categories: also /apiv3/categories/bulk, not /apiv3/categoriesx); /apiv3 may be left out; /console/session: the console sign-ins (T4)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type AuditLogQuery = Static<typeof AuditLogQuery>;

export const AuditLogEnvelope = Envelope(Type.Array(AuditEntryObject, { description: 'Newest first, ties by id descending' }));
