import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    accountId: number;
  }
}

const BASIC = /^basic\s+(\S+)\s*$/i;
/** The whole header value is one token: the bare key (the platform's VTEX app sends it so). */
const BARE = /^\s*(\S+)\s*$/;

/**
 * G2: `Authorization: Basic <key>` (scheme case-insensitive), the bare key as the whole header
 * (`Authorization: <key>`), or `?apikey=<key>`. A header with any other scheme (`Bearer <key>`)
 * presents no key, and a header, even a wrong one, wins over the query.
 */
export function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) return BASIC.exec(header)?.[1] ?? BARE.exec(header)?.[1];
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
