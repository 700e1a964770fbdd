import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorResponse, ok } from '../../http/envelope.js';
import { toPage } from '../../http/pagination.js';
import { DryRunQuery, emptyDryRunIsAbsent, isDryRun } from '../../http/dry-run.js';
import { absentBodyIsEmpty } from '../../http/accepted.js';
import {
  BulkDeleteUserEventsBody,
  BulkDeleteUserEventsEnvelope,
  CreateUserEventBody,
  UserEventEnvelope,
  UserEventListEnvelope,
  UserEventListQuery,
} from './schemas.js';
import type { UserEventsService } from './service.js';

export async function userEventsRoutes(scope: FastifyInstance, { userEvents }: { userEvents: UserEventsService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/user-events',
    {
      schema: {
        tags: ['user-events'],
        summary: 'Record that an event happened for a user',
        body: CreateUserEventBody,
        response: { 200: UserEventEnvelope, 404: ErrorResponse('No event has that name, or no user matches service_uid, email or document') },
      },
    },
    async (request, reply) => ok(reply, await userEvents.create(request.accountId, request.body)),
  );

  app.get(
    '/user-events',
    {
      schema: {
        tags: ['user-events'],
        summary: 'List user events, newest first',
        querystring: UserEventListQuery,
        response: { 200: UserEventListEnvelope },
      },
    },
    async (request, reply) => ok(reply, await userEvents.list(request.accountId, request.query, toPage(request.query))),
  );

  // With dry_run=true (O8) the same checks run and the answer is how many rows the request would
  // delete, nothing accepted.
  app.delete(
    '/user-events/bulk',
    {
      schema: {
        tags: ['user-events'],
        summary: 'Delete the user events of an event within a date range (background request), or with dry_run=true count them',
        operationId: 'deleteUserEventsBulk',
        querystring: DryRunQuery,
        body: BulkDeleteUserEventsBody,
        response: {
          200: BulkDeleteUserEventsEnvelope,
          400: ErrorResponse('event_name, from or to missing or invalid, from after to, notify_to not an e-mail address, or dry_run not true or false'),
          404: ErrorResponse('No event has that name'),
        },
      },
      preValidation: [absentBodyIsEmpty, emptyDryRunIsAbsent],
    },
    async (request, reply) => {
      if (isDryRun(request)) return ok(reply, await userEvents.previewBulkDelete(request.accountId, request.body));
      return ok(reply, await userEvents.bulkDelete(request.accountId, request.body));
    },
  );
}
