import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorResponse, ok } from '../../http/envelope.js';
import { DryRunQuery, emptyDryRunIsAbsent, isDryRun } from '../../http/dry-run.js';
import { absentBodyIsEmpty } from '../../http/accepted.js';
import {
  BulkDeleteCategoriesBody,
  CategoryCodeParams,
  CategoryEnvelope,
  CategoryListEnvelope,
  CreateCategoryBody,
  DeleteCategoriesEnvelope,
  DeleteCategoryFields,
} from './schemas.js';
import type { CategoriesService } from './service.js';

export async function categoriesRoutes(scope: FastifyInstance, { categories }: { categories: CategoriesService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/categories',
    {
      schema: {
        tags: ['categories'],
        summary: 'Create a category, optionally under a parent',
        body: CreateCategoryBody,
        response: { 200: CategoryEnvelope },
      },
    },
    async (request, reply) => ok(reply, await categories.create(request.accountId, request.body)),
  );

  app.get(
    '/categories',
    {
      schema: {
        tags: ['categories'],
        summary: 'Every category of the account, flat, with its path',
        response: { 200: CategoryListEnvelope },
      },
    },
    async (request, reply) => ok(reply, await categories.list(request.accountId)),
  );

  app.get(
    '/categories/:code',
    {
      schema: {
        tags: ['categories'],
        summary: 'One category by code',
        params: CategoryCodeParams,
        response: { 200: CategoryEnvelope },
      },
    },
    async (request, reply) => ok(reply, await categories.get(request.accountId, request.params.code)),
  );

  // The code may come in the JSON body (the spec's example) or the query string. With dry_run=true
  // (O8) the same checks run and the answer is what the request would delete, nothing accepted.
  app.delete(
    '/categories',
    {
      schema: {
        tags: ['categories'],
        summary: 'Delete a category and all its descendants (background request), or with dry_run=true count what it would delete',
        operationId: 'deleteCategories',
        querystring: DeleteCategoryFields,
        body: DeleteCategoryFields,
        response: {
          200: DeleteCategoriesEnvelope,
          400: ErrorResponse('code missing, notify_to not an e-mail address, or dry_run not true or false'),
          404: ErrorResponse('No category has that code'),
        },
      },
      preValidation: [absentBodyIsEmpty, emptyDryRunIsAbsent],
    },
    async (request, reply) => {
      const body = request.body;
      const fields = { code: body.code ?? request.query.code, notify_to: body.notify_to ?? request.query.notify_to };
      if (isDryRun(request)) return ok(reply, await categories.previewDeleteTree(request.accountId, fields));
      return ok(reply, await categories.deleteTree(request.accountId, fields));
    },
  );

  app.delete(
    '/categories/bulk',
    {
      schema: {
        tags: ['categories'],
        summary: 'Delete every category (background request), or with dry_run=true count what it would delete',
        operationId: 'deleteCategoriesBulk',
        querystring: DryRunQuery,
        body: BulkDeleteCategoriesBody,
        response: {
          200: DeleteCategoriesEnvelope,
          400: ErrorResponse('notify_to not an e-mail address, or dry_run not true or false'),
        },
      },
      preValidation: [absentBodyIsEmpty, emptyDryRunIsAbsent],
    },
    async (request, reply) => {
      if (isDryRun(request)) return ok(reply, await categories.previewDeleteAll(request.accountId, request.body.notify_to));
      return ok(reply, await categories.deleteAll(request.accountId, request.body.notify_to));
    },
  );
}
