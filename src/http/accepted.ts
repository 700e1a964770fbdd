import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Envelope } from './envelope.js';

// What the asynchronous endpoints (background requests, K3) share.

/** What an asynchronous endpoint answers at once (K3). */
export const AcceptedEnvelope = Envelope(Type.Object({ request_id: Type.String({ format: 'uuid' }) }));

/** preValidation for the asynchronous deletes: a request with no body at all [client] is `{}`. */
export async function absentBodyIsEmpty(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}
