import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorResponse, ok } from '../../http/envelope.js';
import { IdentityQuery, UserIdParams } from '../users/schemas.js';
import { EmptyEnvelope, MemberArrayInput, MemberCreateInput, MemberEnvelope, MemberListEnvelope, MemberListQuery, MemberUpdateInput } from './schemas.js';
import type { FamilyMembersService } from './service.js';

// U9: family members. The owning user is named by identities in the query (U6), the member in the body.

export async function familyMembersRoutes(scope: FastifyInstance, { members }: { members: FamilyMembersService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['family-members'];
  const noOwner = ErrorResponse('No user matches the query\'s first non-empty service_uid, email, document, telephone');

  app.post(
    '/multiusers/members',
    {
      schema: {
        tags,
        summary: 'Add a family member to the user the query identities find',
        operationId: 'createFamilyMember',
        querystring: IdentityQuery,
        body: MemberCreateInput,
        response: {
          200: MemberEnvelope,
          400: ErrorResponse('Invalid field (named), or a uid another member of this user has'),
          404: noOwner,
        },
      },
    },
    async (request, reply) => ok(reply, await members.create(request.accountId, request.query, request.body)),
  );

  app.put(
    '/multiusers/members',
    {
      schema: {
        tags,
        summary: 'Update a family member (found by id, else uid) of the user the query identities find',
        operationId: 'updateFamilyMember',
        querystring: IdentityQuery,
        body: MemberUpdateInput,
        response: {
          200: MemberEnvelope,
          400: ErrorResponse('Invalid field (named), neither id nor uid, or a new uid another member has'),
          404: ErrorResponse('No user matches the query identities, or that user has no member with that id or uid'),
        },
      },
    },
    async (request, reply) => ok(reply, await members.update(request.accountId, request.query, request.body)),
  );

  // U11: the platform's documented form, several members of a customer named in the path.
  app.post(
    '/users/:id/members',
    {
      schema: {
        tags,
        summary: 'Add family members (a JSON array, all or none) to a user',
        operationId: 'addFamilyMembers',
        params: UserIdParams,
        body: MemberArrayInput,
        response: {
          200: EmptyEnvelope,
          400: ErrorResponse('An invalid element (named [i].field), or a uid given twice or held by another member of this user'),
          404: ErrorResponse('No user has that userapp_id or base64 service_uid'),
        },
      },
    },
    async (request, reply) => {
      await members.addMany(request.accountId, request.params.id, request.body);
      return ok(reply, {});
    },
  );

  app.get(
    '/users/:id/members',
    {
      schema: {
        tags,
        summary: 'A user\'s family members in creation order',
        operationId: 'listFamilyMembers',
        params: UserIdParams,
        querystring: MemberListQuery,
        response: { 200: MemberListEnvelope, 404: ErrorResponse('No user has that userapp_id or base64 service_uid') },
      },
    },
    async (request, reply) => ok(reply, await members.list(request.accountId, request.params.id, request.query)),
  );
}
