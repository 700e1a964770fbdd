import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { AcceptedEnvelope, absentBodyIsEmpty } from '../../http/accepted.js';
import { ErrorResponse, ok } from '../../http/envelope.js';
import { UserIdParams } from '../users/schemas.js';
import { CustomerValueEnvelope, RefreshBody, ValueGroupsOverviewEnvelope } from './schemas.js';
import type { ValueGroupsService } from './service.js';

export async function valueGroupsRoutes(scope: FastifyInstance, { valueGroups }: { valueGroups: ValueGroupsService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/users/:id/value',
    {
      schema: {
        tags: ['users'],
        summary: 'The customer\'s value group and RFM scores in the current snapshot (U14)',
        operationId: 'getUserValue',
        params: UserIdParams,
        response: { 200: CustomerValueEnvelope, 404: ErrorResponse('No customer has that id') },
      },
    },
    async (request, reply) => ok(reply, await valueGroups.forUser(request.accountId, request.params.id)),
  );

  app.get(
    '/account/value-groups',
    {
      schema: {
        tags: ['account'],
        summary: 'The six value groups with their customers and revenue, in the current snapshot (U14)',
        operationId: 'getValueGroups',
        response: { 200: ValueGroupsOverviewEnvelope },
      },
    },
    async (request, reply) => ok(reply, await valueGroups.overview(request.accountId)),
  );

  app.post(
    '/account/value-groups/refresh',
    {
      schema: {
        tags: ['account'],
        summary: 'Recompute the value groups now (background request, K3)',
        operationId: 'refreshValueGroups',
        body: RefreshBody,
        response: { 200: AcceptedEnvelope, 400: ErrorResponse('notify_to not an e-mail address') },
      },
      preValidation: [absentBodyIsEmpty],
    },
    async (request, reply) => ok(reply, await valueGroups.requestRefresh(request.accountId, request.body.notify_to)),
  );
}
