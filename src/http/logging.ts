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
