import { randomBytes } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';

// Never log a key (header or ?apikey=), a console link's token (?token=, T1), a cookie or a body:
// requests are logged as method, path with those parameters masked, and request id; headers
// (Authorization, Cookie) are not logged at all.

export function maskApiKey(url: string): string {
  return url.replace(/([?&](?:apikey|token)=)[^&#]*/gi, '$1***');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'headers.authorization', 'req.headers.cookie', 'headers.cookie', 'headers["set-cookie"]'], censor: '***' },
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
 * A process's request ids: UUIDs of RFC 9562's version 8 (free-form), 74 bits drawn at random when the
 * process starts and a 48-bit count of its requests. Unique across processes and restarts like
 * random UUIDs, at a fraction of the cost: a random UUID per request took 2-7 % of a cheap read's
 * CPU time (measured side by side at the same time, bench/reads.ts).
 */
export function requestIds(): () => string {
  const random = randomBytes(10).toString('hex');
  const variant = ((parseInt(random[12]!, 16) & 3) | 8).toString(16);
  const prefix = `${random.slice(0, 8)}-${random.slice(8, 12)}-8${random.slice(13, 16)}-${variant}${random.slice(17, 20)}-`;
  let count = 0;
  return () => {
    count += 1;
    return prefix + count.toString(16).padStart(12, '0');
  };
}

const nextRequestId = requestIds();

/**
 * O7: request ids unique across processes and restarts, or the caller's own when sane; the same id is
 * the `X-Request-Id` header, the `reqId` of every log line and the id of a 500.
 */
export function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : nextRequestId();
}
