import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ok } from '../../http/envelope.js';
import { toPage } from '../../http/pagination.js';
import { CreateEventBody, DeletedEventEnvelope, EventIdParams, EventListQuery, EventObject } from './schemas.js';
import type { EventsService } from './service.js';

// GET and POST /events answer bare JSON (the spec's only two exceptions to the envelope); their
// errors still use the envelope.
export async function eventsRoutes(scope: FastifyInstance, { events }: { events: EventsService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary: 'List events (bare array, no envelope)',
        querystring: EventListQuery,
        response: { 200: Type.Array(EventObject) },
      },
    },
    async (request) => events.list(request.accountId, toPage(request.query)),
  );

  app.post(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary: 'Create an event (bare object, no envelope)',
        body: CreateEventBody,
        response: { 200: EventObject },
      },
    },
    async (request) => events.create(request.accountId, request.body.name),
  );

  app.delete(
    '/events/:id',
    {
      schema: {
        tags: ['events'],
        summary: 'Delete an event and its user events',
        params: EventIdParams,
        response: { 200: DeletedEventEnvelope },
      },
    },
    async (request, reply) => {
      await events.delete(request.accountId, request.params.id);
      return ok(reply, [], '');
    },
  );
}
