import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Envelope, ErrorResponse, ok } from '../../http/envelope.js';
import { UserIdParams } from '../users/schemas.js';
import type { SegmentExport } from './export.js';
import {
  CreateSegmentBody,
  PreviewSegmentBody,
  SegmentCount,
  SegmentDeleted,
  SegmentExportQuery,
  SegmentListQuery,
  SegmentObject,
  SegmentParams,
  SegmentPreview,
  UpdateSegmentBody,
  UserSegment,
} from './schemas.js';
import type { SegmentsService } from './service.js';

const tags = ['segments'];
const notFound = ErrorResponse('No segment has that id or slug');
const badDefinition = ErrorResponse('A field breaks its rule; for the definition, the message names the path of the condition (SG2)');

export async function segmentsRoutes(scope: FastifyInstance, { segments, exports }: { segments: SegmentsService; exports: SegmentExport }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/segments',
    { schema: { tags, summary: 'Create a segment', body: CreateSegmentBody, response: { 201: Envelope(SegmentObject), 400: badDefinition } } },
    async (request, reply) => ok(reply.code(201), await segments.create(request.accountId, request.body)),
  );

  app.get(
    '/segments',
    { schema: { tags, summary: 'List segments in id order', querystring: SegmentListQuery, response: { 200: Envelope(Type.Array(SegmentObject)) } } },
    async (request, reply) => ok(reply, await segments.list(request.accountId, request.query)),
  );

  // Before /segments/:id, which would otherwise take "preview" as an id for other methods.
  app.post(
    '/segments/preview',
    {
      schema: {
        tags,
        summary: 'Count a definition and show its first 10 members, storing nothing',
        body: PreviewSegmentBody,
        response: { 200: Envelope(SegmentPreview), 400: badDefinition },
      },
    },
    async (request, reply) => ok(reply, await segments.preview(request.accountId, request.body.definition)),
  );

  app.get(
    '/segments/:id',
    { schema: { tags, summary: 'Get a segment by id or slug', params: SegmentParams, response: { 200: Envelope(SegmentObject), 404: notFound } } },
    async (request, reply) => ok(reply, await segments.get(request.accountId, request.params.id)),
  );

  app.put(
    '/segments/:id',
    {
      schema: {
        tags,
        summary: 'Change a segment (partial; the slug stays)',
        params: SegmentParams,
        body: UpdateSegmentBody,
        response: { 200: Envelope(SegmentObject), 400: badDefinition, 404: notFound },
      },
    },
    async (request, reply) => ok(reply, await segments.update(request.accountId, request.params.id, request.body)),
  );

  app.delete(
    '/segments/:id',
    {
      schema: {
        tags,
        summary: 'Delete a segment no other segment refers to',
        params: SegmentParams,
        response: { 200: Envelope(SegmentDeleted), 400: ErrorResponse('Other segments refer to it (named in the message)'), 404: notFound },
      },
    },
    async (request, reply) => ok(reply, await segments.remove(request.accountId, request.params.id)),
  );

  app.get(
    '/segments/:id/count',
    { schema: { tags, summary: 'How many customers are members now', params: SegmentParams, response: { 200: Envelope(SegmentCount), 404: notFound } } },
    async (request, reply) => ok(reply, await segments.count(request.accountId, request.params.id)),
  );

  app.get(
    '/segments/:id/export',
    {
      schema: {
        tags,
        summary: 'Every member as CSV or NDJSON, streamed from one snapshot, in userapp_id order',
        params: SegmentParams,
        querystring: SegmentExportQuery,
        response: {
          200: { description: 'text/csv (RFC 4180, header line; with layout=spreadsheet, headers in words and ";" where the locale writes decimal commas) or application/x-ndjson', content: { 'text/csv': { schema: { type: 'string' } }, 'application/x-ndjson': { schema: { type: 'string' } } } },
          400: ErrorResponse('Unknown format, field, layout, timezone or locale (named)'),
          404: notFound,
        },
      },
    },
    async (request, reply) => {
      const file = await exports.export(request.accountId, request.params.id, request.query);
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', `attachment; filename="${file.filename}"`);
      // A stream is sent as it is: no serializer runs on it.
      return reply.send(file.body as never);
    },
  );

  app.get(
    '/users/:id/segments',
    {
      schema: {
        tags,
        summary: 'The segments a user belongs to, in id order',
        params: UserIdParams,
        response: { 200: Envelope(Type.Array(UserSegment)), 404: ErrorResponse('No user has that id') },
      },
    },
    async (request, reply) => ok(reply, await segments.segmentsOfUser(request.accountId, request.params.id)),
  );
}
