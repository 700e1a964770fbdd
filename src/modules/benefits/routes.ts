import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Envelope, ok } from '../../http/envelope.js';
import {
  AdminBenefit,
  AllQuery,
  AssignBody,
  AssignParams,
  AssignResult,
  BucketsQuery,
  BenefitCreateBody,
  BenefitIdParams,
  BenefitUpdateBody,
  Buckets,
  ListedBenefit,
  NULLABLE_ON_UPDATE,
} from './schemas.js';
import type { BenefitsService } from './service.js';

const tags = ['benefits'];

export async function benefitsRoutes(scope: FastifyInstance, { service }: { service: BenefitsService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/benefits',
    {
      schema: {
        tags,
        summary: 'Active benefits in three buckets: current, outofstock, comingbenefits',
        querystring: BucketsQuery,
        response: { 200: Envelope(Buckets) },
      },
    },
    async (request, reply) => ok(reply, await service.buckets(request.accountId, request.query)),
  );

  app.get(
    '/benefits/all',
    {
      schema: {
        tags,
        summary: 'Every benefit of the account, by id, with out_stock_at',
        querystring: AllQuery,
        response: { 200: Envelope(Type.Array(ListedBenefit)) },
      },
    },
    async (request, reply) => ok(reply, await service.all(request.accountId, request.query)),
  );

  app.post(
    '/benefits',
    {
      schema: {
        tags,
        summary: 'Create a benefit',
        body: BenefitCreateBody,
        response: { 200: Envelope(AdminBenefit) },
      },
    },
    async (request, reply) => ok(reply, await service.create(request.accountId, request.body)),
  );

  app.get(
    '/benefits/:id',
    {
      schema: {
        tags,
        summary: 'One benefit, with its stock',
        params: BenefitIdParams,
        response: { 200: Envelope(AdminBenefit) },
      },
    },
    async (request, reply) => ok(reply, await service.get(request.accountId, request.params.id)),
  );

  app.put(
    '/benefits/:id',
    {
      config: { keepNull: NULLABLE_ON_UPDATE },
      schema: {
        tags,
        summary: 'Update a benefit (every field optional; version, category_id and stock may be set to null)',
        params: BenefitIdParams,
        body: BenefitUpdateBody,
        response: { 200: Envelope(AdminBenefit) },
      },
    },
    async (request, reply) => ok(reply, await service.update(request.accountId, request.params.id, request.body)),
  );

  app.delete(
    '/benefits/:id',
    {
      schema: {
        tags,
        summary: 'Delete a benefit (its coupons stay, without the benefit)',
        params: BenefitIdParams,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request, reply) => {
      await service.remove(request.accountId, request.params.id);
      return ok(reply, null);
    },
  );

  app.post(
    '/benefits/:benefit_id/assign',
    {
      schema: {
        tags,
        summary: 'Assign a benefit to a user: takes one unit of stock and the benefit points, records a coupon',
        description: 'Body as application/x-www-form-urlencoded (the spec) or JSON.',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        params: AssignParams,
        body: AssignBody,
        response: { 200: Envelope(AssignResult) },
      },
    },
    async (request, reply) => ok(reply, await service.assign(request.accountId, request.params.benefit_id, request.body)),
  );
}
