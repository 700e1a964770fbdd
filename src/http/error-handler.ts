import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPVersion } from 'find-my-way';
import { elapsed } from './envelope.js';
import { AppError, type ErrorCode } from './errors.js';
import { describeValidationIssue } from './validation.js';

// G5: every error is the envelope with payload null, a message naming the field and rule, and the
// code for its status. 500s carry an error id that is also in the log, never a stack.

const CODE_FOR_STATUS: Record<number, ErrorCode> = {
  400: 'bad_request',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  503: 'service_unavailable',
};

function send(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).send({ payload: null, message, code, time: elapsed(reply) });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported Content-Type: send application/json or application/x-www-form-urlencoded';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'request body exceeds the 1 MiB limit';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'body: malformed JSON';
    default:
      return error.message;
  }
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return send(reply, error.statusCode, error.code, error.message);
    }
    if (error.validation && error.validation.length > 0) {
      return send(reply, 400, 'bad_request', describeValidationIssue(error.validationContext, error.validation[0]!));
    }
    if (error instanceof SyntaxError) return send(reply, 400, 'bad_request', 'body: malformed JSON');
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
      return send(reply, status, CODE_FOR_STATUS[status] ?? 'bad_request', clientMessage(error));
    }
    const errorId = String(request.id);
    request.log.error({ err: error, errorId }, 'unhandled error');
    return send(reply, 500, 'internal_error', `internal error; quote error id ${errorId} when reporting it`);
  });

  // A shadow router of every registered route tells a wrong verb (405 with Allow) from an
  // unknown path (404).
  const known = FindMyWay({ ignoreTrailingSlash: false });
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
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return send(reply, 405, 'method_not_allowed', `method ${request.method} is not allowed on ${path}; use ${allowed.join(', ')}`);
    }
    return send(reply, 404, 'not_found', `no route ${request.method} ${path}`);
  });
}
