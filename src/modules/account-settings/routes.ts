import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorResponse, ok } from '../../http/envelope.js';
import { AccessEnvelope, SettingsBody, SettingsEnvelope } from './schemas.js';
import type { AccountSettingsService } from './service.js';

const tags = ['account'];

export async function accountSettingsRoutes(scope: FastifyInstance, { settings }: { settings: AccountSettingsService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/account/settings',
    { schema: { tags, summary: "The account's name, currency, time zone and locale", response: { 200: SettingsEnvelope } } },
    async (request, reply) => ok(reply, await settings.get(request.accountId)),
  );

  // What the caller may do, so the console shows a read-only key (D8) what it may do rather than
  // everything: a key answers its scope, a person their role (T1) and the scope it amounts to.
  app.get(
    '/account/access',
    { schema: { tags, summary: 'What the caller may do: a key\'s scope (full or read) or a person\'s role', response: { 200: AccessEnvelope } } },
    async (request, reply) => {
      const person = request.person;
      if (person) return ok(reply, { via: 'person' as const, scope: person.role === 'viewer' ? ('read' as const) : ('full' as const), role: person.role, key_prefix: null });
      return ok(reply, { via: 'key' as const, scope: request.keyScope, role: null, key_prefix: request.keyPrefix });
    },
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
