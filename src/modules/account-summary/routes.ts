import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { AccountSummaryEnvelope, AccountSummaryQuery } from './schemas.js';
import type { AccountSummaryService } from './service.js';

export async function accountSummaryRoutes(scope: FastifyInstance, { service }: { service: AccountSummaryService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/account/summary',
    {
      schema: {
        tags: ['account'],
        summary: 'Overview: totals, a window of whole days (UTC, or of timezone) with the window before it, and its series per day or month',
        operationId: 'getAccountSummary',
        querystring: AccountSummaryQuery,
        response: { 200: AccountSummaryEnvelope },
      },
    },
    async (request, reply) => ok(reply, await service.summary(request.accountId, request.query)),
  );
}
