import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { ErrorEnvelope } from './envelope.js';
import { MAX_PARAM_LENGTH } from './error-handler.js';
import { MAX_JSON_DEPTH } from './validation.js';

// G1, O7: the OpenAPI 3.1 document is generated from the route schemas that validate requests.
// An onRoute hook completes every route generically, so no module can forget it: an operationId,
// tags, and the error responses the route can answer, all pointing at one ErrorEnvelope component.

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Documentation only: the multipart/form-data body of a route that reads its parts itself
     * (the blacklist upload streams its parts), so it has no `body` schema for Fastify to validate.
     */
    multipartBody?: unknown;
  }
}

const API_PREFIX = '/apiv3/';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** D6: the methods an Idempotency-Key applies to (http/idempotency.ts). */
const KEYED_METHODS = new Set(['POST', 'PUT', 'DELETE']);

interface ErrorResponse {
  description: string;
  code: string;
  message: string;
  headers?: Record<string, { description: string; type: string }>;
}

const RETRY_AFTER = { 'retry-after': { description: 'Seconds to wait before retrying', type: 'integer' } };

/** The error statuses of G5 an operation may answer (405 is about a path, not an operation). */
export const ERROR_RESPONSES: Record<number, ErrorResponse> = {
  400: {
    description: 'Invalid input: the message names the field and the rule (also malformed JSON, U+0000 in a string, ' +
      `JSON nested deeper than ${MAX_JSON_DEPTH} levels, a malformed URL, an invalid Idempotency-Key or one already used for another request)`,
    code: 'bad_request',
    message: 'limit: must be <= 100',
  },
  403: {
    description: 'Missing, unknown or revoked API key; or a read-only key on anything but GET and HEAD (D8: message "this key is read-only")',
    code: 'forbidden',
    message: 'invalid or inexistent apikey',
  },
  404: {
    description: 'Not found (also a path id that does not decode to UTF-8 text; a foreign id answers the same)',
    code: 'not_found',
    message: 'user 42 not found',
  },
  409: {
    description: 'Idempotency-Key: the first request with this key is still running (D6); retry after Retry-After seconds',
    code: 'conflict',
    message: 'Idempotency-Key: the first request with this key is still running; retry after Retry-After seconds',
    headers: RETRY_AFTER,
  },
  413: { description: 'Body over the limit (1 MiB for JSON and form bodies)', code: 'payload_too_large', message: 'request body exceeds the 1 MiB limit' },
  414: {
    description: `A path parameter longer than ${MAX_PARAM_LENGTH} characters`,
    code: 'uri_too_long',
    message: `path: a path parameter is longer than ${MAX_PARAM_LENGTH} characters`,
  },
  415: {
    description: 'Unsupported Content-Type',
    code: 'unsupported_media_type',
    message: 'unsupported Content-Type: send application/json or application/x-www-form-urlencoded',
  },
  429: {
    description: 'Rate limit or overload: wait Retry-After seconds',
    code: 'too_many_requests',
    message: 'rate limit of 600 requests per minute exceeded; retry in 12 seconds',
    headers: RETRY_AFTER,
  },
  500: {
    description: 'Unexpected failure; the message carries an error id that is also in the log',
    code: 'internal_error',
    message: 'internal error; quote error id 3f0c5a8e-2b1d-4c8e-9a57-0d3f1b2c4e5f when reporting it',
  },
  503: {
    description: 'Temporarily unavailable (database unreachable, overload, shutting down): retry after Retry-After seconds',
    code: 'service_unavailable',
    message: 'service temporarily unavailable; retry shortly',
    headers: RETRY_AFTER,
  },
};

/** The shared component every error response references. */
export const ERROR_ENVELOPE_ID = 'ErrorEnvelope';

function errorResponseSchema(status: number) {
  const { description, headers } = ERROR_RESPONSES[status]!;
  return { $ref: `${ERROR_ENVELOPE_ID}#`, description, ...(headers ? { headers } : {}) };
}

