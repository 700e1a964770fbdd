import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Envelope, ErrorResponse, ok } from '../../http/envelope.js';
import { FolderBody, FolderDeleted, FolderListQuery, FolderObject, FolderParams } from './schemas.js';
import type { MailingFoldersService } from './service.js';

const tags = ['mailings'];
const notFound = ErrorResponse('No mailing folder of this account has that id');
const badName = ErrorResponse('name blank, too long, or already the name of another folder');

export async function mailingFoldersRoutes(scope: FastifyInstance, { folders }: { folders: MailingFoldersService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/mailingfolders',
    { schema: { tags, summary: 'Create a folder of mailings', body: FolderBody, response: { 201: Envelope(FolderObject), 400: badName } } },
    async (request, reply) => ok(reply.code(201), await folders.create(request.accountId, request.body)),
  );

  app.get(
    '/mailingfolders',
    {
      schema: {
        tags,
        summary: 'List folders of mailings in name order',
        querystring: FolderListQuery,
        response: { 200: Envelope(Type.Array(FolderObject)), 400: ErrorResponse('page or limit out of range') },
      },
    },
    async (request, reply) => ok(reply, await folders.list(request.accountId, request.query)),
  );

  app.get(
    '/mailingfolders/:id',
    { schema: { tags, summary: 'Get a folder of mailings', params: FolderParams, response: { 200: Envelope(FolderObject), 404: notFound } } },
    async (request, reply) => ok(reply, await folders.get(request.accountId, request.params.id)),
  );

  app.put(
    '/mailingfolders/:id',
    {
      schema: { tags, summary: 'Rename a folder of mailings', params: FolderParams, body: FolderBody, response: { 200: Envelope(FolderObject), 400: badName, 404: notFound } },
    },
    async (request, reply) => ok(reply, await folders.rename(request.accountId, request.params.id, request.body)),
  );

  app.delete(
    '/mailingfolders/:id',
    {
      schema: {
        tags,
        summary: 'Delete a folder of mailings; its mailings stay, without a folder',
        params: FolderParams,
        response: { 200: Envelope(FolderDeleted), 404: notFound },
      },
    },
    async (request, reply) => ok(reply, await folders.delete(request.accountId, request.params.id)),
  );
}
