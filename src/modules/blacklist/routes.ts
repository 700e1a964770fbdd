import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { DryRunQuery, emptyDryRunIsAbsent, isDryRun } from '../../http/dry-run.js';
import { Type } from 'typebox';
import { ErrorResponse, ok } from '../../http/envelope.js';
import { given } from '../../lib/fields.js';
import { invalidField } from '../../lib/errors.js';
import { toPage } from '../../http/pagination.js';
import { type UploadLimits, acceptMultipart, finishUnreadBody, uploadParts } from './multipart.js';
import { type BlacklistName, isBlacklistName } from './normalise.js';
import {
  CheckEnvelope,
  CheckParams,
  ClearEnvelope,
  ClearSelector,
  ListingEnvelope,
  ListingQuery,
  PutEntryBody,
  UploadEnvelope,
  UploadForm,
} from './schemas.js';
import type { BlacklistService } from './service.js';

type Selector = { blacklist?: BlacklistName; type?: string } | undefined;

/** L5: `blacklist` from the query, then the body; `type` with value email|telephone as an alias. */
function selectedList(...sources: Selector[]): BlacklistName {
  for (const source of sources) if (source?.blacklist) return source.blacklist;
  for (const source of sources) if (isBlacklistName(source?.type)) return source.type;
  throw invalidField('blacklist', 'is required (email or telephone)');
}

export async function blacklistRoutes(scope: FastifyInstance, { service, uploadLimitBytes }: { service: BlacklistService; uploadLimitBytes: number }): Promise<void> {
  // Here, so multipart bodies are understood by this module's routes only.
  acceptMultipart(scope);
  const limits: UploadLimits = { fileSize: uploadLimitBytes, files: 5, fields: 20, fieldSize: 1024, parts: 30 };
  scope.addHook('onSend', finishUnreadBody);
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/account/blacklist',
    {
      schema: {
        tags: ['blacklist'],
        summary: 'Load a blacklist from a CSV file',
        description:
          'multipart/form-data with the parts `file` (CSV, one e-mail or telephone per line), `blacklist` ' +
          '(email|telephone) and `type` (create|delete-create), in any order. The file is streamed, never held ' +
          'in memory; any invalid line rejects the upload with its line number, and nothing changes. ' +
          'With `dry_run=true` in the query (or a `dry_run` part whose value is true) the upload is read and ' +
          'validated as the real one but nothing is written: the payload says how many entries it would delete ' +
          'and add, and lists the invalid lines (the 400 it would answer is in `rejection`).',
        consumes: ['multipart/form-data'],
        querystring: DryRunQuery,
        multipartBody: UploadForm,
        response: { 200: UploadEnvelope },
      },
      preValidation: emptyDryRunIsAbsent,
    },
    async (request, reply) => {
      const result = await service.upload(request.accountId, uploadParts(request, limits), { dryRun: request.query.dry_run === true });
      if ('dry_run' in result) return ok(reply, result);
      request.log.info(result, 'blacklist upload applied');
      return ok(reply, null);
    },
  );

  app.delete(
    '/account/blacklist',
    {
      schema: {
        tags: ['blacklist'],
        summary: 'Empty a blacklist',
        description:
          'Empties the list at once; its entries are deleted in the background. With `dry_run=true` (query or ' +
          'body) nothing changes and the payload says how many entries would be deleted.',
        querystring: ClearSelector,
        body: ClearSelector,
        response: { 200: ClearEnvelope },
      },
      preValidation: [
        // The list name may travel in the query alone: no body is an empty body.
        async (request) => {
          request.body ??= {};
        },
        emptyDryRunIsAbsent,
      ],
    },
    async (request, reply) => {
      const list = selectedList(request.query, request.body);
      if (isDryRun(request)) return ok(reply, await service.clearDryRun(request.accountId, list));
      await service.clear(request.accountId, list);
      return ok(reply, null);
    },
  );

  app.get(
    '/account/blacklist',
    {
      schema: {
        tags: ['blacklist'],
        summary: 'List the entries of a blacklist, in insertion order (or newest first), optionally only those holding a text',
        querystring: ListingQuery,
        response: { 200: ListingEnvelope },
      },
    },
    async (request, reply) => {
      const list = selectedList(request.query);
      const { search, order } = request.query;
      return ok(reply, await service.listEntries(request.accountId, list, toPage(request.query), { search: given(search)?.trim() || undefined, order }));
    },
  );

  app.get(
    '/account/blacklist/:blacklist/:value',
    {
      schema: {
        tags: ['blacklist'],
        summary: 'Tell whether a value (normalised first) is on a blacklist',
        params: CheckParams,
        response: { 200: CheckEnvelope },
      },
    },
    async (request, reply) => {
      const { blacklist, value } = request.params;
      return ok(reply, { blacklisted: await service.check(request.accountId, blacklist, value) });
    },
  );
}

/** L7: one entry at a time, for the people who handle requests (audited, D7; announced, W2). */
export async function blacklistEntryRoutes(scope: FastifyInstance, { service }: { service: BlacklistService }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.put(
    '/account/blacklist/:blacklist/:value',
    {
      schema: {
        tags: ['blacklist'],
        summary: 'Put one value on a blacklist at once (201 added, 200 already there)',
        params: CheckParams,
        body: PutEntryBody,
        response: {
          200: Type.Object(CheckEnvelope.properties, { description: 'Already on the list (its reason unchanged)' }),
          201: Type.Object(CheckEnvelope.properties, { description: 'Added' }),
          400: ErrorResponse('blacklist not email or telephone; value not a valid e-mail address or telephone (L2); reason over 500 characters'),
        },
      },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const { blacklist, value } = request.params;
      const reason = request.body.reason?.trim() || null;
      const added = await service.putOne(request.accountId, blacklist, value, reason);
      return ok(reply.code(added ? 201 : 200), { blacklisted: true });
    },
  );

  app.delete(
    '/account/blacklist/:blacklist/:value',
    {
      schema: {
        tags: ['blacklist'],
        summary: 'Take one value off a blacklist at once',
        params: CheckParams,
        response: {
          200: CheckEnvelope,
          400: ErrorResponse('blacklist not email or telephone'),
          404: ErrorResponse('The value (normalised) is not on the list'),
        },
      },
    },
    async (request, reply) => {
      const { blacklist, value } = request.params;
      await service.removeOne(request.accountId, blacklist, value);
      return ok(reply, { blacklisted: false });
    },
  );
}
