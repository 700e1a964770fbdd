import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ErrorResponse, ok } from '../../http/envelope.js';
import {
  CreateProductBody,
  ProductDeletedEnvelope,
  ProductEnvelope,
  ProductExistEnvelope,
  ProductListEnvelope,
  ProductListQuery,
  ProductSkuParams,
  UpdatedProductEnvelope,
  UpdateProductBody,
} from './schemas.js';
import type { ProductsService } from './service.js';

const notFound = ErrorResponse('No product has that SKU in this account (also a path id that is not base64 of any text)');

export async function productsRoutes(scope: FastifyInstance, { products }: { products: ProductsService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['products'];

  app.post(
    '/products',
    {
      schema: {
        tags,
        summary: 'Create a product (missing categories of its path are created)',
        operationId: 'createProduct',
        body: CreateProductBody,
        response: { 200: ProductEnvelope, 400: ErrorResponse('Invalid field (named in the message), or the SKU already exists') },
      },
    },
    async (request, reply) => ok(reply, await products.create(request.accountId, request.body)),
  );

  app.get(
    '/products',
    {
      schema: {
        tags,
        summary: 'List products in id order, filtered by sku, search, available, category (with descendants)',
        operationId: 'listProducts',
        querystring: ProductListQuery,
        response: { 200: ProductListEnvelope },
      },
    },
    async (request, reply) => ok(reply, await products.list(request.accountId, request.query)),
  );

  app.get(
    '/products/:sku',
    {
      schema: {
        tags,
        summary: 'Get a product by its base64 SKU',
        operationId: 'getProduct',
        params: ProductSkuParams,
        response: { 200: ProductEnvelope, 404: notFound },
      },
    },
    async (request, reply) => ok(reply, await products.get(request.accountId, request.params.sku)),
  );

  app.get(
    '/products/:sku/exist',
    {
      schema: {
        tags,
        summary: 'Whether a product with this base64 SKU exists (never 404)',
        operationId: 'productExists',
        params: ProductSkuParams,
        response: { 200: ProductExistEnvelope },
      },
    },
    async (request, reply) => ok(reply, { exist: await products.exists(request.accountId, request.params.sku) }),
  );

  app.put(
    '/products/:sku',
    {
      schema: {
        tags,
        summary: 'Update a product (only the fields given); a different body sku renames it',
        operationId: 'updateProduct',
        params: ProductSkuParams,
        body: UpdateProductBody,
        response: {
          200: UpdatedProductEnvelope,
          400: ErrorResponse('Invalid field (named in the message), or the new SKU belongs to another product'),
          404: notFound,
        },
      },
    },
    async (request, reply) => ok(reply, await products.update(request.accountId, request.params.sku, request.body)),
  );

  app.delete(
    '/products/:sku',
    {
      schema: {
        tags,
        summary: 'Delete a product and its custom values (purchases keep their items)',
        operationId: 'deleteProduct',
        params: ProductSkuParams,
        response: { 200: ProductDeletedEnvelope, 404: notFound },
      },
    },
    async (request, reply) => {
      await products.remove(request.accountId, request.params.sku);
      return ok(reply, null);
    },
  );
}
