import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorResponse, ok } from '../../http/envelope.js';
import { RetentionBody, RetentionEnvelope } from './retention-schemas.js';
import type { RetentionService } from './retention.js';

export async function retentionRoutes(scope: FastifyInstance, { retention }: { retention: RetentionService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['account'];

  app.get(
    '/account/retention',
    {
      schema: {
        tags,
        summary: 'Retention of user events (D5): the default, per event name, and the last run of the worker',
        operationId: 'getAccountRetention',
        response: { 200: RetentionEnvelope },
      },
    },
    async (request, reply) => ok(reply, await retention.get(request.accountId)),
  );

  app.put(
    '/account/retention',
    {
      // null is a value here: "keep forever" (G8's "null means not given" does not apply to it).
      config: { keepNull: ['user_events_days'] },
      schema: {
        tags,
        summary: 'Change the retention of user events (partial: a given user_events_days replaces the default, a given by_event the whole map)',
        operationId: 'putAccountRetention',
        body: RetentionBody,
        response: {
          200: RetentionEnvelope,
          400: ErrorResponse('user_events_days or a by_event value not an integer from 1 to 3650 or null, by_event not an object, or a by_event name that is no event of the catalogue'),
        },
      },
    },
    async (request, reply) => ok(reply, await retention.update(request.accountId, request.body ?? {})),
  );
}
