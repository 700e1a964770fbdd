import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Envelope, ok } from '../../http/envelope.js';
import { RequestIdParams, RequestListEnvelope, RequestObject, RequestsQuery } from './schemas.js';
import type { RequestsService } from './service.js';

export async function requestsRoutes(scope: FastifyInstance, { requests }: { requests: RequestsService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['requests'];

  app.get(
    '/requests',
    {
      schema: {
        tags,
        summary: 'The account\'s background requests, newest first, filtered by status and type',
        querystring: RequestsQuery,
        response: { 200: RequestListEnvelope },
      },
    },
    async (request, reply) => ok(reply, await requests.list(request.accountId, request.query)),
  );

  app.get(
    '/requests/:request_id',
    {
      schema: {
        tags,
        summary: 'Status and result of a background request',
        params: RequestIdParams,
        response: { 200: Envelope(RequestObject) },
      },
    },
    async (request, reply) => ok(reply, await requests.get(request.accountId, request.params.request_id)),
  );
}
