import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';

// Never log a key (header or ?apikey=) or a body: requests are logged as method, path with the
// apikey parameter masked, and request id.

export function maskApiKey(url: string): string {
  return url.replace(/([?&]apikey=)[^&#]*/gi, '$1***');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '***' },
    serializers: {
      req(request: { method: string; url: string; id: string; ip?: string }) {
        return { id: request.id, method: request.method, url: maskApiKey(request.url), ip: request.ip };
      },
    },
  };
}

/** An incoming X-Request-Id is kept when it looks like an id (a proxy's or a client's), else replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

/**
 * O7: request ids unique across processes and restarts (UUIDs), or the caller's own when sane; the
 * same id is the `X-Request-Id` header, the `reqId` of every log line and the id of a 500.
 */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
