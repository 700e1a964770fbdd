import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ErrorResponse, ok } from '../../http/envelope.js';
import { UserIdParams } from '../users/schemas.js';
import { CartByIdentityInput, CartEnvelope, CartInput, CartListEnvelope, CartListQuery } from './schemas.js';
import type { AbandonedCartsService } from './service.js';

// A1: abandoned carts. Both writes answer 201 (the platform's WooCommerce plugin resends a cart forever
// on any other status) and an unknown user with S2's `user_not_found`, the code the connectors branch on.

export async function abandonedCartsRoutes(scope: FastifyInstance, { carts }: { carts: AbandonedCartsService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['abandoned-carts'];
  const invalid = ErrorResponse('Invalid field (named in the message)');
  const saved = Type.Object(CartEnvelope.properties, {
    description: 'The cart as stored (a second cart with the same external_id for the user replaced the first)',
  });

  app.post(
    '/multiusers/abandoned-cart',
    {
      schema: {
        tags,
        summary: 'Record an abandoned cart of the user found by service_uid, else email, else document',
        operationId: 'recordAbandonedCartByIdentity',
        body: CartByIdentityInput,
        response: {
          201: saved,
          400: ErrorResponse('Invalid field (named in the message), or no identity at all'),
          404: ErrorResponse('code user_not_found: no user matches the first non-empty of service_uid, email, document'),
        },
      },
    },
    async (request, reply) => ok(reply.code(201), await carts.recordByIdentity(request.accountId, request.body)),
  );

  app.post(
    '/users/:id/abandoned-cart',
    {
      schema: {
        tags,
        summary: 'Record an abandoned cart of a user (userapp_id or base64 service_uid)',
        operationId: 'recordAbandonedCart',
        params: UserIdParams,
        body: CartInput,
        response: {
          201: saved,
          400: invalid,
          404: ErrorResponse('code user_not_found: no user has that userapp_id or base64 service_uid'),
        },
      },
    },
    async (request, reply) => ok(reply.code(201), await carts.recordForUser(request.accountId, request.params.id, request.body)),
  );

  app.get(
    '/users/:id/abandoned-carts',
    {
      schema: {
        tags,
        summary: 'A user\'s abandoned carts, newest createtime first',
        operationId: 'listAbandonedCarts',
        params: UserIdParams,
        querystring: CartListQuery,
        response: { 200: CartListEnvelope, 404: ErrorResponse('No user has that userapp_id or base64 service_uid') },
      },
    },
    async (request, reply) => ok(reply, await carts.list(request.accountId, request.params.id, request.query)),
  );
}
