import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPVersion } from 'find-my-way';
import { isForeignKeyViolation } from '../db/errors.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { elapsed } from './envelope.js';
import { AppError, type ErrorCode } from '../lib/errors.js';
import { describeValidationIssue } from './validation.js';
import { drainUnreadBody } from './unread-body.js';

// G5: every error is the envelope with payload null, a message naming the field and rule, and the
// code for its status. 500s carry an error id that is also in the log, never a stack. O4: errors
// raised before routing (bad URL, over-long path parameter) and by the HTTP parser leave in the
// envelope too.

/** O4: path parameters up to this many characters (after percent-decoding) are routed; longer is 414. */
export const MAX_PARAM_LENGTH = 1024;

/** G5: the `code` of each error status the API answers (500 is `internal_error`). */
export const CODE_FOR_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: 'bad_request',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  503: 'service_unavailable',
};

function envelope(reply: FastifyReply | null, message: string, code: string) {
  return { payload: null, message, code, time: reply ? elapsed(reply) : '0ms' };
}

function send(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).send(envelope(reply, message, code));
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_EMPTY_TYPE':
      return 'unsupported Content-Type: send application/json or application/x-www-form-urlencoded';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'request body exceeds the 1 MiB limit';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'body: malformed JSON';
    default:
      return error.message;
  }
}

/** Every `%` of the path (before the query) starts a well-formed escape `%XX`. */
function wellFormedEscapes(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return !/%(?![0-9A-Fa-f]{2})/.test(path);
}

/**
 * Fastify's `frameworkErrors`: the router's errors, raised before any route (and so before the
 * error handler) is known. A path whose escapes are well formed but whose bytes are not UTF-8 names
 * nothing that can exist: 404, as for a base64 id that decodes to no text (O4).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', String(request.id)); // no hook runs for these replies
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(reply, 414, 'uri_too_long', `path: a path parameter is longer than ${MAX_PARAM_LENGTH} characters`);
  }
  if (error.code === 'FST_ERR_BAD_URL' && wellFormedEscapes(request.raw.url ?? '')) {
    return send(reply, 404, 'not_found', 'path: its percent-escapes do not decode to UTF-8 text, so nothing has this id');
  }
  if (error.code === 'FST_ERR_BAD_URL') return send(reply, 400, 'bad_request', 'path: malformed percent-encoding (use %XX escapes)');
  return send(reply, 400, 'bad_request', error.message);
}

/**
 * Fastify's `clientErrorHandler`: requests the HTTP parser rejects never reach Fastify. They are
 * answered in the envelope on the socket, then the connection closes (it cannot be trusted).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
  const [status, reason, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'the request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'request headers are too large']
        : [400, 'Bad Request', 'malformed HTTP request'];
  const body = JSON.stringify(envelope(null, message, 'bad_request'));
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // O9: an error answered before the body was read to its end (413, 415, a hook's 403) still
    // reaches a client that is writing it: the rest is read and dropped before the connection closes.
    drainUnreadBody(request, reply);
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return send(reply, error.statusCode, error.code, error.message);
    }
    if (error.validation && error.validation.length > 0) {
      return send(reply, 400, 'bad_request', describeValidationIssue(error.validationContext, error.validation[0]!));
    }
    if (error instanceof SyntaxError) return send(reply, 400, 'bad_request', 'body: malformed JSON');
    // The record the request named was deleted while it ran (a customer erased, D1): as if never found.
    if (isForeignKeyViolation(error)) return send(reply, 404, 'not_found', 'a record this request refers to was deleted while it ran');
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      // A status outside G5's list (a plugin's 406, say) is a 400: clients and the OpenAPI
      // document know only those.
      const code = CODE_FOR_STATUS[status];
      return send(reply, code ? status : 400, code ?? 'bad_request', clientMessage(error));
    }
    if (status === 503 || isDatabaseUnavailable(error)) {
      if (status !== 503) request.log.warn({ err: error }, 'database unavailable: answered 503'); // O6: 503, not 500
      if (!reply.hasHeader('retry-after')) reply.header('retry-after', '5');
      return send(reply, 503, 'service_unavailable', 'service temporarily unavailable; retry shortly');
    }
    const errorId = String(request.id);
    request.log.error({ err: error, errorId }, 'unhandled error');
    return send(reply, 500, 'internal_error', `internal error; quote error id ${errorId} when reporting it`);
  });

  // A shadow router of every registered route tells a wrong verb (405 with Allow) from an
  // unknown path (404).
  const known = FindMyWay({ ignoreTrailingSlash: false, maxParamLength: MAX_PARAM_LENGTH });
  const noop = () => {};
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      try {
        known.on(method as 'GET', route.url, noop);
      } catch {
        // already known
      }
    }
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
      (method) => known.find(method as 'GET', path, {} as { version?: HTTPVersion }) !== null,
    );
    // A route of this very method that handed the request over (a static file that is not there)
    // is a plain 404, not a wrong verb.
    const own = request.method === 'HEAD' ? 'GET' : request.method;
    if (allowed.length > 0 && !allowed.includes(own)) {
      reply.header('allow', allowed.join(', '));
      return send(reply, 405, 'method_not_allowed', `method ${request.method} is not allowed on ${path}; use ${allowed.join(', ')}`);
    }
    return send(reply, 404, 'not_found', `no route ${request.method} ${path}`);
  });
}
