import type { FastifyReply } from 'fastify';
import { type TSchema, Type } from 'typebox';

// G4: every response but the two bare event ones is {payload, message, code, time}.

export function Envelope<T extends TSchema>(payload: T) {
  return Type.Object({
    payload,
    message: Type.String(),
    code: Type.String(),
    time: Type.String({ description: 'Handling time, e.g. "3ms"' }),
  });
}

export const ErrorEnvelope = Type.Object({
  payload: Type.Null(),
  message: Type.String(),
  code: Type.String(),
  time: Type.String(),
});

/**
 * An error status a route declares itself, with what it means there (O7: the OpenAPI document declares every
 * error status an operation can answer), e.g. `404: ErrorResponse('no event has that name')`. The document
 * shows it as the shared component.
 */
export function ErrorResponse(description: string) {
  return Type.Object(ErrorEnvelope.properties, { description });
}

export function elapsed(reply: FastifyReply): string {
  return `${Math.max(0, Math.round(reply.elapsedTime))}ms`;
}

export function ok<T>(reply: FastifyReply, payload: T, message = 'ok') {
  return { payload, message, code: 'ok', time: elapsed(reply) };
}
