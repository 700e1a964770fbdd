import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ErrorResponse, ok } from '../../http/envelope.js';
import { toPage } from '../../http/pagination.js';
import { AcceptedEnvelope, absentBodyIsEmpty } from '../requests/schemas.js';
import { BulkDeleteUserEventsBody, CreateUserEventBody, UserEventEnvelope, UserEventListEnvelope, UserEventListQuery } from './schemas.js';
import { UserEventsService } from './service.js';

export async function userEventsRoutes(scope: FastifyInstance, { context }: { context: AppContext }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const userEvents = new UserEventsService(context.db, context.clock, context.jobs);

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

  app.delete(
    '/user-events/bulk',
    {
      schema: {
        tags: ['user-events'],
        summary: 'Delete the user events of an event within a date range (background request)',
        body: BulkDeleteUserEventsBody,
        response: { 200: AcceptedEnvelope, 404: ErrorResponse('No event has that name') },
      },
      preValidation: absentBodyIsEmpty,
    },
    async (request, reply) => ok(reply, await userEvents.bulkDelete(request.accountId, request.body)),
  );
}
