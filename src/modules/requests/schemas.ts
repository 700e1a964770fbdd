import { type Static, Type } from 'typebox';
import { Envelope } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';

/** K3: the statuses a request can have. */
export const REQUEST_STATUSES = ['pending', 'running', 'done', 'failed'] as const;

export const RequestIdParams = Type.Object({ request_id: Type.String({ maxLength: 100 }) }, { additionalProperties: false });

export const RequestObject = Type.Object({
  request_id: Type.String({ format: 'uuid' }),
  type: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  result: Type.Union([
    Type.Object({ deleted: Type.Integer(), error: Type.Optional(Type.String()) }),
    Type.Null(),
  ]),
  created: Type.String(),
  finished: Type.Union([Type.String(), Type.Null()]),
});

// O11. Text, so that an empty `status=` or `type=` is "not given" (G7).
export const RequestsQuery = Type.Object(
  {
    ...PageQuery.properties,
    status: Type.Optional(
      Type.Unsafe<(typeof REQUEST_STATUSES)[number] | ''>({ type: 'string', enum: [...REQUEST_STATUSES, ''], description: 'Only requests in this status' }),
    ),
    type: Type.Optional(
      Type.String({ maxLength: 100, description: 'Only requests of this type, e.g. categories.delete (a type no request has gives an empty list)' }),
    ),
  },
  { additionalProperties: false },
);
export type RequestsQuery = Static<typeof RequestsQuery>;

export const RequestListEnvelope = Envelope(Type.Array(RequestObject, { description: 'Newest created first, ties by request_id descending' }));
