import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Envelope, ok } from '../../http/envelope.js';
import { Coupon, CouponsQuery } from './schemas.js';
import type { CouponsService } from './service.js';

export async function couponsRoutes(scope: FastifyInstance, { service }: { service: CouponsService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/coupons',
    {
      schema: {
        tags: ['coupons'],
        summary: 'Benefit assignments, newest first, with the user and the benefit',
        querystring: CouponsQuery,
        response: { 200: Envelope(Type.Array(Coupon)) },
      },
    },
    async (request, reply) => ok(reply, await service.list(request.accountId, request.query)),
  );
}
