import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Envelope, ErrorResponse, ok } from '../../http/envelope.js';
import { toPage } from '../../http/pagination.js';
import {
  CreateWebhookBody,
  DeliveriesQuery,
  DeliveryObject,
  DeliveryParams,
  RotatedSecret,
  UpdateWebhookBody,
  WebhookDeleted,
  WebhookObject,
  WebhookParams,
  WebhookWithSecret,
} from './schemas.js';
import type { WebhooksService } from './service.js';

const tags = ['webhooks'];
const notFound = ErrorResponse('No webhook endpoint of this account has that id');
const badEndpoint = ErrorResponse('A field breaks its rule: url not https://, or refused as an internal address (W1); an unknown event type');
const busy = ErrorResponse('The worker is sending this message at this moment');

export async function webhooksRoutes(scope: FastifyInstance, { webhooks }: { webhooks: WebhooksService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        summary: 'Register a webhook endpoint; its signing secret is in this answer only',
        body: CreateWebhookBody,
        response: { 201: Envelope(WebhookWithSecret), 400: badEndpoint, 409: ErrorResponse('The account has 100 endpoints already') },
      },
    },
    async (request, reply) => ok(reply.code(201), await webhooks.create(request.accountId, request.body)),
  );

  app.get(
    '/webhooks',
    { schema: { tags, summary: 'List webhook endpoints in id order', response: { 200: Envelope(Type.Array(WebhookObject)) } } },
    async (request, reply) => ok(reply, await webhooks.list(request.accountId)),
  );

  app.get(
    '/webhooks/:id',
    { schema: { tags, summary: 'Get a webhook endpoint', params: WebhookParams, response: { 200: Envelope(WebhookObject), 404: notFound } } },
    async (request, reply) => ok(reply, await webhooks.get(request.accountId, request.params.id)),
  );

  app.put(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Change a webhook endpoint (partial): url, events, description, status',
        params: WebhookParams,
        body: UpdateWebhookBody,
        response: { 200: Envelope(WebhookObject), 400: badEndpoint, 404: notFound },
      },
    },
    async (request, reply) => ok(reply, await webhooks.update(request.accountId, request.params.id, request.body)),
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a webhook endpoint and its delivery log; messages not yet sent are dropped',
        params: WebhookParams,
        response: { 200: Envelope(WebhookDeleted), 404: notFound },
      },
    },
    async (request, reply) => ok(reply, await webhooks.delete(request.accountId, request.params.id)),
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        summary: 'Give the endpoint a new secret; for 24 hours the previous one signs too',
        params: WebhookParams,
        response: { 200: Envelope(RotatedSecret), 404: notFound },
      },
    },
    async (request, reply) => ok(reply, await webhooks.rotateSecret(request.accountId, request.params.id)),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: "The endpoint's delivery log, newest first (kept 30 days after a message is finished)",
        params: WebhookParams,
        querystring: DeliveriesQuery,
        response: { 200: Envelope(Type.Array(DeliveryObject)), 400: ErrorResponse('page, limit or status out of range'), 404: notFound },
      },
    },
    async (request, reply) => ok(reply, await webhooks.deliveries(request.accountId, request.params.id, request.query, toPage(request.query))),
  );

  app.post(
    '/webhooks/:id/deliveries/:message_id/retry',
    {
      schema: {
        tags,
        summary: 'Send a message again now, whatever its state; answers the message after the attempt',
        params: DeliveryParams,
        response: { 200: Envelope(DeliveryObject), 404: ErrorResponse('No such endpoint, or no such message of it'), 409: busy },
      },
    },
    async (request, reply) => ok(reply, await webhooks.retry(request.accountId, request.params.id, request.params.message_id)),
  );

  app.post(
    '/webhooks/:id/test',
    {
      schema: {
        tags,
        summary: 'Send a webhook.test message now, whatever the endpoint subscribes to; answers its delivery',
        params: WebhookParams,
        response: { 200: Envelope(DeliveryObject), 404: notFound },
      },
    },
    async (request, reply) => ok(reply, await webhooks.test(request.accountId, request.params.id)),
  );
}
