import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ErrorResponse } from '../../http/envelope.js';
import { NotFoundError } from '../../lib/errors.js';

// U10: calls of the platform's client that need data this service does not hold. They are routes
// (behind the key like every other) so that the answer says why, rather than a bare unknown path.
// They are not operations of this API, so the OpenAPI document leaves them out (O7 describes what
// is served): an operation that never answers 2xx would give every generated client a call that
// can only fail, and lint (operation-2xx-response) rightly flags it.

export const IIN_NOT_SERVED =
  'card-issuer (IIN/BIN) lookup is not served by this API: it needs a licensed BIN table, so GET /purchases/iin/{digits} has no data to answer';

export async function notServedRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['not-served'];

  app.get(
    '/purchases/iin/:digits',
    {
      schema: {
        hide: true,
        tags,
        summary: 'Not served: always 404 (card-issuer lookup needs a licensed BIN table)',
        operationId: 'getCardIssuerNotServed',
        params: Type.Object({ digits: Type.String({ maxLength: 1024 }) }),
        response: { 404: ErrorResponse(`Always: ${IIN_NOT_SERVED}`) },
      },
    },
    async () => {
      throw new NotFoundError(IIN_NOT_SERVED);
    },
  );
}
