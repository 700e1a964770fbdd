import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Envelope, ErrorResponse, ok } from '../../http/envelope.js';
import { UserIdParams } from '../users/schemas.js';
import {
  AudienceObject,
  CLEARABLE,
  CreateMailingBody,
  MailingDeleted,
  MailingListQuery,
  MailingObject,
  MailingParams,
  PreviewBody,
  PreviewObject,
  RecipientObject,
  RecipientsQuery,
  SendBody,
  TestBody,
  TestSent,
  UpdateMailingBody,
  UserMailingObject,
  UserMailingsQuery,
} from './schemas.js';
import type { MailingsService } from './service.js';

const tags = ['mailings'];
const notFound = ErrorResponse('No mailing of this account has that id');
const badMailing = ErrorResponse('A field breaks its rule (a template that does not parse names the field, line and column), or an unknown folder or segment');
const badStatus = ErrorResponse('The mailing is not in a status that allows this (the message says which it is)');

export async function mailingsRoutes(scope: FastifyInstance, { mailings }: { mailings: MailingsService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/mailings',
    { schema: { tags, summary: 'Create a mailing (a draft)', body: CreateMailingBody, response: { 201: Envelope(MailingObject), 400: badMailing } } },
    async (request, reply) => ok(reply.code(201), await mailings.create(request.accountId, request.body)),
  );

  app.get(
    '/mailings',
    {
      schema: {
        tags,
        summary: 'List mailings, newest first',
        querystring: MailingListQuery,
        response: { 200: Envelope(Type.Array(MailingObject)), 400: ErrorResponse('page, limit, folder_id or status out of range') },
      },
    },
    async (request, reply) => ok(reply, await mailings.list(request.accountId, request.query)),
  );

  app.get(
    '/mailings/:id',
    { schema: { tags, summary: 'Get a mailing with its statistics', params: MailingParams, response: { 200: Envelope(MailingObject), 404: notFound } } },
    async (request, reply) => ok(reply, await mailings.get(request.accountId, request.params.id)),
  );

  app.put(
    '/mailings/:id',
    {
      // M2: unlike G8, null clears these.
      config: { keepNull: CLEARABLE },
      schema: {
        tags,
        summary: 'Change a draft or scheduled mailing (partial; null clears folder_id, segment_id, preheader, reply_to)',
        params: MailingParams,
        body: UpdateMailingBody,
        response: { 200: Envelope(MailingObject), 400: badMailing, 404: notFound },
      },
    },
    async (request, reply) => ok(reply, await mailings.update(request.accountId, request.params.id, request.body)),
  );

  app.delete(
    '/mailings/:id',
    {
      schema: {
        tags,
        summary: 'Delete a mailing and its recipients (not while sending)',
        params: MailingParams,
        response: { 200: Envelope(MailingDeleted), 400: badStatus, 404: notFound },
      },
    },
    async (request, reply) => ok(reply, await mailings.delete(request.accountId, request.params.id)),
  );

  app.post(
    '/mailings/:id/copy',
    { schema: { tags, summary: 'Copy a mailing as a new draft', params: MailingParams, response: { 201: Envelope(MailingObject), 404: notFound } } },
    async (request, reply) => ok(reply.code(201), await mailings.copy(request.accountId, request.params.id)),
  );

  app.post(
    '/mailings/:id/preview',
    {
      schema: {
        tags,
        summary: 'Render the mailing for a customer (default: the first member of its segment, or sample values)',
        params: MailingParams,
        body: Type.Union([PreviewBody, Type.Null()]),
        response: { 200: Envelope(PreviewObject), 404: ErrorResponse('No such mailing, or no such customer') },
      },
    },
    async (request, reply) => ok(reply, await mailings.preview(request.accountId, request.params.id, request.body ?? {})),
  );

  app.get(
    '/mailings/:id/audience',
    {
      schema: {
        tags,
        summary: "Who the mailing would reach if sent now: its segment's members, those reachable and those suppressed by reason (nothing is written)",
        params: MailingParams,
        response: { 200: Envelope(AudienceObject), 400: ErrorResponse('The mailing has no segment, or its segment was deleted (segment_id)'), 404: notFound },
      },
    },
    async (request, reply) => ok(reply, await mailings.audience(request.accountId, request.params.id)),
  );

  app.post(
    '/mailings/:id/test',
    {
      schema: {
        tags,
        summary: 'Send the mailing now to 1–10 addresses, "[Test] " before the subject; counted in no statistic',
        params: MailingParams,
        body: TestBody,
        response: { 200: Envelope(TestSent), 400: ErrorResponse('An invalid address, SMTP_URL not configured, or the SMTP server refused'), 404: notFound },
      },
    },
    async (request, reply) => ok(reply, await mailings.test(request.accountId, request.params.id, request.body)),
  );

  app.post(
    '/mailings/:id/send',
    {
      schema: {
        tags,
        summary: 'Send a draft to its segment now, or at send_at: the audience is frozen when sending starts',
        params: MailingParams,
        body: Type.Union([SendBody, Type.Null()]),
        response: { 200: Envelope(MailingObject), 400: ErrorResponse('Not a draft, no segment, a bad send_at, or SMTP_URL not configured'), 404: notFound },
      },
    },
    async (request, reply) => ok(reply, await mailings.send(request.accountId, request.params.id, request.body ?? {})),
  );

  for (const [action, summary] of [
    ['pause', 'Pause a scheduled or sending mailing (within a second)'],
    ['resume', 'Resume a paused mailing'],
    ['cancel', 'Cancel a mailing not yet sent: nothing more is sent'],
  ] as const) {
    app.post(
      `/mailings/:id/${action}`,
      { schema: { tags, summary, params: MailingParams, response: { 200: Envelope(MailingObject), 400: badStatus, 404: notFound } } },
      async (request, reply) => ok(reply, await mailings[action](request.accountId, request.params.id)),
    );
  }

  app.get(
    '/mailings/:id/recipients',
    {
      schema: {
        tags,
        summary: "The mailing's recipients in userapp_id order (the frozen audience)",
        params: MailingParams,
        querystring: RecipientsQuery,
        response: { 200: Envelope(Type.Array(RecipientObject)), 400: ErrorResponse('page, limit or status out of range'), 404: notFound },
      },
    },
    async (request, reply) => ok(reply, await mailings.recipients(request.accountId, request.params.id, request.query)),
  );

  app.get(
    '/users/:id/mailings',
    {
      schema: {
        tags,
        summary: 'The mailings a customer is a recipient of (userapp_id or base64 service_uid), newest first, with the recipient status',
        operationId: 'listUserMailings',
        params: UserIdParams,
        querystring: UserMailingsQuery,
        response: {
          200: Envelope(Type.Array(UserMailingObject)),
          400: ErrorResponse('page or limit out of range'),
          404: ErrorResponse('No user has that userapp_id or base64 service_uid'),
        },
      },
    },
    async (request, reply) => ok(reply, await mailings.ofUserRef(request.accountId, request.params.id, request.query)),
  );
}
