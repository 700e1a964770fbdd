import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    accountId: number;
  }
}

const BASIC = /^basic\s+(\S+)\s*$/i;

/** G2: `Authorization: Basic <key>` (scheme case-insensitive), or `?apikey=<key>`. */
export function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) return BASIC.exec(header)?.[1];
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.apikey;
  return typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery : undefined;
}

/**
 * Registers the account hook on a scope: every route in it needs a live key. A callback hook, not
 * an async one: when the key cache answers (most requests), the request goes on in the same turn.
 */
export function requireAccount(app: FastifyInstance, accounts: { authenticate(key: string): number | Promise<number | undefined> }): void {
  app.decorateRequest('accountId', 0);
  app.addHook('onRequest', (request, _reply, done) => {
    const key = presentedKey(request);
    if (key === undefined) return done(new ForbiddenError());
    const found = accounts.authenticate(key);
    if (typeof found === 'number') {
      request.accountId = found;
      return done();
    }
    found.then(
      (accountId) => {
        if (accountId === undefined) return done(new ForbiddenError());
        request.accountId = accountId;
        done();
      },
      (error: Error) => done(error),
    );
  });
}
