import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorResponse, ok } from '../../http/envelope.js';
import { SettingsBody, SettingsEnvelope } from './schemas.js';
import type { AccountSettingsService } from './service.js';

const tags = ['account'];

export async function accountSettingsRoutes(scope: FastifyInstance, { settings }: { settings: AccountSettingsService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/account/settings',
    { schema: { tags, summary: "The account's name, currency, time zone and locale", response: { 200: SettingsEnvelope } } },
    async (request, reply) => ok(reply, await settings.get(request.accountId)),
  );

  app.put(
    '/account/settings',
    {
      schema: {
        tags,
        summary: "Change the account's settings (partial: only the fields given)",
        body: SettingsBody,
        response: { 200: SettingsEnvelope, 400: ErrorResponse('name blank, currency not ISO 4217, timezone not IANA, or locale not BCP 47') },
      },
    },
    async (request, reply) => ok(reply, await settings.update(request.accountId, request.body)),
  );
}
