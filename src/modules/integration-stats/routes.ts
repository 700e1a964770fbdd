import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { Envelope, ok } from '../../http/envelope.js';
import {
  IntegrationStatsBody,
  type IntegrationStatsInput,
  IntegrationStatsQuery,
  IntegrationStatsRecord,
} from './schemas.js';
import { IntegrationStatsService } from './service.js';

const tags = ['integration-stats'];

export async function integrationStatsRoutes(app: FastifyInstance, { context }: { context: AppContext }): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const service = new IntegrationStatsService(context.db, context.clock);

  r.post(
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

  r.get(
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
