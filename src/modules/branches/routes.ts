import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { absentBodyIsEmpty } from '../../http/accepted.js';
import { emptyDryRunIsAbsent, isDryRun } from '../../http/dry-run.js';
import { ErrorResponse, ok } from '../../http/envelope.js';
import { MAX_PARAM_LENGTH } from '../../http/error-handler.js';
import { AppError, NotFoundError } from '../../lib/errors.js';
import { branchNameCandidates } from './name-path.js';
import {
  BranchEnvelope,
  BranchIdParams,
  BranchListEnvelope,
  BranchListQuery,
  BranchNameParams,
  BranchNamePathParams,
  CreateBranchBody,
  DeleteBranchEnvelope,
  DeleteBranchFields,
  UpdateBranchBody,
} from './schemas.js';
import type { BranchesService } from './service.js';

/** preValidation of DELETE /branches: `id=` (empty, in the query or a form) is "not given" (G7), so "id: is required". */
async function emptyIdIsAbsent(request: FastifyRequest): Promise<void> {
  for (const part of [request.query, request.body]) {
    if (part !== null && typeof part === 'object' && (part as Record<string, unknown>).id === '') delete (part as Record<string, unknown>).id;
  }
}

/**
 * O4 for the wildcard, which the router's maxParamLength does not cover: a name path longer than
 * any path parameter may be is 414, as for every other parameter (before validation, so not a 400).
 */
async function boundedWildcard(request: FastifyRequest): Promise<void> {
  const rest = (request.params as { '*'?: string })['*'] ?? '';
  if (rest.length > MAX_PARAM_LENGTH) {
    throw new AppError(414, 'uri_too_long', `path: a path parameter is longer than ${MAX_PARAM_LENGTH} characters`);
  }
}

export async function branchesRoutes(scope: FastifyInstance, { branches }: { branches: BranchesService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['branches'];

  app.post(
    '/branches',
    {
      schema: {
        tags,
        summary: 'Create a branch',
        operationId: 'createBranch',
        body: CreateBranchBody,
        response: { 200: BranchEnvelope, 400: ErrorResponse('Invalid field (named in the message), or a branch of that name exists') },
      },
    },
    async (request, reply) => ok(reply, await branches.create(request.accountId, request.body)),
  );

  app.get(
    '/branches',
    {
      schema: {
        tags,
        summary: 'List branches in id order, optionally those whose name contains `search`',
        operationId: 'listBranches',
        querystring: BranchListQuery,
        response: { 200: BranchListEnvelope },
      },
    },
    async (request, reply) => ok(reply, await branches.list(request.accountId, request.query)),
  );

  app.get(
    '/branches/:id',
    {
      schema: {
        tags,
        summary: 'Get a branch by id',
        operationId: 'getBranch',
        params: BranchIdParams,
        response: { 200: BranchEnvelope, 404: ErrorResponse('No branch has that id in this account') },
      },
    },
    async (request, reply) => ok(reply, await branches.get(request.accountId, request.params.id)),
  );

  // PUT /branches/{name} (P4) twice over, one handler: `/branches/:id` takes the name's base64 as one
  // path segment (a `/` in it sent as %2F), on the path of GET /branches/:id, and is the form the
  // OpenAPI document describes; `/branches/*` takes the rest of the path, raw `/` included, as the
  // platform's client sends it, and stays out of the document (a `{*}` there is no valid parameter,
  // and a path that differs from /branches/{id} only by it collides). Both read the name from the
  // raw URL (name-path.ts), so both answer alike.
  const updateSchema = {
    tags,
    summary: 'Update the branch named by the base64 rest of the path (only the fields given); a body name renames it',
    description:
      'The rest of the path is the base64 of the name, raw (may contain /) or URL-encoded or URL-safe. When it ends in / ' +
      'it is read first whole, then without that trailing slash (G1).',
    operationId: 'updateBranch',
    body: UpdateBranchBody,
    response: {
      200: BranchEnvelope,
      400: ErrorResponse('Invalid field (named in the message), or the new name belongs to another branch'),
      404: ErrorResponse('No branch has the name the path encodes (also a path that is not base64 of any text)'),
    },
  };
  app.put('/branches/:id', { schema: { ...updateSchema, params: BranchNamePathParams } }, async (request, reply) =>
    ok(reply, await branches.update(request.accountId, branchNameCandidates(request.url, request.params.id), request.body)),
  );
  app.put(
    '/branches/*',
    { schema: { ...updateSchema, params: BranchNameParams, hide: true }, preValidation: boundedWildcard },
    async (request, reply) =>
      ok(reply, await branches.update(request.accountId, branchNameCandidates(request.url, request.params['*']), request.body)),
  );

  // P4 [client]: scripts written for the platform send `{id, notify_to}` in a JSON body, a form or the
  // query (the body's fields win). The deletion is a background request (K3); with dry_run=true (O8)
  // the same checks run and the answer is what it would change, nothing accepted.
  app.delete(
    '/branches',
    {
      schema: {
        tags,
        summary: 'Delete a branch (background request; its purchases stay, with branch null), or with dry_run=true count what it would change',
        operationId: 'deleteBranch',
        querystring: DeleteBranchFields,
        body: DeleteBranchFields,
        response: {
          200: DeleteBranchEnvelope,
          400: ErrorResponse('id missing or not a branch id (an integer from 1), notify_to not an e-mail address, or dry_run not true or false'),
          404: ErrorResponse('No branch has that id in this account'),
        },
      },
      preValidation: [absentBodyIsEmpty, emptyDryRunIsAbsent, emptyIdIsAbsent],
    },
    async (request, reply) => {
      const { body, query } = request;
      const fields = { id: body.id ?? query.id, notify_to: body.notify_to ?? query.notify_to };
      if (isDryRun(request)) return ok(reply, await branches.previewDelete(request.accountId, fields));
      return ok(reply, await branches.delete(request.accountId, fields));
    },
  );

  // PUT /branches/ (the base64 of an empty name) lands here once the router drops the trailing
  // slash (G1): no branch has an empty name. Without it the answer would be a confusing 405.
  app.put('/branches', { schema: { hide: true } }, async () => {
    throw new NotFoundError('PUT /branches/{name}: the path names no branch (give the base64 of its name)');
  });
}