type Document = { paths?: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, Record<string, unknown>> }> }>> };

/** Gives every error response of the document an example of its envelope (the $ref keeps none). */
function addErrorExamples(document: Document): Document {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const known = ERROR_RESPONSES[Number(status)];
        const media = response.content?.['application/json'];
        if (!known || !media || media.example !== undefined || media.examples !== undefined) continue;
        media.example = { payload: null, message: known.message, code: known.code, time: '1ms' };
      }
    }
  }
  return document;
}

const IDEMPOTENCY_KEY_PARAMETER = 'IdempotencyKey';

/**
 * D6: every POST, PUT and DELETE of the API takes an optional Idempotency-Key header, and a success
 * it answers again carries Idempotent-Replayed. Documentation only: the header is read by
 * http/idempotency.ts, not validated by a route schema (which would cost every request a check).
 */
function addIdempotencyKey(document: Document): Document {
  const doc = document as Document & { components?: { parameters?: Record<string, unknown> } };
  doc.components ??= {};
  doc.components.parameters = {
    ...doc.components.parameters,
    [IDEMPOTENCY_KEY_PARAMETER]: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Makes the request safe to retry (D6): its answer is kept for 24 hours and a retry with the same key, method, path and ' +
        'body gets it again (Idempotent-Replayed: true) without running twice. Another request with the same key: 400; a retry ' +
        'while the first runs: 409. Answers 429, 503 and 5xx are not kept. See docs/idempotency.md.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
      example: '5f0c3b1e-8d2a-4c1f-9b7e-2a6d4e8f1c3b',
    },
  };
  const replayed = {
    description: 'Present (true) when this is the kept answer of an earlier request with the same Idempotency-Key (D6)',
    schema: { type: 'string', enum: ['true'] },
  };
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith(API_PREFIX)) continue;
    for (const [method, operation] of Object.entries(operations) as Array<[string, { parameters?: unknown[]; responses?: Record<string, { headers?: Record<string, unknown> }> }]>) {
      if (!KEYED_METHODS.has(method.toUpperCase())) continue;
      operation.parameters = [...(operation.parameters ?? []), { $ref: `#/components/parameters/${IDEMPOTENCY_KEY_PARAMETER}` }];
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (/^2/.test(status)) operation.responses![status] = { ...response, headers: { ...response.headers, 'Idempotent-Replayed': replayed } };
      }
    }
  }
  return document;
}

function methodsOf(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
}

/** The error statuses a route can answer, from what it is: under the key, with path params, with a body. */
export function errorStatusesFor(method: string, url: string): number[] {
  const underApi = url.startsWith(API_PREFIX);
  const hasParams = /[:*]/.test(url);
  const statuses = [400];
  if (underApi) statuses.push(403);
  if (hasParams) statuses.push(404, 414);
  if (underApi && KEYED_METHODS.has(method)) statuses.push(409);
  if (BODY_METHODS.has(method)) statuses.push(413, 415);
  if (underApi) statuses.push(429);
  statuses.push(500);
  if (underApi) statuses.push(503);
  return statuses;
}

const capitalise = (word: string) => (word ? word[0]!.toUpperCase() + word.slice(1) : '');
const pascal = (text: string) => text.split(/[^A-Za-z0-9]+/).map(capitalise).join('');

/** `GET /apiv3/users/:id/points` -> `getUsersByIdPoints`. */
export function operationIdFor(method: string, url: string): string {
  const path = url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url.replace(/^\//, '');
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment === '*' ? 'ByPath' : segment.startsWith(':') ? `By${pascal(segment.slice(1))}` : pascal(segment)));
  return method.toLowerCase() + words.join('');
}

