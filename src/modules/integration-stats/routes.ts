import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Envelope, ok } from '../../http/envelope.js';
import {
  IntegrationStatsBody,
  type IntegrationStatsInput,
  IntegrationStatsQuery,
  IntegrationStatsRecord,
} from './schemas.js';
import type { IntegrationStatsService } from './service.js';

const tags = ['integration-stats'];

export async function integrationStatsRoutes(scope: FastifyInstance, { service }: { service: IntegrationStatsService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/integration-stats',
    {
      schema: {
        tags,
        summary: 'Record statistics of one data-synchronisation run',
        body: IntegrationStatsBody,
        response: { 200: Envelope(IntegrationStatsRecord) },
      },
    },
    async (request, reply) =>
      ok(reply, await service.record(request.accountId, request.body as IntegrationStatsInput)),
  );

  app.get(
    '/integration-stats',
    {
      schema: {
        tags,
        summary: 'Recorded statistics, newest first, filterable by createtime',
        querystring: IntegrationStatsQuery,
        response: { 200: Envelope(Type.Array(IntegrationStatsRecord)) },
      },
    },
    async (request, reply) => ok(reply, await service.list(request.accountId, request.query)),
  );
}
