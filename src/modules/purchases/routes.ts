import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorResponse, ok } from '../../http/envelope.js';
import { invalidField } from '../../lib/errors.js';
import { dropNulls } from './prepare.js';
import {
  BULK_MAX,
  BulkPurchaseBody,
  BulkResultEnvelope,
  PurchaseDeletedEnvelope,
  PurchaseEnvelope,
  PurchaseByIdInput,
  PurchaseIdParams,
  PurchaseInput,
  PurchaseListEnvelope,
  PurchaseListQuery,
  PurchaseSummaryEnvelope,
  PurchaseSummaryQuery,
  SUMMARY_MAX_BUCKETS,
  UserPurchasesParams,
  UserPurchasesQuery,
} from './schemas.js';
import type { BulkPurchases } from './bulk.js';
import type { PurchaseReads } from './reads.js';
import type { PurchasesService } from './service.js';
import type { PurchaseSummaryService } from './summary.js';

/** G8 inside the purchase body: nested nulls are "not given" too (the shared hook drops top-level ones). */
async function dropNestedNulls(request: FastifyRequest): Promise<void> {
  dropNulls(request.body);
}

/** The bulk body's own message: the generic one for a non-object body would say "must be a JSON object". */
async function requireArray(request: FastifyRequest): Promise<void> {
  if (!Array.isArray(request.body)) throw invalidField('body', `must be a JSON array of 1 to ${BULK_MAX} purchases`);
}

const noUser = ErrorResponse('code user_not_found: no user matches the first non-empty of service_uid, email, document, telephone');

export interface PurchasesServices {
  purchases: PurchasesService;
  bulk: BulkPurchases;
  reads: PurchaseReads;
  summaries: PurchaseSummaryService;
}

export async function purchasesRoutes(scope: FastifyInstance, { purchases, bulk, reads, summaries }: PurchasesServices): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['purchases'];

  app.post(
    '/purchases',
    {
      schema: {
        tags,
        summary: 'Record a purchase: items, points credited, unknown products and branch created, in one transaction',
        operationId: 'createPurchase',
        body: PurchaseInput,
        response: {
          200: PurchaseEnvelope,
          400: ErrorResponse(
            'code duplicated_purchase_number: the account already has a purchase with this invoice_number; ' +
              'code bad_request: an invalid field (named in the message)',
          ),
          404: noUser,
        },
      },
      preValidation: dropNestedNulls,
    },
    async (request, reply) => ok(reply, await purchases.create(request.accountId, request.body)),
  );

  app.put(
    '/purchases',
    {
      schema: {
        tags,
        summary: 'Replace the purchase with this invoice_number (items whole; points move by the difference)',
        operationId: 'replacePurchase',
        body: PurchaseInput,
        response: {
          200: PurchaseEnvelope,
          400: ErrorResponse('Invalid field (named in the message), or a points decrease the user\'s balance cannot absorb (nothing changes)'),
          404: ErrorResponse(
            'code not_found: no purchase has this invoice_number; code user_not_found: no user matches the identities',
          ),
        },
      },
      preValidation: dropNestedNulls,
    },
    async (request, reply) => ok(reply, await purchases.replace(request.accountId, request.body)),
  );

  app.post(
    '/purchases/bulk',
    {
      schema: {
        tags,
        summary: 'Record 1 to 100 purchases, each on its own: answers how many were stored and why the others failed',
        operationId: 'createPurchasesBulk',
        body: BulkPurchaseBody,
        response: { 200: BulkResultEnvelope, 400: ErrorResponse('The body is not an array of 1 to 100 objects (nothing is stored)') },
      },
      preValidation: requireArray,
    },
    async (request, reply) => ok(reply, await bulk.bulk(request.accountId, request.body as Array<Record<string, unknown>>)),
  );

  app.get(
    '/purchases',
    {
      schema: {
        tags,
        summary: 'List purchases, newest createtime first, by user, invoice_number, branch_name, from/to',
        operationId: 'listPurchases',
        querystring: PurchaseListQuery,
        response: { 200: PurchaseListEnvelope, 400: ErrorResponse('Invalid parameter (named in the message)') },
      },
    },
    async (request, reply) => ok(reply, await reads.list(request.accountId, request.query)),
  );

  // A static segment: the router prefers it to /purchases/:id whatever the order of registration.
  app.get(
    '/purchases/summary',
    {
      schema: {
        tags,
        summary: 'Orders and revenue (sum of prices.total) per day or month (UTC, or of timezone) over a date range, every bucket present',
        operationId: 'getPurchasesSummary',
        querystring: PurchaseSummaryQuery,
        response: {
          200: PurchaseSummaryEnvelope,
          400: ErrorResponse(
            `from or to not a G7 datetime or date, from after to, a range over ${SUMMARY_MAX_BUCKETS.day} days ` +
              `(${SUMMARY_MAX_BUCKETS.month} months with group_by=month), group_by not day or month, or timezone not an IANA zone`,
          ),
        },
      },
    },
    async (request, reply) => ok(reply, await summaries.summary(request.accountId, request.query)),
  );

  app.get(
    '/purchases/:id',
    {
      schema: {
        tags,
        summary: 'Get a purchase by id',
        operationId: 'getPurchase',
        params: PurchaseIdParams,
        response: { 200: PurchaseEnvelope, 404: ErrorResponse('No purchase has that id in this account') },
      },
    },
    async (request, reply) => ok(reply, await reads.get(request.accountId, request.params.id)),
  );

  // The platform's documentation lists PUT /purchases/{id}: S3 for the purchase the id names.
  app.put(
    '/purchases/:id',
    {
      schema: {
        tags,
        summary: 'Replace the purchase with this id (as PUT /purchases: items whole; points move by the difference)',
        operationId: 'replacePurchaseById',
        params: PurchaseIdParams,
        body: PurchaseByIdInput,
        response: {
          200: PurchaseEnvelope,
          400: ErrorResponse('Invalid field (named in the message), an invoice_number other than the purchase\'s, or a points decrease the balance cannot absorb'),
          404: ErrorResponse('code not_found: no purchase has this id; code user_not_found: no user matches the identities'),
        },
      },
      preValidation: dropNestedNulls,
    },
    async (request, reply) => ok(reply, await purchases.replaceById(request.accountId, request.params.id, request.body)),
  );

  app.delete(
    '/purchases/:id',
    {
      schema: {
        tags,
        summary: 'Delete a purchase with its items (points already credited stay)',
        operationId: 'deletePurchase',
        params: PurchaseIdParams,
        response: { 200: PurchaseDeletedEnvelope, 404: ErrorResponse('No purchase has that id in this account') },
      },
    },
    async (request, reply) => {
      await purchases.remove(request.accountId, request.params.id);
      return ok(reply, null);
    },
  );

  app.get(
    '/users/:id/purchases',
    {
      schema: {
        tags,
        summary: 'List one user\'s purchases, newest createtime first',
        operationId: 'listUserPurchases',
        params: UserPurchasesParams,
        querystring: UserPurchasesQuery,
        response: { 200: PurchaseListEnvelope, 404: ErrorResponse('No user has that userapp_id or base64 service_uid') },
      },
    },
    async (request, reply) => ok(reply, await reads.listForUser(request.accountId, request.params.id, request.query)),
  );
}
