import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Envelope, ErrorResponse, ok } from '../../http/envelope.js';
import { Belongs, BelongsQuery, ChangesQuery, CustomerRefParams, SegmentChange, SegmentRefParams } from './schemas.js';
import type { SegmentChangesService } from './changes.js';

const tags = ['segments'];

export async function segmentMembershipRoutes(scope: FastifyInstance, { changes }: { changes: SegmentChangesService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/segments/:id/changes',
    {
      schema: {
        tags,
        summary: 'Customers who entered or left the segment (kept 90 days), newest first',
        params: SegmentRefParams,
        querystring: ChangesQuery,
        response: { 200: Envelope(Type.Array(SegmentChange)), 400: ErrorResponse('A bad from or to (named)'), 404: ErrorResponse('No segment has that id or slug') },
      },
    },
    async (request, reply) => ok(reply, await changes.list(request.accountId, request.params.id, request.query)),
  );

  app.get(
    '/user/:id/belongsToSegment',
    {
      schema: {
        tags,
        summary: 'Whether the customer is a member of the segment now',
        params: CustomerRefParams,
        querystring: BelongsQuery,
        response: { 200: Envelope(Belongs), 400: ErrorResponse('segment_id is missing'), 404: ErrorResponse('No user or no segment has that id') },
      },
    },
    async (request, reply) => ok(reply, await changes.belongs(request.accountId, request.params.id, request.query)),
  );
}
