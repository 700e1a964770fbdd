import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope } from '../../http/envelope.js';

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

/** What an asynchronous endpoint answers at once (K3). */
export const AcceptedEnvelope = Envelope(Type.Object({ request_id: Type.String({ format: 'uuid' }) }));

/** preValidation for the asynchronous deletes: a request with no body at all [client] is `{}`. */
export async function absentBodyIsEmpty(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}
