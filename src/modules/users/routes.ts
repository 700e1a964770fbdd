import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import {
  ExistEnvelope,
  IdentityQuery,
  LedgerEnvelope,
  PointsInput,
  TransactionEnvelope,
  UserEnvelope,
  UserIdParams,
  UserInput,
  UserListEnvelope,
  UserListQuery,
} from './schemas.js';
import { UsersService } from './service.js';

export async function usersRoutes(fastify: FastifyInstance, { context }: { context: AppContext }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const users = new UsersService(context);
  const tags = ['users'];

  app.post('/users', { schema: { tags, summary: 'Create a user', body: UserInput, response: { 200: UserEnvelope } } }, async (req, reply) =>
    ok(reply, await users.create(req.accountId, req.body)),
  );

  app.get(
    '/users',
    { schema: { tags, summary: 'List users', querystring: UserListQuery, response: { 200: UserListEnvelope } } },
    async (req, reply) => ok(reply, await users.list(req.accountId, req.query)),
  );

  app.get(
    '/users/:id',
    { schema: { tags, summary: 'Get a user by userapp_id or base64 service_uid', params: UserIdParams, response: { 200: UserEnvelope } } },
    async (req, reply) => ok(reply, await users.get(req.accountId, req.params.id)),
  );

  app.get(
    '/users/:id/exist',
    { schema: { tags, summary: 'Whether a user exists', params: UserIdParams, response: { 200: ExistEnvelope } } },
    async (req, reply) => ok(reply, { exist: await users.exists(req.accountId, req.params.id) }),
  );

  app.put(
    '/users/:id',
    { schema: { tags, summary: 'Update a user', params: UserIdParams, body: UserInput, response: { 200: UserEnvelope } } },
    async (req, reply) => ok(reply, await users.update(req.accountId, req.params.id, req.body)),
  );

  app.post(
    '/users/:id/points',
    {
      schema: { tags, summary: 'Add or subtract points', params: UserIdParams, body: PointsInput, response: { 200: TransactionEnvelope } },
    },
    async (req, reply) => ok(reply, { transaction_id: await users.addPoints(req.accountId, req.params.id, req.body) }),
  );

  app.get(
    '/users/:id/points',
    {
      schema: { tags, summary: 'Points balance and ledger, newest first', params: UserIdParams, querystring: PageQuery, response: { 200: LedgerEnvelope } },
    },
    async (req, reply) => ok(reply, await users.ledger(req.accountId, req.params.id, req.query)),
  );

  app.get(
    '/multiusers/exist',
    { schema: { tags, summary: 'Whether a user with these identities exists', querystring: IdentityQuery, response: { 200: ExistEnvelope } } },
    async (req, reply) => ok(reply, { exist: await users.existsByIdentity(req.accountId, req.query) }),
  );

  app.get(
    '/multiusers/find',
    { schema: { tags, summary: 'Find a user by identities', querystring: IdentityQuery, response: { 200: UserEnvelope } } },
    async (req, reply) => ok(reply, await users.findByIdentity(req.accountId, req.query)),
  );

  app.put(
    '/multiusers',
    { schema: { tags, summary: 'Update the user these identities find, or create it', body: UserInput, response: { 200: UserEnvelope } } },
    async (req, reply) => ok(reply, await users.upsert(req.accountId, req.body)),
  );
}
