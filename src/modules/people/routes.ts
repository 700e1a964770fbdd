import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Envelope, ErrorResponse, ok } from '../../http/envelope.js';
import { CreatePersonBody, InvitedPerson, LinkEmailed, PeopleEnvelope, PersonDeleted, PersonObject, PersonParams, UpdatePersonBody } from './schemas.js';
import type { PeopleService } from './service.js';

const tags = ['people'];
const notFound = ErrorResponse('No person of this account has that id');
const lastOwner = ErrorResponse('The last owner cannot be removed or demoted');

/** T1, T4: the people of the account, managed by an owner (or a full key). */
export async function peopleRoutes(scope: FastifyInstance, { people }: { people: PeopleService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/account/people',
    { schema: { tags, summary: 'List the people who may sign in to the console, in id order', response: { 200: PeopleEnvelope } } },
    async (request, reply) => ok(reply, await people.list(request.accountId)),
  );

  app.post(
    '/account/people',
    {
      schema: {
        tags,
        summary: 'Add a person: the answer holds their welcome link and whether it was also e-mailed (when SMTP is configured)',
        body: CreatePersonBody,
        response: { 201: Envelope(InvitedPerson), 400: ErrorResponse('email not a valid address or a person of the account already; role not owner, editor or viewer') },
      },
    },
    async (request, reply) => ok(reply.code(201), await people.add(request.accountId, request.body)),
  );

  app.put(
    '/account/people/:id',
    {
      schema: {
        tags,
        summary: "Change a person's role (their sessions have the new one at once)",
        params: PersonParams,
        body: UpdatePersonBody,
        response: { 200: Envelope(PersonObject), 400: lastOwner, 404: notFound },
      },
    },
    async (request, reply) => ok(reply, await people.changeRole(request.accountId, request.params.id, request.body.role)),
  );

  app.post(
    '/account/people/:id/email-link',
    {
      schema: {
        tags,
        summary: 'E-mail the person a reset link (a welcome link if they never set a password) when SMTP is configured; the answer says whether it was e-mailed',
        params: PersonParams,
        response: { 200: Envelope(LinkEmailed), 404: notFound },
      },
    },
    async (request, reply) => ok(reply, await people.emailLink(request.accountId, request.params.id)),
  );

  app.delete(
    '/account/people/:id',
    {
      schema: {
        tags,
        summary: 'Remove a person and end their sessions',
        params: PersonParams,
        response: { 200: Envelope(PersonDeleted), 400: lastOwner, 404: notFound },
      },
    },
    async (request, reply) => ok(reply, await people.remove(request.accountId, request.params.id)),
  );
}