function firstSegment(url: string): string {
  const path = url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url.replace(/^\//, '');
  return path.split('/')[0] || 'default';
}

/** Completes one route's schema for the document; explicit values always win. */
function completeRoute(route: RouteOptions, usedIds: Set<string>): void {
  const schema = (route.schema ?? {}) as FastifySchema;
  if (schema.hide) return;
  const methods = methodsOf(route).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
  if (methods.length === 0) return;
  const method = methods[0]!;
  let operationId = schema.operationId;
  if (!operationId) {
    const base = operationIdFor(method, route.url);
    operationId = base;
    for (let n = 2; usedIds.has(operationId); n += 1) operationId = `${base}${n}`;
  }
  usedIds.add(operationId);
  const response: Record<string, unknown> = {};
  for (const status of errorStatusesFor(method, route.url)) response[status] = errorResponseSchema(status);
  for (const [status, declared] of Object.entries((schema.response as Record<string, unknown> | undefined) ?? {})) {
    response[status] = isErrorEnvelope(declared) ? sharedErrorEnvelope(Number(status), declared) : declared;
  }
  route.schema = {
    ...schema,
    operationId,
    tags: schema.tags && schema.tags.length > 0 ? schema.tags : [firstSegment(route.url)],
    response,
  };
}

/** A route's own error response in the envelope shape (payload null), e.g. `404: ErrorEnvelope`. */
function isErrorEnvelope(schema: unknown): schema is { description?: string } {
  const payload = (schema as { properties?: { payload?: { type?: unknown } } } | null)?.properties?.payload;
  return payload?.type === 'null';
}

/** A route's own error response, as a reference to the shared component; its description wins. */
function sharedErrorEnvelope(status: number, declared: { description?: string }) {
  const generic = ERROR_RESPONSES[status] ? errorResponseSchema(status) : { $ref: `${ERROR_ENVELOPE_ID}#`, description: 'Error' };
  return declared.description ? { ...generic, description: declared.description } : generic;
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addSchema({
    ...(JSON.parse(JSON.stringify(ErrorEnvelope)) as object),
    $id: ERROR_ENVELOPE_ID,
    title: ERROR_ENVELOPE_ID,
    description: 'Every error: payload null, a message naming the field and the rule, and the code of its status (G5)',
  });
  // Before swagger's own hook, and before any module registers its routes.
  const usedIds = new Set<string>();
  app.addHook('onRoute', (route) => completeRoute(route, usedIds));

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rapport API',
        version: '3',
        description:
          'Customer-engagement platform API. Every response but GET/POST /events is the envelope {payload, message, code, time}; ' +
          'every error is the ErrorEnvelope. A known path with an unsupported method answers 405 method_not_allowed with Allow.',
        // package.json's "UNLICENSED": Rapport is not published under an open licence.
        license: { name: 'Proprietary (UNLICENSED)' },
      },
      // The API serves its own description and every path carries the /apiv3 prefix: the server is
      // the origin the document was fetched from, whatever host name or proxy the client used.
      servers: [{ url: '/', description: 'The origin that served this document' }],
      components: {
        securitySchemes: {
          apiKeyHeader: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Basic <API_KEY> (scheme in any case), or the bare <API_KEY> as the whole value (G2)' },
          apiKeyQuery: { type: 'apiKey', in: 'query', name: 'apikey' },
        },
      },
      security: [{ apiKeyHeader: [] }, { apiKeyQuery: [] }],
    },
    // Shared schemas keep their $id as their component name: #/components/schemas/ErrorEnvelope.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transformObject: (document) => addIdempotencyKey(addErrorExamples((document as { openapiObject: Document }).openapiObject)) as object,
    // A multipart route documents the body it reads part by part.
    transform: ({ schema, url }) => {
      if (!schema?.multipartBody) return { schema, url };
      const { multipartBody, ...rest } = schema;
      return { schema: { ...rest, body: multipartBody, consumes: ['multipart/form-data'] } as typeof schema, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/apiv3/docs' });
  app.get('/apiv3/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
