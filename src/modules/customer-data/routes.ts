import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { absentBodyIsEmpty } from '../../http/accepted.js';
import { DryRunQuery, emptyDryRunIsAbsent, isDryRun } from '../../http/dry-run.js';
import { ErrorResponse, ok } from '../../http/envelope.js';
import { IdentityQuery, UserIdParams } from '../users/schemas.js';
import type { ErasureService } from './erasure.js';
import type { CustomerExportService } from './export.js';
import {
  BulkEraseBody,
  BulkEraseEnvelope,
  CustomerExportEnvelope,
  ErasedEnvelope,
  ErasureByIdentityQuery,
  ErasureOptions,
  type ExportPartSchemas,
} from './schemas.js';

/** preValidation: `suppress=` (empty, in the query or a form body) is "not given" (G7), as dry_run. */
async function emptySuppressIsAbsent(request: FastifyRequest): Promise<void> {
  for (const part of [request.query, request.body]) {
    if (part !== null && typeof part === 'object' && (part as Record<string, unknown>).suppress === '') delete (part as Record<string, unknown>).suppress;
  }
}

/** D1's options: each true when the query or the body says so. */
function erasureOptions(request: { query: unknown; body: unknown }): { dryRun: boolean; suppress: boolean } {
  const says = (part: unknown) => part !== null && typeof part === 'object' && (part as ErasureOptions).suppress === true;
  return { dryRun: isDryRun(request), suppress: says(request.query) || says(request.body) };
}

export interface CustomerDataServices {
  erasure: ErasureService;
  exports: CustomerExportService;
  /** The schemas of the export's parts owned by modules of this floor (handed in by src/routes.ts). */
  exportParts: ExportPartSchemas;
}

export async function customerDataRoutes(scope: FastifyInstance, { erasure, exports, exportParts }: CustomerDataServices): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['users'];
  const noUser = ErrorResponse('No user matches the first non-empty of service_uid, email, document, telephone');
  const unknownId = ErrorResponse('No user has that userapp_id or base64 service_uid');
  const badOptions = 'dry_run or suppress not true or false';
  const preValidation = [absentBodyIsEmpty, emptyDryRunIsAbsent, emptySuppressIsAbsent];

  // D1, D2: one transaction; with dry_run=true (O8) the counts of what it would delete, nothing changed.
  app.delete(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Erase a customer and every row that refers to it (D1), or with dry_run=true count them; suppress=true also blacklists its e-mail and telephone',
        operationId: 'eraseUser',
        params: UserIdParams,
        querystring: ErasureOptions,
        body: ErasureOptions,
        response: { 200: ErasedEnvelope, 400: ErrorResponse(badOptions), 404: unknownId },
      },
      preValidation,
    },
    async (request, reply) => ok(reply, await erasure.eraseByRef(request.accountId, request.params.id, erasureOptions(request))),
  );

  app.delete(
    '/multiusers',
    {
      schema: {
        tags,
        summary: 'Erase the customer these identities find (D1), or with dry_run=true count what it would delete',
        operationId: 'eraseUserByIdentity',
        querystring: ErasureByIdentityQuery,
        body: ErasureOptions,
        response: {
          200: ErasedEnvelope,
          400: ErrorResponse(`No identity given (service_uid, email, document, telephone), an identity too long, or ${badOptions}`),
          404: noUser,
        },
      },
      preValidation,
    },
    async (request, reply) => {
      const { dry_run: _dryRun, suppress: _suppress, ...identity } = request.query;
      return ok(reply, await erasure.eraseByIdentity(request.accountId, identity, erasureOptions(request)));
    },
  );

  // D4: the members as of now are frozen and erased in the background (K3); with dry_run=true (O8)
  // the same checks run and the answer is D1's counts summed over the members, nothing accepted.
  app.delete(
    '/multiusers/bulk',
    {
      schema: {
        tags,
        summary: 'Erase every member of a segment as D1 does (background request), or with dry_run=true count what it would delete',
        operationId: 'eraseSegmentMembers',
        querystring: DryRunQuery,
        body: BulkEraseBody,
        response: {
          200: BulkEraseEnvelope,
          400: ErrorResponse('segment_id missing or invalid, notify_to not an e-mail address, or dry_run not true or false'),
          404: ErrorResponse('No segment has that segment_id'),
        },
      },
      preValidation: [absentBodyIsEmpty, emptyDryRunIsAbsent],
    },
    async (request, reply) => {
      if (isDryRun(request)) return ok(reply, await erasure.previewBulkErase(request.accountId, request.body));
      return ok(reply, await erasure.bulkErase(request.accountId, request.body));
    },
  );

  const ExportEnvelope = CustomerExportEnvelope(exportParts);

  // D3: every part as its own endpoint answers it, not paginated.
  app.get(
    '/users/:id/export',
    {
      schema: {
        tags,
        summary: 'Everything held about a customer, in one answer (D3)',
        operationId: 'exportUser',
        params: UserIdParams,
        response: { 200: ExportEnvelope, 404: unknownId },
      },
    },
    async (request, reply) => ok(reply, await exports.byRef(request.accountId, request.params.id)),
  );

  app.get(
    '/multiusers/export',
    {
      schema: {
        tags,
        summary: 'Everything held about the customer these identities find, in one answer (D3)',
        operationId: 'exportUserByIdentity',
        querystring: IdentityQuery,
        response: {
          200: ExportEnvelope,
          400: ErrorResponse('No identity given (service_uid, email, document, telephone), or an identity too long'),
          404: noUser,
        },
      },
    },
    async (request, reply) => ok(reply, await exports.byIdentity(request.accountId, request.query)),
  );
}
