import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { absentBodyIsEmpty } from '../../http/accepted.js';
import { ErrorResponse, ok } from '../../http/envelope.js';
import { PageQuery } from '../../http/pagination.js';
import { given } from '../../lib/fields.js';
import type { ClubService } from './club.js';
import {
  AccountLedgerEnvelope,
  AccountTagsEnvelope,
  AccountTagsQuery,
  AccountTransactionsQuery,
  AuthenticateInput,
  ClubMemberEnvelope,
  ExistEnvelope,
  NewsletterFields,
  RegisterInput,
  IdentityQuery,
  LedgerEntriesEnvelope,
  LedgerEnvelope,
  MultiuserInput,
  MultiuserPointsInput,
  MultiuserTransactionsQuery,
  PointsInput,
  TransactionEnvelope,
  TransactionsQuery,
  UserEnvelope,
  UserIdParams,
  UserInput,
  UserListEnvelope,
  UserListQuery,
  UserUpdateInput,
} from './schemas.js';
import type { UsersService } from './service.js';

export async function usersRoutes(scope: FastifyInstance, { users, club }: { users: UsersService; club: ClubService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['users'];
  const noUser = ErrorResponse('No user matches the first non-empty of service_uid, email, document, telephone');
  const unknownId = ErrorResponse('No user has that userapp_id or base64 service_uid');

  // U1: 201, not 200 (the platform's WooCommerce plugin takes any other status for a failure).
  app.post('/users', { schema: { tags, summary: 'Create a user', body: UserInput, response: { 201: UserEnvelope } } }, async (req, reply) =>
    ok(reply.code(201), await users.create(req.accountId, req.body)),
  );

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'List users, or with segment_id the members of a segment (SG5)',
        querystring: UserListQuery,
        response: {
          200: UserListEnvelope,
          404: ErrorResponse('No segment has that segment_id'),
        },
      },
    },
    async (req, reply) => {
      // The count is a second statement over the same users: only when asked (the console's
      // customer list), not on every page the platform's clients read.
      if (req.query.total === true) {
        const [list, total] = await Promise.all([users.list(req.accountId, req.query), users.total(req.accountId, req.query)]);
        return ok(reply.header('X-Total-Count', String(total)), list);
      }
      return ok(reply, await users.list(req.accountId, req.query));
    },
  );

  // U12: a shop's newsletter box; the two fields in the query (as the platform documents them) or the body.
  app.post(
    '/users/newsletter',
    {
      schema: {
        tags,
        summary: 'Sign a customer up to the newsletter: found by service_uid, else email, else created; tagged newsletter, mailing enabled',
        operationId: 'newsletterSignUp',
        querystring: NewsletterFields,
        body: NewsletterFields,
        response: {
          200: UserEnvelope,
          201: UserEnvelope,
          400: ErrorResponse('service_uid or email missing, or an e-mail that is not valid'),
        },
      },
      // The platform documents the fields in the query: a request without a body is the usual one.
      preValidation: absentBodyIsEmpty,
    },
    async (req, reply) => {
      const { body, query } = req;
      const fields = { service_uid: given(body?.service_uid) ?? query.service_uid, email: given(body?.email) ?? query.email };
      const { user, created } = await users.newsletter(req.accountId, fields);
      return ok(reply.code(created ? 201 : 200), user);
    },
  );

  // U13: the loyalty club.
  app.post(
    '/users/register',
    {
      schema: {
        tags,
        summary: 'Sign a new customer up to the loyalty club, with a password',
        operationId: 'registerClubMember',
        body: RegisterInput,
        response: {
          201: ClubMemberEnvelope,
          400: ErrorResponse('A field missing or invalid (pass: 8–128 characters), or a service_uid or e-mail another customer has'),
        },
      },
    },
    async (req, reply) => ok(reply.code(201), await club.register(req.accountId, req.body)),
  );

  app.post(
    '/users/authenticate',
    {
      schema: {
        tags,
        summary: 'Sign a club member in: the customer when service_uid (or email) and pass match',
        operationId: 'authenticateClubMember',
        body: AuthenticateInput,
        response: {
          200: ClubMemberEnvelope,
          400: ErrorResponse('Neither service_uid nor email, or no pass'),
          403: ErrorResponse('Every failure: unknown customer, wrong password, or no club password'),
          429: ErrorResponse('10 failures for this customer in 15 minutes: Retry-After says when to try again'),
        },
      },
    },
    async (req, reply) => ok(reply, await club.authenticate(req.accountId, req.body)),
  );

  // U11: the account's points ledger.
  app.get(
    '/transactions',
    {
      schema: {
        tags,
        summary: "The account's points ledger, newest first, by concept and time, each entry with its customer",
        operationId: 'listAccountTransactions',
        querystring: AccountTransactionsQuery,
        response: { 200: AccountLedgerEnvelope },
      },
    },
    async (req, reply) => ok(reply, await users.accountTransactions(req.accountId, req.query)),
  );

  // Rapport's own (docs/users.md): what the segment builder's tag pick-list offers.
  app.get(
    '/account/tags',
    {
      schema: {
        tags,
        summary: 'The tags customers hold, each with how many hold it, the most held first',
        operationId: 'listAccountTags',
        querystring: AccountTagsQuery,
        response: { 200: AccountTagsEnvelope },
      },
    },
    async (req, reply) => ok(reply, await users.tags(req.accountId, req.query)),
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
    {
      schema: {
        tags,
        summary: 'Update a user: given fields change, tags are added, then remove_tags removed',
        params: UserIdParams,
        body: UserUpdateInput,
        response: { 200: UserEnvelope, 400: ErrorResponse('Invalid field, or an identity another user holds'), 404: unknownId },
      },
    },
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
    { schema: { tags, summary: 'Find a user by identities', querystring: IdentityQuery, response: { 200: UserEnvelope, 404: noUser } } },
    async (req, reply) => ok(reply, await users.findByIdentity(req.accountId, req.query)),
  );

  app.put(
    '/multiusers',
    {
      schema: {
        tags,
        summary: 'Update the user these identities find, or create it; new_email changes its e-mail',
        body: MultiuserInput,
        response: {
          200: UserEnvelope,
          400: ErrorResponse('Invalid field, no identity, or an identity (or new_email) another user holds'),
        },
      },
    },
    async (req, reply) => ok(reply, await users.upsert(req.accountId, req.body)),
  );

  app.post(
    '/multiusers/points',
    {
      schema: {
        tags,
        summary: 'Add or subtract points of the user these identities find',
        operationId: 'addPointsByIdentity',
        body: MultiuserPointsInput,
        response: {
          200: TransactionEnvelope,
          400: ErrorResponse('Invalid field, points 0, or a balance that would go below zero'),
          404: noUser,
        },
      },
    },
    async (req, reply) => ok(reply, { transaction_id: await users.addPointsByIdentity(req.accountId, req.body) }),
  );

  app.get(
    '/multiusers/transactions',
    {
      schema: {
        tags,
        summary: 'Points ledger of the user these identities find, newest first, by concept and time',
        operationId: 'listTransactionsByIdentity',
        querystring: MultiuserTransactionsQuery,
        response: { 200: LedgerEntriesEnvelope, 404: noUser },
      },
    },
    async (req, reply) => ok(reply, await users.transactionsByIdentity(req.accountId, req.query)),
  );

  app.get(
    '/users/:id/transactions',
    {
      schema: {
        tags,
        summary: 'Points ledger of a user, newest first, by concept and time',
        operationId: 'listUserTransactions',
        params: UserIdParams,
        querystring: TransactionsQuery,
        response: { 200: LedgerEntriesEnvelope, 404: unknownId },
      },
    },
    async (req, reply) => ok(reply, await users.transactions(req.accountId, req.params.id, req.query)),
  );
}
