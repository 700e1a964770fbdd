import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { invalidField } from '../../http/errors.js';
import { toPage } from '../../http/pagination.js';
import { type UploadLimits, acceptMultipart, finishUnreadBody, uploadParts } from './multipart.js';
import { type BlacklistName, isBlacklistName } from './normalise.js';
import { CheckEnvelope, CheckParams, ListSelector, ListingEnvelope, ListingQuery, NullEnvelope, UploadForm } from './schemas.js';
import { BlacklistService } from './service.js';

type Selector = { blacklist?: BlacklistName; type?: string } | undefined;

/** L5: `blacklist` from the query, then the body; `type` with value email|telephone as an alias. */
function selectedList(...sources: Selector[]): BlacklistName {
  for (const source of sources) if (source?.blacklist) return source.blacklist;
  for (const source of sources) if (isBlacklistName(source?.type)) return source.type;
  throw invalidField('blacklist', 'is required (email or telephone)');
}

export async function blacklistRoutes(app: FastifyInstance, { context }: { context: AppContext }): Promise<void> {
  const service = new BlacklistService(context.db, context.clock, context.config.uploadLimitBytes);
  // Here, so multipart bodies are understood by this module's routes only.
  acceptMultipart(app);
  const limits: UploadLimits = { fileSize: context.config.uploadLimitBytes, files: 5, fields: 20, fieldSize: 1024, parts: 30 };
  app.addHook('onSend', finishUnreadBody);
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/account/blacklist',
    {
      schema: {
        tags: ['blacklist'],
        summary: 'Load a blacklist from a CSV file',
        description:
          'multipart/form-data with the parts `file` (CSV, one e-mail or telephone per line), `blacklist` ' +
          '(email|telephone) and `type` (create|delete-create), in any order. The file is streamed, never held ' +
          'in memory; any invalid line rejects the upload with its line number, and nothing changes.',
        consumes: ['multipart/form-data'],
        multipartBody: UploadForm,
        response: { 200: NullEnvelope },
      },
    },
    async (request, reply) => {
      const result = await service.upload(request.accountId, uploadParts(request, limits));
      request.log.info(result, 'blacklist upload applied');
      return ok(reply, null);
    },
  );

  r.delete(
    '/account/blacklist',
    {
      schema: {
        tags: ['blacklist'],
        summary: 'Empty a blacklist',
        querystring: ListSelector,
        body: ListSelector,
        response: { 200: NullEnvelope },
      },
      // The list name may travel in the query alone: no body is an empty body.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      await service.clear(request.accountId, selectedList(request.query, request.body));
      return ok(reply, null);
    },
  );

  r.get(
    '/account/blacklist',
    {
      schema: {
        tags: ['blacklist'],
        summary: 'List the entries of a blacklist, in insertion order',
        querystring: ListingQuery,
        response: { 200: ListingEnvelope },
      },
    },
    async (request, reply) => {
      const list = selectedList(request.query);
      return ok(reply, await service.listEntries(request.accountId, list, toPage(request.query)));
    },
  );

  r.get(
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
