import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { Envelope, ok } from '../../http/envelope.js';
import { Coupon, CouponsQuery } from './schemas.js';
import { CouponsService } from './service.js';

export async function couponsRoutes(app: FastifyInstance, { context }: { context: AppContext }): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const service = new CouponsService(context.db);

  r.get(
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
