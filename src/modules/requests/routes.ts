import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Envelope, ok } from '../../http/envelope.js';
import { RequestIdParams, RequestObject } from './schemas.js';
import type { RequestsService } from './service.js';

export async function requestsRoutes(scope: FastifyInstance, { requests }: { requests: RequestsService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/requests/:request_id',
    {
      schema: {
        tags: ['requests'],
        summary: 'Status and result of a background request',
        params: RequestIdParams,
        response: { 200: Envelope(RequestObject) },
      },
    },
    async (request, reply) => ok(reply, await requests.get(request.accountId, request.params.request_id)),
  );
}
