import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    accountId: number;
    /** The display prefix of the key that authenticated the request ('' before): the audit log's key_prefix (D7). */
    keyPrefix: string;
  }
}

/** Who holds a live key: what the account hook needs of it (modules/accounts/keys.ts). */
export interface KeyHolder {
  accountId: number;
  /** D8: 'read' keys may only GET and HEAD. */
  scope: 'full' | 'read';
  prefix: string;
}

/** D8: the methods a read-only key may use (OPTIONS: a CORS preflight carries no key anyway). */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const READ_ONLY_MESSAGE = 'this key is read-only';

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
 * Registers the account hook on a scope: every route in it needs a live key, and a read-only key
 * (D8) only reads: any other method is 403 here, before the body is read. A callback hook, not an
 * async one: when the key cache answers (most requests), the request goes on in the same turn.
 */
export function requireAccount(app: FastifyInstance, accounts: { identify(key: string): KeyHolder | Promise<KeyHolder | undefined> }): void {
  app.decorateRequest('accountId', 0);
  app.decorateRequest('keyPrefix', '');
  const admit = (request: FastifyRequest, holder: KeyHolder | undefined, done: (error?: Error) => void) => {
    if (holder === undefined) return done(new ForbiddenError());
    request.accountId = holder.accountId;
    request.keyPrefix = holder.prefix;
    if (holder.scope !== 'full' && !READ_METHODS.has(request.method)) return done(new ForbiddenError(READ_ONLY_MESSAGE));
    done();
  };
  app.addHook('onRequest', (request, _reply, done) => {
    const key = presentedKey(request);
    if (key === undefined) return done(new ForbiddenError());
    const found = accounts.identify(key);
    if (!(found instanceof Promise)) return admit(request, found, done);
    found.then(
      (holder) => admit(request, holder, done),
      (error: Error) => done(error),
    );
  });
}
